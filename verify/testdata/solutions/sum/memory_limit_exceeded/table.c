/* MLE: fills a 200 MiB table it does not need. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    size_t n = 200u << 20;
    char *t = malloc(n);
    if (t == NULL) return 1;
    memset(t, 1, n);
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("%lld\n", a + b + t[n - 1] - 1);
    return 0;
}
