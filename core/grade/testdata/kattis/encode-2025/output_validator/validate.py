# Multi-pass validator of "Encode and decode": the first pass checks the
# encoding and asks for a second pass with it; the second checks the
# decoded word against the answer.
import sys

mode = open(sys.argv[1]).read().split()[0]
word = open(sys.argv[2]).read().split()[0]
feedback = sys.argv[3]


def done(code, msg):
    with open(feedback + "judgemessage.txt", "w") as f:
        f.write(msg + "\n")
    sys.exit(code)


got = sys.stdin.read().split()
if len(got) != 1:
    done(43, "want one word, got %d" % len(got))
got = got[0]
if mode == "encode":
    if len(got) != len(word) or not got.isalpha() or not got.islower():
        done(43, "encoding %r is not a word of %d lowercase letters" % (got, len(word)))
    if got == word:
        done(43, "the encoding is the word itself")
    with open(feedback + "nextpass.in", "w") as f:
        f.write("decode\n%s\n" % got)
    done(42, "encoded as %s" % got)
if got != word:
    done(43, "decoded %r, want %r" % (got, word))
done(42, "decoded")
