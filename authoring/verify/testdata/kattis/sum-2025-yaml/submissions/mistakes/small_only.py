# Right while the sum fits in 16 bits.
a, b = map(int, input().split())
print((a + b) if abs(a + b) < 32768 else 0)
