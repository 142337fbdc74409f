#include <stdio.h>

int main(void) {
	puts("hello from a box as new");
	return 0;
}
