# Looks for the test input to read the secret from: an interactive
# submission never sees it, so it fails.
import glob, sys
for pattern in ["*.in", "*.ans", "/prog/*.in", "/prog/testdata*", "/box/*.in", "/tmp/*.in", "../data/secret/*.in", "data/secret/*.in"]:
    for path in glob.glob(pattern):
        try:
            print(open(path).read().split()[0], flush=True)
            sys.exit(0)
        except (OSError, IndexError):
            pass
sys.exit("no input file to read")
