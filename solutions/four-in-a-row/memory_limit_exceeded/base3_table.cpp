// MLE: BFS with a direct-address distance table indexed by the board read as a base-3 number and the side to move: 2 * 3^16 ints = 344 MB.
// The table is prefaulted (MADV_POPULATE_WRITE) before the memset that writes all of it anyway: the kernel then maps
// it in one call instead of one page fault per 4 KiB, so the memory limit is hit in a few milliseconds rather than
// after most of a second of page faults, and the verdict is MLE on any machine, never TLE.
#include <bits/stdc++.h>
#include <sys/mman.h>
using namespace std;

const int P = 43046721;  // 3^16
alignas(4096) static int dist_[2][P];

int code(const string& g) {
    int x = 0;
    for (char ch : g) x = x * 3 + (ch == 'O' ? 0 : ch == 'B' ? 1 : 2);
    return x;
}

bool won(const string& g) {
    static const int L[10][4] = {{0, 1, 2, 3},   {4, 5, 6, 7},   {8, 9, 10, 11}, {12, 13, 14, 15}, {0, 4, 8, 12},
                                 {1, 5, 9, 13},  {2, 6, 10, 14}, {3, 7, 11, 15}, {0, 5, 10, 15},   {3, 6, 9, 12}};
    for (auto& l : L)
        if (g[l[0]] != 'O' && g[l[0]] == g[l[1]] && g[l[1]] == g[l[2]] && g[l[2]] == g[l[3]]) return true;
    return false;
}

int main() {
    string g, s;
    for (int i = 0; i < 4; i++) {
        cin >> s;
        g += s;
    }
    madvise(dist_, sizeof dist_, MADV_POPULATE_WRITE);
    memset(dist_, -1, sizeof dist_);
    queue<pair<string, int>> q;
    for (int side = 0; side < 2; side++) {
        dist_[side][code(g)] = 0;
        q.push({g, side});
    }
    while (!q.empty()) {
        auto [cur, side] = q.front();
        q.pop();
        int d = dist_[side][code(cur)];
        if (won(cur)) {
            printf("%d\n", d);
            return 0;
        }
        char me = side == 0 ? 'B' : 'W';
        for (int e = 0; e < 16; e++) {
            if (cur[e] != 'O') continue;
            int r = e / 4, c = e % 4;
            int nb[4] = {r > 0 ? e - 4 : -1, r < 3 ? e + 4 : -1, c > 0 ? e - 1 : -1, c < 3 ? e + 1 : -1};
            for (int f : nb) {
                if (f < 0 || cur[f] != me) continue;
                string nxt = cur;
                swap(nxt[e], nxt[f]);
                int k = code(nxt);
                if (dist_[1 - side][k] < 0) {
                    dist_[1 - side][k] = d + 1;
                    q.push({nxt, 1 - side});
                }
            }
        }
    }
    printf("-1\n");
    return 0;
}
