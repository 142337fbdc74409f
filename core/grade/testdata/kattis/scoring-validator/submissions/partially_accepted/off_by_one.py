n = int(input())
print(2 * n + (1 if n > 10 else 0))
