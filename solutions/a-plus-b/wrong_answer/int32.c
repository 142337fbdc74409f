/* WA: int overflows on the large tests. */
#include <stdio.h>

int main(void) {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    int s = (int)a + (int)b;
    printf("%d\n", s);
    return 0;
}
