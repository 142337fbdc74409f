// Accepted: BFS over the C(24,8) placements of eight equal pieces (moves to bring them all into the centre), then the smallest string letter by letter.
#include <cstdint>
#include <cstdio>
#include <vector>

static const int lines[8][7] = {
    {0, 2, 6, 11, 15, 20, 22}, {1, 3, 8, 12, 17, 21, 23}, {10, 9, 8, 7, 6, 5, 4},
    {19, 18, 17, 16, 15, 14, 13}, {23, 21, 17, 12, 8, 3, 1}, {22, 20, 15, 11, 6, 2, 0},
    {13, 14, 15, 16, 17, 18, 19}, {4, 5, 6, 7, 8, 9, 10}};
static const uint32_t CENTRE = 1u << 6 | 1u << 7 | 1u << 8 | 1u << 11 | 1u << 12 | 1u << 15 | 1u << 16 | 1u << 17;

static uint32_t byteMove[8][3][256];
static int8_t dist[1 << 24];
static uint8_t seen[1 << 21];

static inline uint32_t apply(int m, uint32_t s) {
    return byteMove[m][0][s & 255] | byteMove[m][1][s >> 8 & 255] | byteMove[m][2][s >> 16];
}

static inline int best(const uint32_t *mk) {
    int d = dist[mk[1]];
    if (dist[mk[2]] < d) d = dist[mk[2]];
    if (dist[mk[3]] < d) d = dist[mk[3]];
    return d;
}

int main() {
    for (int m = 0; m < 8; m++) {
        int dest[24];
        for (int i = 0; i < 24; i++) dest[i] = i;
        for (int i = 0; i < 7; i++) dest[lines[m][(i + 1) % 7]] = lines[m][i];
        for (int k = 0; k < 3; k++)
            for (int x = 0; x < 256; x++) {
                uint32_t r = 0;
                for (int j = 0; j < 8; j++)
                    if (x >> j & 1) r |= 1u << dest[8 * k + j];
                byteMove[m][k][x] = r;
            }
    }
    std::vector<uint32_t> q;
    q.reserve(735471);
    q.push_back(CENTRE);
    seen[CENTRE >> 3] |= 1 << (CENTRE & 7);
    for (size_t h = 0; h < q.size(); h++) {
        uint32_t s = q[h];
        int8_t d = dist[s] + 1;
        for (int m = 0; m < 8; m++) {
            uint32_t t = apply(m, s);
            if (!(seen[t >> 3] >> (t & 7) & 1)) {
                seen[t >> 3] |= 1 << (t & 7);
                dist[t] = d;
                q.push_back(t);
            }
        }
    }
    int v;
    while (scanf("%d", &v) == 1 && v != 0) {
        uint32_t mk[4] = {0, 0, 0, 0};
        mk[v] |= 1;
        for (int i = 1; i < 24; i++) {
            int x;
            scanf("%d", &x);
            mk[x] |= 1u << i;
        }
        int need = best(mk);
        if (need == 0) puts("No moves needed");
        char path[32];
        int len = 0;
        while (need > 0) {
            for (int m = 0; m < 8; m++) {
                uint32_t nx[4] = {0, apply(m, mk[1]), apply(m, mk[2]), apply(m, mk[3])};
                if (best(nx) == need - 1) {
                    for (int c = 1; c <= 3; c++) mk[c] = nx[c];
                    path[len++] = 'A' + m;
                    need--;
                    break;
                }
            }
        }
        if (len > 0) {
            path[len] = 0;
            puts(path);
        }
        for (int c = 1; c <= 3; c++)
            if (mk[c] == CENTRE) printf("%d\n", c);
    }
}
