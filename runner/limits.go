package runner

import (
	"errors"
	"fmt"
	"syscall"
	"time"

	"github.com/puzzlejudge/judge/core/judging"
	"golang.org/x/sys/unix"
)

// ErrCommandNotFound is wrapped by the error of a run whose command is not
// found in the box (a compiler or runtime that is not installed, or not in
// a folder bound into boxes). It is the judge's failure, never the program's.
var ErrCommandNotFound = errors.New("command not found in the box")

// Limits are the limits of one run. A zero field takes the default named in
// its comment.
type Limits struct {
	CPU    time.Duration // user+system time of the tree; default 1s
	Wall   time.Duration // real time; default 2*CPU + 1s
	Memory int64         // peak resident bytes of the tree; default 256 MiB
	Stack  int64         // RLIMIT_STACK; default Memory
	Output int64         // stdout bytes; default 64 MiB
	Stderr int64         // stderr bytes kept; default 64 KiB
	Procs  int           // processes and threads at once; default 64
	Files  int           // RLIMIT_NOFILE; default 64
	// Disk is the box's writable space: its tmpfs size (full mode), what
	// Collect may bring out, and a Combined run's RLIMIT_FSIZE; default
	// (0) the sandbox's Config.Disk. A run with another size gets a box
	// of its own, made for it and discarded after (as with Overlays).
	Disk int64
}

// DefaultWall is the wall-time limit that goes with a CPU limit when none
// is given: twice the CPU limit and a second, so that a program that
// sleeps or waits for input is stopped promptly, and one that computes is
// never stopped by its wall clock before its CPU limit.
func DefaultWall(cpu time.Duration) time.Duration { return 2*cpu + time.Second }

// WithDefaults returns l with every zero field set to its default.
func (l Limits) WithDefaults() Limits {
	if l.CPU <= 0 {
		l.CPU = time.Second
	}
	if l.Wall <= 0 {
		l.Wall = DefaultWall(l.CPU)
	}
	if l.Memory <= 0 {
		l.Memory = 256 << 20
	}
	if l.Stack <= 0 {
		l.Stack = l.Memory
	}
	if l.Output <= 0 {
		l.Output = 64 << 20
	}
	if l.Stderr <= 0 {
		l.Stderr = 64 << 10
	}
	if l.Procs <= 0 {
		l.Procs = 64
	}
	if l.Files <= 0 {
		l.Files = 64
	}
	return l
}

// Status says how a run ended. It is package judging's, whose reports
// record it.
type Status = judging.Status

// The ways a run ends. Exited and Signaled are the program's own doing;
// the limits mean the runner stopped it at one; Stopped, that it was
// stopped because its peer in an Interaction had decided the outcome
// (Interaction.StopProgram).
const (
	Exited         = judging.Exited
	Signaled       = judging.Signaled
	CPUExceeded    = judging.CPUExceeded
	WallExceeded   = judging.WallExceeded
	MemoryExceeded = judging.MemoryExceeded
	OutputExceeded = judging.OutputExceeded
	Stopped        = judging.Stopped
)

// Result is what one run did and used.
type Result struct {
	Status   Status
	ExitCode int            // with Exited
	Signal   syscall.Signal // with Signaled (and the signal that stopped a killed run)
	CPU      time.Duration  // user+system time of the whole tree
	Wall     time.Duration  // real time from start to the end of the last process
	Memory   int64          // peak resident memory of the tree, bytes
	Output   int64          // bytes written to stdout
	Stderr   []byte         // the first Limits.Stderr bytes of stderr (of both streams with Spec.Combined)
	// BoxChanged says the run left its box changed beyond what emptying
	// its folders undoes (see "Every run in a box as new" in the package
	// documentation), or that the box could not be proven unchanged: the
	// box was replaced, and no later run sees it. What the run itself
	// saw was its own doing, but a caller that keeps results (a compile
	// cache) does not keep this one.
	BoxChanged bool
}

// OK reports whether the program exited by itself with code 0.
func (r Result) OK() bool { return r.Status == Exited && r.ExitCode == 0 }

// SignalName returns the signal's conventional name, such as "SIGSEGV".
func SignalName(s syscall.Signal) string {
	if n := unix.SignalName(s); n != "" {
		return n
	}
	return fmt.Sprintf("signal %d", int(s))
}
