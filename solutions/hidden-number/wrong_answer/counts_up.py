# Asks 1, 2, 3, ... in turn: right for small hidden numbers, but past 30
# questions on the others.
n = int(input())
for y in range(1, n + 1):
    print("?", y, flush=True)
    if input().strip() == "=":
        print("!", y, flush=True)
        break
