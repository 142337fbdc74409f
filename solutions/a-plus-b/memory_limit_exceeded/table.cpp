// MLE: builds a 512 MiB lookup table it never needs.
#include <cstdio>
#include <vector>

int main() {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    std::vector<long long> table(64 << 20);
    for (size_t i = 0; i < table.size(); i++) table[i] = (long long)i;
    printf("%lld\n", a + b + table[table.size() - 1] - (long long)(table.size() - 1));
}
