// WA: iterative deepening that always lets W move first (reads "either side may move first" as "white starts").
#include <bits/stdc++.h>
using namespace std;

char g[4][5];
int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};

bool line4(char a, char b, char c, char d) { return a != 'O' && a == b && b == c && c == d; }

bool won() {
    for (int i = 0; i < 4; i++) {
        if (line4(g[i][0], g[i][1], g[i][2], g[i][3])) return true;
        if (line4(g[0][i], g[1][i], g[2][i], g[3][i])) return true;
    }
    return line4(g[0][0], g[1][1], g[2][2], g[3][3]) || line4(g[0][3], g[1][2], g[2][1], g[3][0]);
}

bool dfs(int depth, int limit, char side) {
    if (won()) return true;
    if (depth == limit) return false;
    char other = side == 'B' ? 'W' : 'B';
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++) {
            if (g[r][c] != 'O') continue;
            for (int k = 0; k < 4; k++) {
                int nr = r + dr[k], nc = c + dc[k];
                if (nr < 0 || nr >= 4 || nc < 0 || nc >= 4 || g[nr][nc] != side) continue;
                swap(g[r][c], g[nr][nc]);
                bool ok = dfs(depth + 1, limit, other);
                swap(g[r][c], g[nr][nc]);
                if (ok) return true;
            }
        }
    return false;
}

int main() {
    for (int i = 0; i < 4; i++) scanf("%4s", g[i]);
    for (int limit = 0; limit <= 20; limit++)
        if (dfs(0, limit, 'W')) {
            printf("%d\n", limit);
            return 0;
        }
    printf("-1\n");
    return 0;
}
