# Asks one question, then fails before answering: the judge, waiting for
# more, sees the end of its output only once it has exited.
import sys

n = int(input())
print("?", (n + 1) // 2, flush=True)
input()
sys.exit(1)
