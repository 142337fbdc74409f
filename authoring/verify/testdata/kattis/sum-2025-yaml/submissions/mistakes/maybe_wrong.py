# Permitted to be wrong, required nothing: it happens to be right.
a, b = map(int, input().split())
print(a + b)
