# DOMjudge spells the verdict either way: WRONG-ANSWER or WRONG_ANSWER.
# @EXPECTED_RESULTS@: WRONG_ANSWER
print("Goodbye world!")
