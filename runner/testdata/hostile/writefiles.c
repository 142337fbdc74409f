/* Prints WROTE <path> for every argument it can create and write. */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        int fd = open(argv[i], O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0 && write(fd, "escaped\n", 8) == 8) printf("WROTE %s\n", argv[i]);
        else printf("refused %s\n", argv[i]);
    }
    return 0;
}
