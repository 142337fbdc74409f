/* Writes up to 5 GiB into a file in its working directory. */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(void) {
    static char buf[1 << 20];
    memset(buf, 'x', sizeof buf);
    int fd = open("big", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) { perror("open"); return 1; }
    long long total = 0;
    for (int i = 0; i < 5 * 1024; i++) {
        ssize_t w = write(fd, buf, sizeof buf);
        if (w <= 0) { perror("write"); break; }
        total += w;
    }
    printf("%lld\n", total);
    return 0;
}
