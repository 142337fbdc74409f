/* tamper changes its box's writable folders (the working folder "." and
 * $TMPDIR) in the way argv[1] names, so that the next program or compile
 * in the box would fail if the box were not made as new; "probe" prints
 * what a program finds of them instead. Exit 3: the file system does not
 * have what the change needs (the test then cannot make it). */
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/xattr.h>
#include <unistd.h>

static const char *tmp;

static void fail(const char *what, const char *path) {
	int e = errno;
	printf("%s %s: %s\n", what, path, strerror(e));
	exit(e == EOPNOTSUPP || e == ENOTTY ? 3 : 1);
}

/* An ACL as the kernel takes it in system.posix_acl_*: a version, then
 * (tag, perm, id) entries in tag order. */
struct ace {
	uint16_t tag, perm;
	uint32_t id;
};
struct acl {
	uint32_t version;
	struct ace e[5];
};
enum { USER_OBJ = 1, USER = 2, GROUP_OBJ = 4, MASK = 0x10, OTHER = 0x20, UNDEF = (uint32_t)-1 };

/* setACL sets on path an ACL of n entries. */
static void setACL(const char *path, const char *name, const struct ace *e, int n) {
	struct acl a = {.version = 2};
	memcpy(a.e, e, n * sizeof *e);
	if (setxattr(path, name, &a, 4 + n * sizeof *e, 0) != 0)
		fail(name, path);
}

static void touchFile(const char *path, mode_t mode) {
	int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
	if (fd < 0 || write(fd, "x\n", 2) != 2 || close(fd) != 0)
		fail("create", path);
	if (chmod(path, mode) != 0)
		fail("chmod", path);
}

/* leave fills dir with what is awkward to remove or could mislead the
 * next program. */
static void leave(const char *dir) {
	char p[4096], q[4096];
	snprintf(p, sizeof p, "%s/fifo", dir);
	if (mkfifo(p, 0600) != 0)
		fail("mkfifo", p);
	int s = socket(AF_UNIX, SOCK_STREAM, 0);
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	snprintf(sa.sun_path, sizeof sa.sun_path, "%s/sock", dir);
	if (s < 0 || bind(s, (struct sockaddr *)&sa, sizeof sa) != 0 || listen(s, 1) != 0)
		fail("bind", sa.sun_path);
	snprintf(p, sizeof p, "%s/file", dir);
	touchFile(p, 0);
	snprintf(q, sizeof q, "%s/hardlink", dir);
	if (link(p, q) != 0)
		fail("link", q);
	snprintf(q, sizeof q, "%s/probe.txt", dir); /* the name the probe writes */
	if (symlink("/prog", q) != 0)
		fail("symlink", q);
	snprintf(p, sizeof p, "%s/odd", dir);
	if (mkdir(p, 0700) != 0)
		fail("mkdir", p);
	snprintf(q, sizeof q, "%s/odd/inner", dir);
	if (mkdir(q, 0700) != 0)
		fail("mkdir", q);
	snprintf(q, sizeof q, "%s/odd/inner/file", dir);
	touchFile(q, 0444);
	snprintf(q, sizeof q, "%s/odd/inner", dir);
	if (chmod(q, 0) != 0)
		fail("chmod", q);
	if (chmod(p, 0555) != 0)
		fail("chmod", p);
	snprintf(p, sizeof p, "%s/sticky", dir);
	if (mkdir(p, 01000) != 0 || chmod(p, 03000) != 0)
		fail("mkdir", p);
}

/* probe prints what a program finds of dir: its mode, whether it owns
 * it, its extended attributes and inode flags, what is in it, and the
 * mode a new file and folder get there. */
