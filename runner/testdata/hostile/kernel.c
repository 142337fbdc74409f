// kernel tries the kernel's riskiest entry points and prints, for each,
// ALLOWED or refused (with errno).
#define _GNU_SOURCE
#include <errno.h>
#include <linux/bpf.h>
#include <linux/io_uring.h>
#include <linux/keyctl.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static void report(const char *what, long r) {
	if (r < 0)
		printf("%s refused (%s)\n", what, strerror(errno));
	else
		printf("%s ALLOWED\n", what);
	fflush(stdout);
}

int main(void) {
	// A user namespace, then the namespaces and mounts it would allow.
	pid_t c = fork();
	if (c == 0) {
		long r = unshare(CLONE_NEWUSER);
		report("unshare(CLONE_NEWUSER)", r);
		if (r == 0) {
			report("unshare(NEWNS|NEWNET)", unshare(CLONE_NEWNS | CLONE_NEWNET));
			report("mount tmpfs", mount("none", "/tmp", "tmpfs", 0, NULL));
		}
		_exit(0);
	}
	waitpid(c, NULL, 0);
	long r = syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0);
	if (r == 0)
		_exit(0);
	if (r > 0)
		waitpid(r, NULL, 0);
	report("clone(CLONE_NEWUSER)", r);
	struct io_uring_params p;
	memset(&p, 0, sizeof p);
	report("io_uring_setup", syscall(SYS_io_uring_setup, 4, &p));
	struct perf_event_attr pe;
	memset(&pe, 0, sizeof pe);
	pe.type = PERF_TYPE_SOFTWARE;
	pe.size = sizeof pe;
	pe.config = PERF_COUNT_SW_CPU_CLOCK;
	report("perf_event_open", syscall(SYS_perf_event_open, &pe, 0, -1, -1, 0));
	union bpf_attr attr;
	memset(&attr, 0, sizeof attr);
	attr.map_type = BPF_MAP_TYPE_ARRAY;
	attr.key_size = 4;
	attr.value_size = 4;
	attr.max_entries = 1;
	report("bpf", syscall(SYS_bpf, BPF_MAP_CREATE, &attr, sizeof attr));
	report("add_key @u", syscall(SYS_add_key, "user", "judge-left", "x", 1, KEY_SPEC_USER_KEYRING));
	char buf[256];
	long n = syscall(SYS_keyctl, KEYCTL_READ, KEY_SPEC_SESSION_KEYRING, buf, sizeof buf);
	report("keyctl read @s", n);
	report("userfaultfd", syscall(SYS_userfaultfd, 0));
	// A sibling to trace.
	pid_t s = fork();
	if (s == 0) {
		pause();
		_exit(0);
	}
	report("ptrace attach", ptrace(PTRACE_ATTACH, s, 0, 0));
	kill(s, SIGKILL);
	waitpid(s, NULL, 0);
	return 0;
}
