/* MLE: fills a 200 MiB table it does not need. */
/* The table is prefaulted (MADV_POPULATE_WRITE) before the memset that writes
   all of it anyway: the kernel then maps it in one call instead of one page
   fault per 4 KiB, so the memory limit is hit in a few milliseconds rather
   than after most of the time limit, and the verdict is MLE, never TLE. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

int main(void) {
    size_t n = 200u << 20;
    char *t = aligned_alloc(4096, n);
    if (t == NULL) return 1;
    madvise(t, n, MADV_POPULATE_WRITE);
    memset(t, 1, n);
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("%lld\n", a + b + t[n - 1] - 1);
    return 0;
}
