# Accepts the sum of the two numbers; with the flag "parity", any number
# of the sum's parity. Says why in judgemessage.txt.
import sys

inp, ans, feedback = sys.argv[1], sys.argv[2], sys.argv[3]
flags = sys.argv[4:]
want = int(open(ans).read().split()[0])
out = sys.stdin.read().split()


def verdict(code, msg):
    with open(feedback + "judgemessage.txt", "w") as f:
        f.write(msg + "\n")
    sys.exit(code)


if len(out) != 1:
    verdict(43, "want one token, got %d" % len(out))
try:
    got = int(out[0])
except ValueError:
    verdict(43, "not a number: " + out[0][:20])
if "parity" in flags:
    if got % 2 != want % 2:
        verdict(43, "wrong parity")
elif got != want:
    verdict(43, "got %d, want %d" % (got, want))
verdict(42, "fine")
