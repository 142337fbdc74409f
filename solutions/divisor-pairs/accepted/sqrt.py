from math import isqrt

n = int(input())
s = isqrt(n)
print(2 * sum(n // a for a in range(1, s + 1)) - s * s)
