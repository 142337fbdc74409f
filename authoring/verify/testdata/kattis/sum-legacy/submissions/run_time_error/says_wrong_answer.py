# DOMjudge's header overrides the folder:
# @EXPECTED_RESULTS@: WRONG-ANSWER
print(0)
