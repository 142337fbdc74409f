# WA: IDA* with the Manhattan bound, but each letter is printed as the direction the TILE slides (the tile below the blank slides up, so X goes down but 'u' is printed): every letter is the opposite of the right one.
import sys


def main():
    data = sys.stdin.read().split()
    t = int(data[0])
    man = [[abs(a // 3 - b // 3) + abs(a % 3 - b % 3) for b in range(9)] for a in range(9)]
    # (letter printed, step of the blank, test that the blank may move)
    moves = [
        ("u", 3, lambda p: p < 6),
        ("r", -1, lambda p: p % 3 > 0),
        ("l", 1, lambda p: p % 3 < 2),
        ("d", -3, lambda p: p >= 3),
    ]
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
            for name, d, ok in moves:
                if d == -prev or not ok(blank):
                    continue
                nb = blank + d
                tile = board[nb]
                nh = h - man[nb][goal[tile]] + man[blank][goal[tile]]
                board[blank], board[nb] = tile, "X"
                path.append(name)
                r = dfs(g + 1, nh, bound, nb, d)
                if r == -1:
                    return -1
                best = min(best, r)
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
