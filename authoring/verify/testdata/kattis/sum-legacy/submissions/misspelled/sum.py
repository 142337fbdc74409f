a, b = input().split()
if "." in a + b:
    print("%.9f" % (float(a) + float(b)))
else:
    print(int(a) + int(b))
