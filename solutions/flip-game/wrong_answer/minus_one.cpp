// WA: correct BFS, but prints -1 instead of "Impossible" when no sequence of rounds works.
#include <bits/stdc++.h>
using namespace std;

int main() {
    int start = 0;
    for (int r = 0; r < 4; r++) {
        string s;
        cin >> s;
        for (int c = 0; c < 4; c++)
            if (s[c] == 'b') start |= 1 << (r * 4 + c);
    }
    const int dr[5] = {0, -1, 1, 0, 0}, dc[5] = {0, 0, 0, -1, 1};
    vector<int> dist(1 << 16, -1);
    queue<int> q;
    dist[start] = 0;
    q.push(start);
    while (!q.empty()) {
        int cur = q.front();
        q.pop();
        if (cur == 0 || cur == 0xFFFF) {
            cout << dist[cur] << "\n";
            return 0;
        }
        for (int r = 0; r < 4; r++)
            for (int c = 0; c < 4; c++) {
                int nxt = cur;
                for (int k = 0; k < 5; k++) {
                    int nr = r + dr[k], nc = c + dc[k];
                    if (nr >= 0 && nr < 4 && nc >= 0 && nc < 4) nxt ^= 1 << (nr * 4 + nc);
                }
                if (dist[nxt] < 0) {
                    dist[nxt] = dist[cur] + 1;
                    q.push(nxt);
                }
            }
    }
    cout << -1 << "\n";
    return 0;
}
