// Accepted: IDA* with the Manhattan bound per case, never undoing the previous move; moves tried in r,u,l,d order (any shortest path is accepted here).
#include <cstdio>
#include <cstdlib>
#include <cstring>

static int board[9], goalPos[9], man[9][9];
static char path[64];
static int found;
static const int step[4] = {1, -3, -1, 3};
static const char name[4] = {'r', 'u', 'l', 'd'};

static bool canMove(int b, int m) {
    switch (m) {
    case 0: return b % 3 < 2;
    case 1: return b >= 3;
    case 2: return b % 3 > 0;
    default: return b < 6;
    }
}

static bool dfs(int g, int h, int bound, int blank, int prev, int &next) {
    int f = g + h;
    if (f > bound) {
        if (f < next) next = f;
        return false;
    }
    if (h == 0) {
        found = g;
        return true;
    }
    for (int m = 0; m < 4; m++) {
        if ((m ^ 2) == prev || !canMove(blank, m)) continue; // r<->l, u<->d
        int nb = blank + step[m];
        int tile = board[nb];
        int nh = h - man[nb][goalPos[tile]] + man[blank][goalPos[tile]];
        board[blank] = tile;
        board[nb] = 0;
        path[g] = name[m];
        if (dfs(g + 1, nh, bound, nb, m, next)) return true;
        board[blank] = 0;
        board[nb] = tile;
    }
    return false;
}

int main() {
    for (int a = 0; a < 9; a++)
        for (int b = 0; b < 9; b++) man[a][b] = abs(a / 3 - b / 3) + abs(a % 3 - b % 3);
    int t;
    if (scanf("%d", &t) != 1) return 0;
    for (int c = 1; c <= t; c++) {
        char s[16], g[16];
        if (scanf("%15s %15s", s, g) != 2) return 0;
        for (int i = 0; i < 9; i++)
            if (g[i] != 'X') goalPos[g[i] - '0'] = i;
        int blank = 0, h = 0;
        for (int i = 0; i < 9; i++) {
            if (s[i] == 'X') {
                board[i] = 0;
                blank = i;
            } else {
                board[i] = s[i] - '0';
                h += man[i][goalPos[board[i]]];
            }
        }
        for (int bound = h;;) {
            int next = 1 << 30;
            if (dfs(0, h, bound, blank, 4, next)) break; // prev 4: no previous move
            bound = next;
        }
        path[found] = 0;
        printf("Case %d: %d\n%s\n", c, found, path);
    }
    return 0;
}
