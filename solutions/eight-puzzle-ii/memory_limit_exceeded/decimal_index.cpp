// MLE: BFS per case (d,l,r,u order, so the answers are right) that indexes its parent table by the board read as a 9-digit number (X as 0): a 1,000,000,000-byte array, cleared for every case.
// The table is prefaulted (MADV_POPULATE_WRITE) before the first clear, which writes all of it anyway: the kernel
// then maps it in one call instead of one page fault per 4 KiB, so the memory limit is hit in a few milliseconds
// rather than after most of a second of page faults, and the verdict is MLE on any machine, never TLE.
#include <cstdio>
#include <cstring>
#include <queue>
#include <string>
#include <algorithm>
#include <sys/mman.h>

alignas(4096) static char par[1000000000]; // move that first reached the board, 0 = unseen

static int encode(const char *b) {
    int v = 0;
    for (int i = 0; i < 9; i++) v = v * 10 + (b[i] == 'X' ? 0 : b[i] - '0');
    return v;
}

static void decode(int v, char *b) {
    for (int i = 8; i >= 0; i--) {
        int d = v % 10;
        v /= 10;
        b[i] = d == 0 ? 'X' : char('0' + d);
    }
}

int main() {
    const int step[4] = {3, -1, 1, -3};
    const char name[4] = {'d', 'l', 'r', 'u'};
    int t;
    if (scanf("%d", &t) != 1) return 0;
    madvise(par, sizeof par, MADV_POPULATE_WRITE);
    for (int c = 1; c <= t; c++) {
        char s[16], g[16];
        if (scanf("%15s %15s", s, g) != 2) return 0;
        memset(par, 0, sizeof par);
        int start = encode(s), goal = encode(g);
        par[start] = 'S';
        std::queue<int> q;
        q.push(start);
        while (!q.empty() && par[goal] == 0) {
            int v = q.front();
            q.pop();
            char b[10];
            decode(v, b);
            int p = int(strchr(b, 'X') - b);
            for (int m = 0; m < 4; m++) {
                if ((m == 0 && p >= 6) || (m == 1 && p % 3 == 0) || (m == 2 && p % 3 == 2) || (m == 3 && p < 3)) continue;
                char n[10];
                memcpy(n, b, 10);
                std::swap(n[p], n[p + step[m]]);
                int w = encode(n);
                if (!par[w]) {
                    par[w] = name[m];
                    q.push(w);
                }
            }
        }
        std::string path;
        char b[10];
        for (int v = goal; v != start;) {
            char m = par[v];
            path += m;
            decode(v, b);
            int p = int(strchr(b, 'X') - b);
            int back = m == 'd' ? -3 : m == 'u' ? 3 : m == 'l' ? 1 : -1;
            std::swap(b[p], b[p + back]);
            v = encode(b);
        }
        std::reverse(path.begin(), path.end());
        printf("Case %d: %d\n%s\n", c, (int)path.size(), path.c_str());
    }
    return 0;
}
