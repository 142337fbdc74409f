#include "textflag.h"

// func rawVfork() (pid uintptr, errno uintptr)
//
// clone(CLONE_VM|CLONE_VFORK|SIGCHLD): the child runs on the caller's
// stack until it execs or exits, while the caller waits in the kernel.
// The return address is kept in R12 across the call (the kernel keeps
// every register but RAX, RCX and R11): the child returns first and its
// calls overwrite the stack slot that held it.
TEXT ·rawVfork(SB),NOSPLIT|NOFRAME,$0-16
	MOVQ	$0x4111, DI	// CLONE_VM|CLONE_VFORK|SIGCHLD
	MOVQ	$0, SI
	MOVQ	$0, DX
	MOVQ	$0, R10
	MOVQ	$0, R8
	MOVQ	$0, R9
	MOVQ	$56, AX	// SYS_clone
	POPQ	R12
	SYSCALL
	PUSHQ	R12
	CMPQ	AX, $0xfffffffffffff001
	JLS	ok
	MOVQ	$0, pid+0(FP)
	NEGQ	AX
	MOVQ	AX, errno+8(FP)
	RET
ok:
	MOVQ	AX, pid+0(FP)
	MOVQ	$0, errno+8(FP)
	RET
