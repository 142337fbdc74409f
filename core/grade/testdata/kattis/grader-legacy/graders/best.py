# A custom grader: the group is accepted if any of its items is, else it
# gets its first item's verdict; its score is the best item's with the
# flag max, else their sum.
import sys

results = [line.split() for line in sys.stdin if line.strip()]
accepted = [v for v, _ in results if v == "AC"]
verdict = "AC" if accepted or not results else results[0][0]
scores = [float(s) for _, s in results]
score = max(scores, default=0) if "max" in sys.argv[1:] else sum(scores)
print(verdict, score)
