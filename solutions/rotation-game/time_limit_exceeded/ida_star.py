# TLE: the textbook IDA* (bound 8 minus the most frequent centre value, no undo, moves A..H) is correct, but far too slow in Python for 13-move boards.
import sys

LINES = [
    (0, 2, 6, 11, 15, 20, 22), (1, 3, 8, 12, 17, 21, 23), (10, 9, 8, 7, 6, 5, 4),
    (19, 18, 17, 16, 15, 14, 13), (23, 21, 17, 12, 8, 3, 1), (22, 20, 15, 11, 6, 2, 0),
    (13, 14, 15, 16, 17, 18, 19), (4, 5, 6, 7, 8, 9, 10),
]
OPPOSITE = [5, 4, 7, 6, 1, 0, 3, 2]
CENTRE = (6, 7, 8, 11, 12, 15, 16, 17)


def move(b, m):
    l = LINES[m]
    first = b[l[0]]
    for i in range(6):
        b[l[i]] = b[l[i + 1]]
    b[l[6]] = first


def need(b):
    c = [0, 0, 0, 0]
    for x in CENTRE:
        c[b[x]] += 1
    return 8 - max(c[1], c[2], c[3])


def dfs(b, path, limit, back):
    h = need(b)
    if h == 0:
        return True
    if len(path) + h > limit:
        return False
    for m in range(8):
        if m == back:
            continue
        move(b, m)
        path.append(m)
        if dfs(b, path, limit, OPPOSITE[m]):
            return True
        path.pop()
        move(b, OPPOSITE[m])
    return False


def main():
    data = sys.stdin.read().split()
    out = []
    pos = 0
    while data[pos] != "0":
        b = [int(x) for x in data[pos:pos + 24]]
        pos += 24
        if need(b) == 0:
            out.append("No moves needed")
        else:
            limit = need(b)
            path = []
            while not dfs(b, path, limit, -1):
                limit += 1
            out.append("".join("ABCDEFGH"[m] for m in path))
        out.append(str(b[6]))
    print("\n".join(out))


main()
