// busy spins for argv[1] milliseconds of CPU time.
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
	long ms = argc > 1 ? atol(argv[1]) : 100;
	struct timespec ts;
	volatile unsigned long x = 0;
	do {
		for (int i = 0; i < 100000; i++)
			x += i;
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	} while (ts.tv_sec * 1000 + ts.tv_nsec / 1000000 < ms);
	return 0;
}
