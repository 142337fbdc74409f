#include <stdio.h>
int main(void) {
	long a, b;
	char c;
	if (scanf("%ld %ld%c", &a, &b, &c) != 3 || c != '\n' || getchar() != EOF) return 43;
	return 42;
}
