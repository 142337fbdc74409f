/* TLE: spins forever before answering. */
#include <stdio.h>

int main(void) {
    volatile unsigned long n = 0;
    for (;;) n++;
    return 0;
}
