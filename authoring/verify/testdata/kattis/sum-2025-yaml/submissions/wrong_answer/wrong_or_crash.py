# Wrong on the large case, crashes on the others: only the changed
# wrong_answer rule of submissions.yaml (RTE permitted) accepts it.
a, b = map(int, input().split())
if a + b < 1000:
    raise SystemExit(3)
print(0)
