// Recursion a million frames deep, about 100 MiB of stack: fine on a judge
// whose stack limit is the memory limit, a crash under the usual 8 MiB.
#include <iostream>
int depth(int n) {
    volatile char pad[64];
    pad[n % 64] = (char)n;
    if (n == 0) return 0;
    int r = depth(n - 1);
    return r + (pad[n % 64] == (char)n);
}
int main() {
    long long a, b;
    std::cin >> a >> b;
    int d = depth(1000000);
    std::cout << a + b + (d - 1000000) << '\n';
}
