#include <stdio.h>
#include <stdlib.h>
int main(void) {
    size_t n = (size_t)512 << 20;
    volatile char *p = malloc(n);
    if (!p) return 1;
    long sum = 0;
    for (size_t i = 0; i < n; i += 4096) { p[i] = (char)i; sum += p[i]; }
    printf("%ld\n", sum);
    return 0;
}
