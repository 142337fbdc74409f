# WA: BFS from both first movers, but the goal test only looks at rows and columns and forgets the two diagonals.
import sys
from collections import deque

rows = sys.stdin.read().split()
start = ''.join(rows[:4])


def won(g):
    for i in range(4):
        row = g[4 * i:4 * i + 4]
        col = g[i::4]
        if row[0] != 'O' and row.count(row[0]) == 4:
            return True
        if col[0] != 'O' and col.count(col[0]) == 4:
            return True
    return False


dist = {(start, 'B'): 0, (start, 'W'): 0}
q = deque([(start, 'B'), (start, 'W')])
ans = -1
while q:
    g, side = q.popleft()
    d = dist[(g, side)]
    if won(g):
        ans = d
        break
    other = 'W' if side == 'B' else 'B'
    for e in range(16):
        if g[e] != 'O':
            continue
        r, c = divmod(e, 4)
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < 4 and 0 <= nc < 4 and g[nr * 4 + nc] == side:
                lst = list(g)
                lst[e], lst[nr * 4 + nc] = side, 'O'
                nxt = (''.join(lst), other)
                if nxt not in dist:
                    dist[nxt] = d + 1
                    q.append(nxt)
print(ans)
