# Accepted: BFS over bit-encoded boards (XOR with a precomputed mask per square), stopping at the first one-colour board.
import sys
from collections import deque


def main():
    rows = sys.stdin.read().split()
    start = 0
    for r in range(4):
        for c in range(4):
            if rows[r][c] == 'b':
                start |= 1 << (r * 4 + c)
    masks = []
    for r in range(4):
        for c in range(4):
            m = 1 << (r * 4 + c)
            if r > 0:
                m |= 1 << ((r - 1) * 4 + c)
            if r < 3:
                m |= 1 << ((r + 1) * 4 + c)
            if c > 0:
                m |= 1 << (r * 4 + c - 1)
            if c < 3:
                m |= 1 << (r * 4 + c + 1)
            masks.append(m)
    dist = {start: 0}
    q = deque([start])
    while q:
        cur = q.popleft()
        if cur == 0 or cur == 0xFFFF:
            print(dist[cur])
            return
        d = dist[cur] + 1
        for m in masks:
            nxt = cur ^ m
            if nxt not in dist:
                dist[nxt] = d
                q.append(nxt)
    print("Impossible")


main()
