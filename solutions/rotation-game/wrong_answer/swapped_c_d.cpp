// WA: IDA* with the rows of moves C and D swapped (C shifts the lower row, D the upper one), so it prints the wrong letters.
#include <cstdio>
static const int lines[8][7] = {
    {0, 2, 6, 11, 15, 20, 22}, {1, 3, 8, 12, 17, 21, 23}, {19, 18, 17, 16, 15, 14, 13},
    {10, 9, 8, 7, 6, 5, 4}, {23, 21, 17, 12, 8, 3, 1}, {22, 20, 15, 11, 6, 2, 0},
    {13, 14, 15, 16, 17, 18, 19}, {4, 5, 6, 7, 8, 9, 10}};
static const int opp[8] = {5, 4, 6, 7, 1, 0, 2, 3};
static const int centre[8] = {6, 7, 8, 11, 12, 15, 16, 17};
int b[24];
char path[64];
static inline void mv(int m) {
    const int *l = lines[m];
    int f = b[l[0]];
    for (int i = 0; i < 6; i++) b[l[i]] = b[l[i + 1]];
    b[l[6]] = f;
}
static inline int need() {
    int c[4] = {0, 0, 0, 0};
    for (int i = 0; i < 8; i++) c[b[centre[i]]]++;
    int best = c[1];
    if (c[2] > best) best = c[2];
    if (c[3] > best) best = c[3];
    return 8 - best;
}
bool dfs(int d, int lim, int prev) {
    int h = need();
    if (h == 0) return true;
    if (d + h > lim) return false;
    for (int m = 0; m < 8; m++) {
        if (prev >= 0 && m == opp[prev]) continue;
        mv(m);
        path[d] = 'A' + m;
        if (dfs(d + 1, lim, m)) return true;
        mv(opp[m]);
    }
    return false;
}
int main() {
    int v;
    while (scanf("%d", &v) == 1 && v != 0) {
        b[0] = v;
        for (int i = 1; i < 24; i++) scanf("%d", &b[i]);
        if (need() == 0) puts("No moves needed");
        else
            for (int lim = need();; lim++)
                if (dfs(0, lim, -1)) { path[lim] = 0; puts(path); break; }
        printf("%d\n", b[6]);
    }
}
