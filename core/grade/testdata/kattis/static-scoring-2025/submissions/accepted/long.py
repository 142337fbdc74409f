# Twice the number, the long way round.
number = int(input())
print(number + number)
