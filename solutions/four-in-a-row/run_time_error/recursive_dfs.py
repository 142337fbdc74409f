# RE: depth-first search that recurses into every unseen (board, side) state with no depth bound, remembering the best depth per state; it recurses thousands of levels deep and dies with RecursionError.
import sys

rows = sys.stdin.read().split()
start = ''.join(rows[:4])
LINES = [(0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11), (12, 13, 14, 15),
         (0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15),
         (0, 5, 10, 15), (3, 6, 9, 12)]


def won(g):
    return any(g[a] != 'O' and g[a] == g[b] == g[c] == g[d] for a, b, c, d in LINES)


best_at = {}
best = [float('inf')]


def dfs(g, side, depth):
    key = (g, side)
    if best_at.get(key, float('inf')) <= depth:
        return
    best_at[key] = depth
    if won(g):
        best[0] = min(best[0], depth)
        return
    other = 'W' if side == 'B' else 'B'
    for e in range(16):
        if g[e] != 'O':
            continue
        r, c = divmod(e, 4)
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            f = nr * 4 + nc
            if 0 <= nr < 4 and 0 <= nc < 4 and g[f] == side:
                lst = list(g)
                lst[e], lst[f] = side, 'O'
                dfs(''.join(lst), other, depth + 1)


dfs(start, 'B', 0)
dfs(start, 'W', 0)
print(best[0])
