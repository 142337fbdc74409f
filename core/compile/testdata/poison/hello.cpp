#include <iostream>

int main() {
	std::cout << "hello from a box as new" << std::endl;
}
