# The "encoding" is the word itself.
mode, word = input().strip(), input().strip()
print(word)
