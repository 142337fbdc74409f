/* The child leaves the process group and session, then lives on. */
#include <stdio.h>
#include <unistd.h>
int main(void) {
    if (fork() == 0) {
        setsid();
        if (fork() == 0) {
            for (;;) sleep(1);
        }
        return 0;
    }
    puts("parent done");
    return 0;
}
