from consts import OFFSET, LIMIT_TEX, UNDEFINED

assert LIMIT_TEX == "10^6" and UNDEFINED == "{" + "{nothing}}"
print(int(input()) + OFFSET)
