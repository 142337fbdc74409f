/* Opens /dev/null until it cannot; prints how many it got. */
#include <fcntl.h>
#include <stdio.h>
int main(void) {
    int n = 0;
    while (open("/dev/null", O_RDONLY) >= 0 && n < 1000000) n++;
    printf("%d\n", n);
    return 0;
}
