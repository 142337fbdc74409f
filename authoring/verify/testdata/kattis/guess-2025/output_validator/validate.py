# The interactor of "Guess the number", in Python: the secret number is
# in the test input; ten guesses are allowed.
import sys

secret = int(open(sys.argv[1]).read())
feedback = sys.argv[3]


def done(code, msg):
    with open(feedback + "judgemessage.txt", "w") as f:
        f.write(msg + "\n")
    sys.exit(code)


for used in range(1, 11):
    line = sys.stdin.readline()
    try:
        guess = int(line)
    except ValueError:
        done(43, "guess %d: not a number: %r" % (used, line.strip()))
    if guess == secret:
        print("correct", flush=True)
        done(42, "guessed on guess %d" % used)
    print("higher" if guess < secret else "lower", flush=True)
done(43, "not guessed in 10 guesses")
