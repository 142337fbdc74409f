// rewrite prints its generation, then tries to replace its own program
// file so that the next run would behave differently.
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
	printf("original\n");
	fflush(stdout);
	FILE *f = fopen(argv[0], "w");
	if (f) {
		fputs("#!/bin/sh\necho rewritten\n", f);
		fclose(f);
		printf("REWROTE\n");
	}
	if (unlink(argv[0]) == 0)
		printf("UNLINKED\n");
	return 0;
}
