# Keeps 1 MiB blocks, each touched, until the memory runs out.
keep = []
while True:
    block = bytearray(1 << 20)
    for i in range(0, len(block), 4096):
        block[i] = 1
    keep.append(block)
