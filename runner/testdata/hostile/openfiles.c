/* Prints OPENED <path> for every argument it can open for reading. */
#include <fcntl.h>
#include <stdio.h>
int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        int fd = open(argv[i], O_RDONLY);
        if (fd >= 0) printf("OPENED %s\n", argv[i]);
        else printf("refused %s\n", argv[i]);
    }
    return 0;
}
