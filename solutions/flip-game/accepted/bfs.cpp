// Accepted: BFS over the 2^16 bit-encoded boards, a round being an XOR with a precomputed mask.
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

int main() {
    unsigned start = 0;
    for (int r = 0; r < 4; r++) {
        std::string s;
        std::cin >> s;
        for (int c = 0; c < 4; c++)
            if (s[c] == 'b') start |= 1u << (r * 4 + c);
    }
    unsigned mask[16];
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++) {
            unsigned m = 1u << (r * 4 + c);
            if (r > 0) m |= 1u << ((r - 1) * 4 + c);
            if (r < 3) m |= 1u << ((r + 1) * 4 + c);
            if (c > 0) m |= 1u << (r * 4 + c - 1);
            if (c < 3) m |= 1u << (r * 4 + c + 1);
            mask[r * 4 + c] = m;
        }
    static signed char dist[1 << 16];
    static unsigned short q[1 << 16];
    memset(dist, -1, sizeof dist);
    int head = 0, tail = 0;
    dist[start] = 0;
    q[tail++] = start;
    while (head < tail) {
        unsigned cur = q[head++];
        if (cur == 0 || cur == 0xFFFF) {
            printf("%d\n", dist[cur]);
            return 0;
        }
        for (int i = 0; i < 16; i++) {
            unsigned nxt = cur ^ mask[i];
            if (dist[nxt] < 0) {
                dist[nxt] = dist[cur] + 1;
                q[tail++] = nxt;
            }
        }
    }
    printf("Impossible\n");
    return 0;
}
