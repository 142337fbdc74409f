#include <iostream>
int main() { std::cout << missing << '\n'; }
