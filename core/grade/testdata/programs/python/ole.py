import sys
line = "spam " * 1000 + "\n"
while True:
    sys.stdout.write(line)
