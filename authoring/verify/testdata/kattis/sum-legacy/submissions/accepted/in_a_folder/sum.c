#include <stdio.h>
#include <string.h>
int main(void) {
	char a[64], b[64];
	if (scanf("%63s %63s", a, b) != 2) return 1;
	if (strchr(a, '.') || strchr(b, '.')) {
		double x, y;
		sscanf(a, "%lf", &x);
		sscanf(b, "%lf", &y);
		printf("%.9f\n", x + y);
	} else {
		long x, y;
		sscanf(a, "%ld", &x);
		sscanf(b, "%ld", &y);
		printf("%ld\n", x + y);
	}
	return 0;
}
