# Scores an answer by how close it is: 10 when exact, 4 when off by at
# most 1, rejected otherwise; writes score.txt and judgemessage.txt.
import sys

ans, feedback = sys.argv[2], sys.argv[3]
want = int(open(ans).read())
out = sys.stdin.read().split()


def done(code, msg, score=None):
    with open(feedback + "judgemessage.txt", "w") as f:
        f.write(msg + "\n")
    if score is not None:
        with open(feedback + "score.txt", "w") as f:
            f.write("%g\n" % score)
    sys.exit(code)


try:
    got = int(out[0]) if len(out) == 1 else None
except ValueError:
    got = None
if got is None:
    done(43, "want one number")
if got == want:
    done(42, "exact", 10)
if abs(got - want) <= 1:
    done(42, "off by one", 4)
done(43, "got %d, want %d" % (got, want))
