# WA: treats the board as a flat list of 16 squares and flips i-1 and i+1 without checking the row ends, so a flip at a row's edge wraps into the neighbouring row.
import sys
from collections import deque

rows = sys.stdin.read().split()
cells = ''.join(rows[:4])
start = 0
for i, ch in enumerate(cells):
    if ch == 'b':
        start |= 1 << i

masks = []
for i in range(16):
    m = 0
    for j in (i, i - 1, i + 1, i - 4, i + 4):
        if 0 <= j < 16:
            m |= 1 << j
    masks.append(m)

dist = {start: 0}
q = deque([start])
ans = None
while q:
    cur = q.popleft()
    if cur == 0 or cur == 0xFFFF:
        ans = dist[cur]
        break
    for m in masks:
        nxt = cur ^ m
        if nxt not in dist:
            dist[nxt] = dist[cur] + 1
            q.append(nxt)
print("Impossible" if ans is None else ans)
