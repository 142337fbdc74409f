/* The input is one number from 1 to 1000 on a line. */
#include <stdio.h>

int main(void) {
	long n;
	char end;
	if (scanf("%ld%c", &n, &end) != 2 || end != '\n' || n < 1 || n > 1000 || getchar() != EOF)
		return 43;
	return 42;
}
