/* CE: a missing semicolon. */
#include <stdio.h>

int main(void) {
    printf("3\n")
    return 0;
}
