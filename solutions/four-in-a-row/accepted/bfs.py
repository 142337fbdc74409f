# Accepted: BFS over (board, side to move) from both first movers at once, boards kept as 16-character strings.
import sys
from collections import deque


def main():
    rows = sys.stdin.read().split()
    start = ''.join(rows[:4])
    lines = [tuple(range(4 * r, 4 * r + 4)) for r in range(4)]
    lines += [tuple(range(c, 16, 4)) for c in range(4)]
    lines += [(0, 5, 10, 15), (3, 6, 9, 12)]

    def won(g):
        for a, b, c, d in lines:
            if g[a] != 'O' and g[a] == g[b] == g[c] == g[d]:
                return True
        return False

    nbrs = []
    for i in range(16):
        r, c = divmod(i, 4)
        nb = []
        if r > 0:
            nb.append(i - 4)
        if r < 3:
            nb.append(i + 4)
        if c > 0:
            nb.append(i - 1)
        if c < 3:
            nb.append(i + 1)
        nbrs.append(nb)

    dist = {(start, 'B'): 0, (start, 'W'): 0}
    q = deque([(start, 'B'), (start, 'W')])
    while q:
        cur = q.popleft()
        g, side = cur
        d = dist[cur]
        if won(g):
            print(d)
            return
        other = 'W' if side == 'B' else 'B'
        for e in range(16):
            if g[e] != 'O':
                continue
            for f in nbrs[e]:
                if g[f] != side:
                    continue
                lst = list(g)
                lst[e], lst[f] = side, 'O'
                nxt = (''.join(lst), other)
                if nxt not in dist:
                    dist[nxt] = d + 1
                    q.append(nxt)
    print(-1)


main()
