mode, word = input().strip(), input().strip()
print(word[::-1])
