# A static validator: language entry_point feedback_dir [forbid CHAR].
# Rejects a submission whose files contain CHAR; says what it was given
# in judgemessage.txt either way.
import os
import sys

lang, entry, feedback = sys.argv[1], sys.argv[2], sys.argv[3]
args = sys.argv[4:]
forbid = args[1] if len(args) >= 2 and args[0] == "forbid" else None
names = sorted(n for n in os.listdir(".") if os.path.isfile(n))
text = "".join(open(n, errors="replace").read() for n in names)


def done(code, msg):
    with open(feedback + "judgemessage.txt", "w") as f:
        f.write(msg + "\n")
    sys.exit(code)


if forbid is not None and forbid in text:
    done(43, "%s %s: uses %s" % (lang, entry, forbid))
done(42, "%s %s: files %s" % (lang, entry, " ".join(names)))
