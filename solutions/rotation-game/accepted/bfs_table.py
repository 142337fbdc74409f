# Accepted: BFS over the C(24,8) placements of eight equal pieces (moves to bring them into the centre), then the smallest string letter by letter.
import sys


def main():
    lines = [
        (0, 2, 6, 11, 15, 20, 22), (1, 3, 8, 12, 17, 21, 23), (10, 9, 8, 7, 6, 5, 4),
        (19, 18, 17, 16, 15, 14, 13), (23, 21, 17, 12, 8, 3, 1), (22, 20, 15, 11, 6, 2, 0),
        (13, 14, 15, 16, 17, 18, 19), (4, 5, 6, 7, 8, 9, 10),
    ]
    centre = 0
    for c in (6, 7, 8, 11, 12, 15, 16, 17):
        centre |= 1 << c
    # tables[m] = (t0, t1, t2): image of each byte of a placement mask under move m
    tables = []
    for l in lines:
        dest = list(range(24))
        for i in range(7):
            dest[l[(i + 1) % 7]] = l[i]
        tb = []
        for k in range(3):
            t = [0] * 256
            for x in range(256):
                r = 0
                for j in range(8):
                    if x >> j & 1:
                        r |= 1 << dest[8 * k + j]
                t[x] = r
            tb.append(t)
        tables.append(tb)

    dist = bytearray(b'\xff') * (1 << 24)
    dist[centre] = 0
    frontier = [centre]
    d = 0
    while frontier:
        d += 1
        nxt = []
        push = nxt.append
        for t0, t1, t2 in tables:
            for s in frontier:
                u = t0[s & 255] | t1[s >> 8 & 255] | t2[s >> 16]
                if dist[u] == 255:
                    dist[u] = d
                    push(u)
        frontier = nxt

    data = sys.stdin.buffer.read().split()
    out = []
    pos = 0
    while data[pos] != b'0':
        mk = [0, 0, 0, 0]
        for i in range(24):
            mk[data[pos + i][0] - 48] |= 1 << i
        pos += 24
        need = min(dist[mk[1]], dist[mk[2]], dist[mk[3]])
        if need == 0:
            out.append("No moves needed")
        path = []
        while need > 0:
            for m in range(8):
                t0, t1, t2 = tables[m]
                nx = [0] + [t0[s & 255] | t1[s >> 8 & 255] | t2[s >> 16] for s in mk[1:]]
                if min(dist[nx[1]], dist[nx[2]], dist[nx[3]]) == need - 1:
                    mk = nx
                    path.append("ABCDEFGH"[m])
                    need -= 1
                    break
        if path:
            out.append("".join(path))
        for c in (1, 2, 3):
            if mk[c] == centre:
                out.append(str(c))
    sys.stdout.write("\n".join(out) + "\n")


main()
