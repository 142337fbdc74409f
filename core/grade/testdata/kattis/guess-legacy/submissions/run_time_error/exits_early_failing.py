# Guesses once and fails before the interactor has decided.
import sys
print(500, flush=True)
sys.exit(3)
