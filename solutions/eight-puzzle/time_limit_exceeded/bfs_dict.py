# TLE: a plain BFS per case in Python (boards as strings, a dict of parents, stopping at the target); correct, but a long case visits up to 181,440 boards, and 200 such cases take far too long.
import sys
from collections import deque


def neighbours(b):
    p = b.index("X")
    for name, q, ok in (("d", p + 3, p < 6), ("l", p - 1, p % 3 > 0), ("r", p + 1, p % 3 < 2), ("u", p - 3, p >= 3)):
        if ok:
            s = list(b)
            s[p], s[q] = s[q], s[p]
            yield name, "".join(s)


def solve(start, target):
    parent = {start: None}
    queue = deque([start])
    while queue:
        b = queue.popleft()
        if b == target:
            break
        for name, n in neighbours(b):
            if n not in parent:
                parent[n] = (b, name)
                queue.append(n)
    path = []
    b = target
    while parent[b] is not None:
        b, name = parent[b]
        path.append(name)
    return "".join(reversed(path))


def main():
    data = sys.stdin.read().split()
    t = int(data[0])
    out = []
    for c in range(1, t + 1):
        p = solve(data[2 * c - 1], data[2 * c])
        out.append("Case %d: %d\n%s" % (c, len(p), p))
    print("\n".join(out))


main()
