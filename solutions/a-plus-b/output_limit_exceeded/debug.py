# OLE: a debugging loop left in prints a long line forever.
a, b = map(int, input().split())
line = ("%d " % (a + b)) * 1000
while True:
    print(line)
