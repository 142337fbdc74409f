/* RE: exits with status 3 on every input. */
#include <stdio.h>

int main(void) {
    fprintf(stderr, "not implemented\n");
    return 3;
}
