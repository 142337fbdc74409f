# WA: IDA* with the Manhattan bound that tests for the target only after making a move, so a case whose start already is the target gets a 12-move round trip instead of 0 moves.
import sys


def main():
    data = sys.stdin.read().split()
    t = int(data[0])
    man = [[abs(a // 3 - b // 3) + abs(a % 3 - b % 3) for b in range(9)] for a in range(9)]
    moves = [("d", 3), ("l", -1), ("r", 1), ("u", -3)]
    opposite = {"d": "u", "u": "d", "l": "r", "r": "l", "": ""}
    out = []
    for c in range(1, t + 1):
        start, target = data[2 * c - 1], data[2 * c]
        goal = {ch: i for i, ch in enumerate(target)}
        board = list(start)
        h0 = sum(man[i][goal[ch]] for i, ch in enumerate(board) if ch != "X")
        path = []

        def dfs(g, h, bound, blank, prev):
            f = g + h
            if f > bound:
                return f
            best = 1 << 30
            for name, d in moves:
                if name == opposite[prev]:
                    continue
                if name == "d" and blank >= 6 or name == "u" and blank < 3:
                    continue
                if name == "l" and blank % 3 == 0 or name == "r" and blank % 3 == 2:
                    continue
                nb = blank + d
                tile = board[nb]
                nh = h - man[nb][goal[tile]] + man[blank][goal[tile]]
                board[blank], board[nb] = tile, "X"
                path.append(name)
                if nh == 0:
                    return -1
                r = dfs(g + 1, nh, bound, nb, name)
                if r == -1:
                    return -1
                best = min(best, r)
                path.pop()
                board[blank], board[nb] = "X", tile
            return best

        bound = h0
        while True:
            r = dfs(0, h0, bound, board.index("X"), "")
            if r == -1:
                break
            bound = r
        out.append("Case %d: %d" % (c, len(path)))
        out.append("".join(path))
    print("\n".join(out))


main()
