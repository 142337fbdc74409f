n = int(input())
print(2 * n if n > 2 else 0)
