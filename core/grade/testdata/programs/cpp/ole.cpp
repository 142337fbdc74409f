#include <cstdio>
int main() { for (;;) std::fputs("spam spam spam spam spam spam spam spam\n", stdout); }
