/* Sums floor(n/a) over every a: right, but O(n), so it solves the small
   subtask (n <= 10^6) and runs out of time on the large one. */
#include <stdio.h>

int main(void) {
    long long n, total = 0;
    if (scanf("%lld", &n) != 1) return 1;
    for (long long a = 1; a <= n; a++) total += n / a;
    printf("%lld\n", total);
    return 0;
}
