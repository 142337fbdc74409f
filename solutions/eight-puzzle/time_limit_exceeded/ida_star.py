# TLE: a correct textbook IDA* with the Manhattan bound, written in Python, that sums the bound
# afresh at every node: a few hundred thousand recursive calls per hard case, each summing nine
# distances, are far too slow for 200 such cases (at least 3x the limit; summing it incrementally
# left it at 1.5x on a fast machine, too near the verifier's margin).
import sys


def main():
    data = sys.stdin.read().split()
    t = int(data[0])
    man = [[abs(a // 3 - b // 3) + abs(a % 3 - b % 3) for b in range(9)] for a in range(9)]
    moves = [("d", 3), ("l", -1), ("r", 1), ("u", -3)]
    legal = [[(n, d) for n, d in moves
              if not (n == "d" and p >= 6 or n == "u" and p < 3 or n == "l" and p % 3 == 0 or n == "r" and p % 3 == 2)]
             for p in range(9)]
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
            if h == 0:
                return -1
            best = 1 << 30
            for name, d in legal[blank]:
                if d == -prev:
                    continue
                nb = blank + d
                tile = board[nb]
                board[blank], board[nb] = tile, "X"
                nh = sum(man[i][goal[ch]] for i, ch in enumerate(board) if ch != "X")
                path.append(name)
                r = dfs(g + 1, nh, bound, nb, d)
                if r == -1:
                    return -1
                if r < best:
                    best = r
                path.pop()
                board[blank], board[nb] = "X", tile
            return best

        bound = h0
        while True:
            r = dfs(0, h0, bound, board.index("X"), 0)
            if r == -1:
                break
            bound = r
        out.append("Case %d: %d" % (c, len(path)))
        out.append("".join(path))
    print("\n".join(out))


main()
