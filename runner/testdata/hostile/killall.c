#include <signal.h>
#include <stdio.h>
int main(void) {
    int r = kill(-1, SIGKILL);
    printf("kill(-1) returned %d\n", r);
    return 0;
}
