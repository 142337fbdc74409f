// MLE: builds a 512 MiB lookup table it never needs.
// The table's memory is prefaulted (MADV_POPULATE_WRITE) before the loop that
// writes all of it anyway: the kernel then maps it in one call instead of one
// page fault per 4 KiB, so the 64 MiB limit is hit in a few tens of
// milliseconds rather than a quarter of a second of page faults (more on a
// busy machine), and the verdict is MLE on any machine, never TLE.
#include <cstdio>
#include <cstdlib>
#include <sys/mman.h>

int main() {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    const size_t n = 64 << 20;
    long long *table = static_cast<long long *>(aligned_alloc(4096, n * sizeof(long long)));
    if (table == nullptr) return 1;
    madvise(table, n * sizeof(long long), MADV_POPULATE_WRITE);
    for (size_t i = 0; i < n; i++) table[i] = (long long)i;
    printf("%lld\n", a + b + table[n - 1] - (long long)(n - 1));
}
