#include <stdio.h>
int main(void) { int *p = 0; *p = 42; printf("%d\n", *p); return 0; }
