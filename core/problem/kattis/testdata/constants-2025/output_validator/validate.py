# Accepts the input plus {{offset}} (below {{limit}}); in secret groups the
# offset also comes as an argument, from test_group.yaml.
import sys

n = int(open(sys.argv[1]).read())
out = sys.stdin.read().split()
feedback = open(sys.argv[3] + "judgemessage.txt", "w")
if len(sys.argv) > 4 and sys.argv[4] != str({{offset}}):
    feedback.write("argument %s, want %d\n" % (sys.argv[4], {{offset}}))
    sys.exit(43)
if out != [str(n + {{offset}})] or n + {{offset}} > {{limit}}:
    feedback.write("got %s, want %d\n" % (" ".join(out), n + {{offset}}))
    sys.exit(43)
sys.exit(42)
