/* OLE: prints debugging output without end. */
#include <stdio.h>

int main(void) {
    for (;;) printf("debug: still here\n");
    return 0;
}
