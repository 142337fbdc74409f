// ipc leaves SysV shared memory of argv[2] MiB (touched), a message queue,
// a semaphore set and a POSIX message queue behind ("leave"), or looks for
// them ("look").
#include <fcntl.h>
#include <mqueue.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>

#define KEY 0x4a554447

int main(int argc, char **argv) {
	if (argc > 1 && strcmp(argv[1], "leave") == 0) {
		long size = (argc > 2 ? atol(argv[2]) : 1) << 20;
		int id = shmget(KEY, size, IPC_CREAT | 0666);
		if (id >= 0) {
			char *p = shmat(id, 0, 0);
			if (p != (void *)-1) {
				memset(p, 1, size);
				shmdt(p);
			}
		}
		int q = msgget(KEY, IPC_CREAT | 0666);
		struct { long type; char text[64]; } m = {1, "left behind"};
		if (q >= 0) msgsnd(q, &m, sizeof m.text, 0);
		semget(KEY, 1, IPC_CREAT | 0666);
		mq_open("/judge-left", O_CREAT | O_RDWR, 0666, NULL);
		printf("left shm=%d msg=%d\n", id, q);
		return 0;
	}
	printf("shm %s\n", shmget(KEY, 0, 0) >= 0 ? "FOUND" : "none");
	printf("msg %s\n", msgget(KEY, 0) >= 0 ? "FOUND" : "none");
	printf("sem %s\n", semget(KEY, 0, 0) >= 0 ? "FOUND" : "none");
	printf("mq %s\n", mq_open("/judge-left", O_RDONLY) >= 0 ? "FOUND" : "none");
	return 0;
}
