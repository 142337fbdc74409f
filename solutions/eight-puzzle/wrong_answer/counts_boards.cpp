// WA: BFS per case that numbers the start board 1 (so 0 can mean "unseen") and prints that number for the target: the move count is one too high.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>
#include <algorithm>

static const int fact[9] = {1, 1, 2, 6, 24, 120, 720, 5040, 40320};
static int depthOf[362880], parOf[362880];
static char moveOf[362880];

static int rankOf(const char *b) {
    int r = 0;
    for (int i = 0; i < 9; i++) {
        int c = 0;
        for (int j = i + 1; j < 9; j++)
            if (b[j] < b[i]) c++;
        r += c * fact[8 - i];
    }
    return r;
}

int main() {
    const int step[4] = {3, -1, 1, -3};
    const char name[4] = {'d', 'l', 'r', 'u'};
    int t;
    if (scanf("%d", &t) != 1) return 0;
    for (int c = 1; c <= t; c++) {
        char s[16], g[16];
        if (scanf("%15s %15s", s, g) != 2) return 0;
        for (int i = 0; i < 9; i++) {
            if (s[i] == 'X') s[i] = '0';
            if (g[i] == 'X') g[i] = '0';
        }
        memset(depthOf, 0, sizeof depthOf);
        int rs = rankOf(s), rt = rankOf(g);
        std::vector<std::string> q{std::string(s, 9)};
        depthOf[rs] = 1;
        for (size_t h = 0; h < q.size() && !depthOf[rt]; h++) {
            std::string b = q[h];
            int rb = rankOf(b.c_str());
            int p = int(b.find('0'));
            for (int m = 0; m < 4; m++) {
                if ((m == 0 && p >= 6) || (m == 1 && p % 3 == 0) || (m == 2 && p % 3 == 2) || (m == 3 && p < 3)) continue;
                std::string n = b;
                std::swap(n[p], n[p + step[m]]);
                int rn = rankOf(n.c_str());
                if (!depthOf[rn]) {
                    depthOf[rn] = depthOf[rb] + 1;
                    parOf[rn] = rb;
                    moveOf[rn] = name[m];
                    q.push_back(n);
                }
            }
        }
        std::string path;
        for (int r = rt; r != rs; r = parOf[r]) path += moveOf[r];
        std::reverse(path.begin(), path.end());
        printf("Case %d: %d\n%s\n", c, depthOf[rt], path.c_str());
    }
    return 0;
}
