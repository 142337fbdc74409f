b = bytearray(512 << 20)
for i in range(0, len(b), 4096):
    b[i] = 1
print(len(b))
