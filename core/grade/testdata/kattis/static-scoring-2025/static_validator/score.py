# A scoring static validator: language entry_point feedback_dir short N.
# Rejects a submission that uses eval; accepts one of at most N bytes
# with the full score (no score.txt), a longer one with score.txt 4.
import os
import sys

feedback = sys.argv[3]
limit = int(sys.argv[5])
names = [n for n in os.listdir(".") if os.path.isfile(n)]
text = "".join(open(n).read() for n in names)
size = sum(os.path.getsize(n) for n in names)
if "eval" in text:
    with open(feedback + "judgemessage.txt", "w") as f:
        f.write("uses eval\n")
    sys.exit(43)
if size > limit:
    with open(feedback + "score.txt", "w") as f:
        f.write("4\n")
    with open(feedback + "judgemessage.txt", "w") as f:
        f.write("%d bytes, more than %d\n" % (size, limit))
sys.exit(42)