static void probe(const char *label, const char *dir) {
	struct stat st;
	if (stat(dir, &st) != 0)
		fail("stat", dir);
	printf("%s: mode %o own %d %d;", label, (unsigned)st.st_mode, st.st_uid == geteuid(), st.st_gid == getegid());
	char names[4096];
	ssize_t n = listxattr(dir, names, sizeof names);
	printf(" xattrs");
	for (ssize_t i = 0; i < n; i += strlen(names + i) + 1)
		printf(" %s", names + i);
	int fd = open(dir, O_RDONLY | O_DIRECTORY);
	long flags = 0;
	if (fd >= 0 && ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0)
		printf("; flags %lx", flags);
	if (fd >= 0)
		close(fd);
	char cmd[4200];
	snprintf(cmd, sizeof cmd, "ls -A '%s' | wc -l", dir);
	FILE *ls = popen(cmd, "r");
	int count = -1;
	if (ls == NULL || fscanf(ls, "%d", &count) != 1)
		count = -1;
	if (ls)
		pclose(ls);
	printf("; entries %d", count);
	char p[4096];
	snprintf(p, sizeof p, "%s/probe.txt", dir);
	fd = open(p, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW, 0644);
	if (fd < 0 || write(fd, "hello\n", 6) != 6 || close(fd) != 0)
		fail("write", p);
	char back[16] = {0};
	fd = open(p, O_RDONLY);
	if (fd < 0 || read(fd, back, sizeof back - 1) != 6 || strcmp(back, "hello\n") != 0)
		fail("read back", p);
	close(fd);
	if (stat(p, &st) != 0)
		fail("stat", p);
	printf("; new file %o", (unsigned)st.st_mode);
	snprintf(p, sizeof p, "%s/probe.d", dir);
	if (mkdir(p, 0755) != 0 || stat(p, &st) != 0)
		fail("mkdir", p);
	printf("; new folder %o\n", (unsigned)st.st_mode);
}

int main(int argc, char **argv) {
	tmp = getenv("TMPDIR");
	if (argc != 2 || tmp == NULL) {
		fprintf(stderr, "usage: tamper probe|chmod|acl|aclaccess|xattr|flags|leftovers (with TMPDIR set)\n");
		return 2;
	}
	const char *dirs[] = {".", tmp};
	const char *what = argv[1];
	if (strcmp(what, "probe") == 0) {
		umask(022);
		probe("work", ".");
		probe("tmp", tmp);
		return 0;
	}
	for (int i = 0; i < 2; i++) {
		const char *d = dirs[i];
		if (strcmp(what, "chmod") == 0) {
			if (chmod(d, 0555) != 0)
				fail("chmod", d);
		} else if (strcmp(what, "acl") == 0) {
			/* New files and folders get no rights at all. */
			struct ace e[] = {{USER_OBJ, 0, UNDEF}, {GROUP_OBJ, 0, UNDEF}, {OTHER, 0, UNDEF}};
			setACL(d, "system.posix_acl_default", e, 3);
		} else if (strcmp(what, "aclaccess") == 0) {
			/* An ACL the mode cannot say (a named user): kept as an
			 * attribute, and no one may write to the folder. */
			struct ace e[] = {{USER_OBJ, 5, UNDEF}, {USER, 5, geteuid()}, {GROUP_OBJ, 5, UNDEF}, {MASK, 5, UNDEF}, {OTHER, 5, UNDEF}};
			setACL(d, "system.posix_acl_access", e, 5);
		} else if (strcmp(what, "xattr") == 0) {
			if (setxattr(d, "user.poison", "1", 1, 0) != 0)
				fail("setxattr", d);
		} else if (strcmp(what, "flags") == 0) {
			/* Immutable and append-only need a capability the box
			 * does not have; no-dump and no-atime only ownership. */
			int fd = open(d, O_RDONLY | O_DIRECTORY);
			long flags = 0;
			if (fd < 0 || ioctl(fd, FS_IOC_GETFLAGS, &flags) != 0)
				fail("get flags", d);
			long want = flags | FS_IMMUTABLE_FL;
			if (ioctl(fd, FS_IOC_SETFLAGS, &want) == 0) {
				printf("%s: immutable flag set\n", d);
				return 1;
			}
			want = flags | FS_NODUMP_FL | FS_NOATIME_FL;
			if (ioctl(fd, FS_IOC_SETFLAGS, &want) != 0)
				fail("set flags", d);
			close(fd);
		} else if (strcmp(what, "leftovers") == 0) {
			leave(d);
		} else {
			fprintf(stderr, "tamper: unknown change %s\n", what);
			return 2;
		}
	}
	puts("done");
	return 0;
}
