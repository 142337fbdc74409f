# RE: BFS from both one-colour boards fills a dict of distances, then looks the input board up directly -- KeyError for a board that cannot be solved.
import sys
from collections import deque

rows = sys.stdin.read().split()
board = 0
for r in range(4):
    for c in range(4):
        if rows[r][c] == 'b':
            board |= 1 << (r * 4 + c)

masks = []
for r in range(4):
    for c in range(4):
        m = 1 << (r * 4 + c)
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < 4 and 0 <= nc < 4:
                m |= 1 << (nr * 4 + nc)
        masks.append(m)

dist = {0: 0, 0xFFFF: 0}
q = deque([0, 0xFFFF])
while q:
    cur = q.popleft()
    for m in masks:
        nxt = cur ^ m
        if nxt not in dist:
            dist[nxt] = dist[cur] + 1
            q.append(nxt)

print(dist[board])
