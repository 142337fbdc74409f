# Waits for the interactor to speak first: both wait, until the wall
# clock limit ends it.
import sys
sys.stdin.readline()
print(500)
