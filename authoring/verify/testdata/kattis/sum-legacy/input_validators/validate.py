# Two numbers on one line: integers in [-10^6, 10^6], or with the flag
# "real", numbers with a decimal point too. Exit 42 when valid.
import re
import sys

real = "real" in sys.argv[1:]
data = sys.stdin.read()
number = r"-?\d+(\.\d+)?" if real else r"-?\d+"
if not re.fullmatch(number + " " + number + "\n", data):
    print("want two numbers on one line", file=sys.stderr)
    sys.exit(43)
if any(abs(float(x)) > 10**6 for x in data.split()):
    print("out of range", file=sys.stderr)
    sys.exit(43)
sys.exit(42)
