// probe.c runs under the box filter in the package's tests.
//
//	probe threads  starts threads with pthread_create (glibc tries clone3,
//	               gets ENOSYS and falls back to clone), checks in each that
//	               it is filtered and that unshare and clone3 are refused,
//	               forks a child; prints "threads ok".
//	probe int80    makes getpid through the i386 entry (int 0x80); prints
//	               what it returned if the process survives.
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define NTHREADS 4

static int seccomp_mode(void) {
	char line[256];
	int mode = -1;
	FILE *f = fopen("/proc/thread-self/status", "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof line, f))
		if (sscanf(line, "Seccomp: %d", &mode) == 1)
			break;
	fclose(f);
	return mode;
}

static void *worker(void *arg) {
	char *msg = arg;
	if (seccomp_mode() != 2)
		snprintf(msg, 128, "thread is not filtered (mode %d)", seccomp_mode());
	else if (unshare(CLONE_NEWUSER) != -1 || errno != EPERM)
		snprintf(msg, 128, "unshare(CLONE_NEWUSER): %s", strerror(errno));
	else if (syscall(SYS_clone3, NULL, 0) != -1 || errno != ENOSYS)
		snprintf(msg, 128, "clone3: %s", strerror(errno));
	return NULL;
}

static int threads(void) {
	pthread_t t[NTHREADS];
	char msg[NTHREADS][128] = {{0}};
	for (int i = 0; i < NTHREADS; i++) {
		int err = pthread_create(&t[i], NULL, worker, msg[i]);
		if (err) {
			printf("pthread_create: %s\n", strerror(err));
			return 1;
		}
	}
	for (int i = 0; i < NTHREADS; i++) {
		pthread_join(t[i], NULL);
		if (msg[i][0]) {
			printf("thread %d: %s\n", i, msg[i]);
			return 1;
		}
	}
	pid_t pid = fork();
	if (pid < 0) {
		printf("fork: %s\n", strerror(errno));
		return 1;
	}
	if (pid == 0)
		_exit(7);
	int status;
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 7) {
		printf("fork child: status %#x\n", status);
		return 1;
	}
	printf("threads ok\n");
	return 0;
}

static int int80(void) {
	long r;
	__asm__ volatile("int $0x80" : "=a"(r) : "a"(20L) : "memory"); // i386 getpid
	printf("int80 getpid = %ld\n", r);
	return 0;
}

int main(int argc, char **argv) {
	if (argc == 2 && strcmp(argv[1], "threads") == 0)
		return threads();
	if (argc == 2 && strcmp(argv[1], "int80") == 0)
		return int80();
	fprintf(stderr, "usage: probe threads|int80\n");
	return 2;
}
