#include <iostream>
#include <vector>
int main() {
    std::vector<char> v((size_t)512 << 20, 1);
    std::cout << (int)v.back() << '\n';
}
