// sockets tries socket(2) and socketpair(2) for each family it is given,
// as "name family type protocol" groups of arguments, and prints, one line
// per family, "name socket=R socketpair=R" where R is 0 for success or the
// errno.
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

int main(int argc, char **argv) {
	for (int i = 1; i + 3 < argc; i += 4) {
		int family = atoi(argv[i + 1]), type = atoi(argv[i + 2]), proto = atoi(argv[i + 3]);
		int s = 0, p = 0, sv[2];
		int fd = socket(family, type, proto);
		if (fd < 0) {
			s = errno;
		} else {
			close(fd);
		}
		if (socketpair(family, type, proto, sv) < 0) {
			p = errno;
		} else {
			close(sv[0]);
			close(sv[1]);
		}
		printf("%s socket=%d socketpair=%d\n", argv[i], s, p);
	}
	return 0;
}
