// TLE: iterative deepening without any lower bound (IDA* with the Manhattan bound left out): correct and alphabetically smallest, but the search tree grows like 1.7^depth and explodes on long cases.
#include <cstdio>
#include <cstring>

static char board[10], target[10], path[64];
static const int step[4] = {3, -1, 1, -3};
static const char name[4] = {'d', 'l', 'r', 'u'};

static bool canMove(int b, int m) {
    switch (m) {
    case 0: return b < 6;
    case 1: return b % 3 > 0;
    case 2: return b % 3 < 2;
    default: return b >= 3;
    }
}

static bool dfs(int g, int limit, int blank, int prev) {
    if (memcmp(board, target, 9) == 0) {
        path[g] = 0;
        return true;
    }
    if (g == limit) return false;
    for (int m = 0; m < 4; m++) {
        if (m == 3 - prev || !canMove(blank, m)) continue;
        int nb = blank + step[m];
        board[blank] = board[nb];
        board[nb] = 'X';
        path[g] = name[m];
        if (dfs(g + 1, limit, nb, m)) return true;
        board[nb] = board[blank];
        board[blank] = 'X';
    }
    return false;
}

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 0;
    for (int c = 1; c <= t; c++) {
        if (scanf("%9s %9s", board, target) != 2) return 0;
        int blank = strchr(board, 'X') - board;
        for (int limit = 0;; limit++)
            if (dfs(0, limit, blank, 4)) break;
        printf("Case %d: %d\n%s\n", c, (int)strlen(path), path);
    }
    return 0;
}
