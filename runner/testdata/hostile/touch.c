// touch allocates and touches argv[1] bytes, 1 MiB at a time.
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
	long n = argc > 1 ? atol(argv[1]) : 0;
	for (long done = 0; done < n; done += 1 << 20) {
		char *p = malloc(1 << 20);
		if (!p)
			return 1;
		memset(p, 1, 1 << 20);
	}
	return 0;
}
