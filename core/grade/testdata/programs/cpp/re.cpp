#include <cstdio>
int f(int *p, int n) { return n == 0 ? *p : f(p, n - 1) + 1; }
int main() { int *p = nullptr; std::printf("%d\n", f(p, 10)); }
