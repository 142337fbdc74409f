// Accepted: BFS over (board, side to move) with bitboards, both first movers as sources, visited set in an unordered_set.
#include <bits/stdc++.h>
using namespace std;

int main() {
    unsigned b = 0, w = 0;
    for (int r = 0; r < 4; r++) {
        string s;
        cin >> s;
        for (int c = 0; c < 4; c++) {
            if (s[c] == 'B') b |= 1u << (r * 4 + c);
            if (s[c] == 'W') w |= 1u << (r * 4 + c);
        }
    }
    vector<unsigned> lines;
    for (int i = 0; i < 4; i++) {
        lines.push_back(0xFu << (4 * i));
        lines.push_back(0x1111u << i);
    }
    lines.push_back(0x8421);
    lines.push_back(0x1248);
    auto won = [&](unsigned x, unsigned y) {
        for (unsigned l : lines)
            if ((x & l) == l || (y & l) == l) return true;
        return false;
    };
    // state: b | w << 16 | side << 32
    auto key = [](unsigned x, unsigned y, int side) {
        return (unsigned long long)x | (unsigned long long)y << 16 | (unsigned long long)side << 32;
    };
    unordered_map<unsigned long long, int> dist;
    deque<unsigned long long> q;
    for (int side = 0; side < 2; side++) {
        dist[key(b, w, side)] = 0;
        q.push_back(key(b, w, side));
    }
    while (!q.empty()) {
        unsigned long long k = q.front();
        q.pop_front();
        unsigned x = k & 0xFFFF, y = (k >> 16) & 0xFFFF;
        int side = k >> 32, d = dist[k];
        if (won(x, y)) {
            printf("%d\n", d);
            return 0;
        }
        unsigned mine = side == 0 ? x : y;
        unsigned empty = ~(x | y) & 0xFFFF;
        for (int e = 0; e < 16; e++) {
            if (!(empty >> e & 1)) continue;
            int r = e / 4, c = e % 4;
            int nb[4] = {r > 0 ? e - 4 : -1, r < 3 ? e + 4 : -1, c > 0 ? e - 1 : -1, c < 3 ? e + 1 : -1};
            for (int f : nb) {
                if (f < 0 || !(mine >> f & 1)) continue;
                unsigned mv = 1u << f | 1u << e;
                unsigned nx = x, ny = y;
                if (side == 0) nx ^= mv; else ny ^= mv;
                unsigned long long nk = key(nx, ny, 1 - side);
                if (!dist.count(nk)) {
                    dist[nk] = d + 1;
                    q.push_back(nk);
                }
            }
        }
    }
    printf("-1\n");
    return 0;
}
