# Guesses 1, 2, 3, ... whatever the answers: out of guesses past 10.
for guess in range(1, 1001):
    print(guess, flush=True)
    if input().strip() == "correct":
        break
