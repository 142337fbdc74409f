// startstate prints what a program has at its first instruction: its
// credentials, process group, signal state, privileges, rlimits, working
// directory and open descriptors, one "key value" line each.
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

static void limit(const char *name, int res) {
	struct rlimit r;
	getrlimit(res, &r);
	printf("%s %llu %llu\n", name, (unsigned long long)r.rlim_cur, (unsigned long long)r.rlim_max);
}

int main(void) {
	printf("uid %d %d\n", (int)getuid(), (int)geteuid());
	printf("gid %d %d\n", (int)getgid(), (int)getegid());
	printf("groups %d\n", getgroups(0, NULL));
	printf("pgid-is-pid %d\n", getpgrp() == getpid());
	printf("ppid %d\n", (int)getppid());
	FILE *f = fopen("/proc/self/status", "r");
	char line[512];
	while (f && fgets(line, sizeof line, f)) {
		static const char *keys[] = {"SigBlk:", "SigIgn:", "SigCgt:", "NoNewPrivs:", "Seccomp:", "CapEff:", "CapBnd:", NULL};
		for (int i = 0; keys[i]; i++)
			if (strncmp(line, keys[i], strlen(keys[i])) == 0)
				fputs(line, stdout);
	}
	if (f)
		fclose(f);
	limit("stack", RLIMIT_STACK);
	limit("fsize", RLIMIT_FSIZE);
	limit("nofile", RLIMIT_NOFILE);
	char cwd[4096];
	printf("cwd %s\n", getcwd(cwd, sizeof cwd) ? cwd : "?");
	fflush(stdout);
	DIR *d = opendir("/proc/self/fd");
	int dfd = dirfd(d);
	struct dirent *e;
	printf("fds");
	while ((e = readdir(d)))
		if (e->d_name[0] != '.' && atoi(e->d_name) != dfd)
			printf(" %s", e->d_name);
	printf("\n");
	return 0;
}
