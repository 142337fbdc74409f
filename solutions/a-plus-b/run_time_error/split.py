# RE: expects the numbers on two separate lines.
a = int(input())
b = int(input())
print(a + b)
