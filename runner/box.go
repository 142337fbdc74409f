package runner

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/puzzlejudge/judge/runner/cgroup"
	"golang.org/x/sys/unix"
)

// box is one helper process and the directory and mounts it owns. In full
// mode each run gets a cgroup of its own, made while the box waits for the
// run and removed after it.
type box struct {
	sandbox  *Sandbox
	id       int
	dir      string
	full     bool
	mounted  bool
	overlays []Overlay
	disk     int64 // the size of its writable tmpfs (full mode), and what a run may collect
	uid, gid int

	cmd     *exec.Cmd
	sock    *polledConn // run requests and replies
	control *polledConn // kills
	replies *receiver   // reads the sock's replies, by the run that waits for them
	runID   int64       // the number of the current run

	// again is the last run's group, renewed for the next (see
	// recycle); next is a new group made while a run's program ran, for
	// a run that finds no group to use again; spent are the groups of
	// finished runs, removed while the next run's program starts.
	again *runGroup
	next  *runGroup
	spent []cgroup.Group
	runs  int // runs so far, for the groups' names
	procs int // the task limit of the last run, which the next group gets ahead

	// program records what is in prog/, to skip copying it again.
	program []programFile
	// peak is the highest resident memory polled in basic mode.
	peak int64
	// outBuf copies each run's stdout, and inBuf the start of its stdin
	// (one run at a time per box).
	outBuf, inBuf []byte
	// expander replaces {prog} and {box} in arguments and environment.
	expander *strings.Replacer
	// held are the folders a program may change, open to look at after
	// each run (see reset), and dirBuf what reset reads them into.
	held   []heldFolder
	dirBuf []byte
}

// runGroup is a run's cgroup, made ahead of the run: its task limit set
// (that of the box's last run), and the files that join it, that take its
// memory limit and that reset its memory figures (cgroup.Group.Reset)
// open.
type runGroup struct {
	g     cgroup.Group
	procs int
	enter []*os.File
	limit []*os.File
	reset []*os.File
}

// retire closes a finished run's group files and leaves the group to be
// removed while the next run's program starts (tidy), or when the box goes.
func (b *box) retire(r *runGroup) {
	closeAll(r.enter)
	closeAll(r.limit)
	closeAll(r.reset)
	if r.g != nil {
		b.spent = append(b.spent, r.g)
	}
}

type programFile struct {
	File
	size  int64
	mtime time.Time
	// placed is the modification time of the copy in prog/, so that a
	// copy the program changed (basic mode) is placed again.
	placed time.Time
}

func (b *box) create() error {
	s := b.sandbox
	if err := os.Mkdir(b.dir, 0o755); err != nil {
		return err
	}
	if b.full {
		// One tmpfs holds everything the box may write; its size is the
		// box's disk limit.
		opts := fmt.Sprintf("size=%d,nr_inodes=16384,mode=0755", b.disk)
		if err := unix.Mount("tmpfs", b.dir, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, opts); err != nil {
			return fmt.Errorf("mount box tmpfs: %w", err)
		}
		b.mounted = true
	}
	type boxDir struct {
		name  string
		mode  os.FileMode
		owned bool // by the box's uid, so that the program can write there
	}
	dirs := []boxDir{{"work", 0o755, true}, {"tmp", 0o1777, true}, {"prog", 0o755, false}, {"root", 0o755, false}}
	if len(b.overlays) > 0 {
		dirs = append(dirs, boxDir{"overlay", 0o755, false})
	}
	for i := range b.overlays {
		base := filepath.Join("overlay", strconv.Itoa(i))
		dirs = append(dirs, boxDir{base, 0o755, false}, boxDir{filepath.Join(base, "upper"), 0o755, true},
			boxDir{filepath.Join(base, "work"), 0o755, false})
	}
	for _, d := range dirs {
		p := filepath.Join(b.dir, d.name)
		if err := os.Mkdir(p, d.mode); err != nil {
			return err
		}
		if err := os.Chmod(p, d.mode); err != nil {
			return err
		}
		if d.owned && s.dropUID {
			if err := os.Chown(p, b.uid, b.gid); err != nil {
				return err
			}
		}
	}
	if b.full {
		// The program's files (a checker's include a contestant's output
		// and the expected answer) have a tmpfs of their own, outside the
		// box's disk limit; only the judge writes there.
		if err := unix.Mount("tmpfs", filepath.Join(b.dir, "prog"), "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, "size=2g,nr_inodes=4096,mode=0755"); err != nil {
			return fmt.Errorf("mount program tmpfs: %w", err)
		}
	}
	if err := b.holdFolders(); err != nil {
		return err
	}
	return b.startHelper()
}

// makeGroup makes a run's cgroup, with its task limit set and the files
// that join it and take its memory limit open.
func (b *box) makeGroup(procs int) (*runGroup, error) {
	b.runs++
	r := &runGroup{procs: procs}
	var err error
	if r.g, err = b.sandbox.cg.NewGroup(fmt.Sprintf("box%d-run%d", b.id, b.runs)); err != nil {
		return nil, err
	}
	if procs > 0 {
		err = r.g.SetProcs(procs)
	}
	if err == nil {
		r.enter, err = r.g.Enter()
	}
	if err == nil {
		r.limit, err = r.g.MemoryLimit()
	}
	if err == nil {
		r.reset, err = r.g.Reset()
	}
	if err != nil {
		b.retire(r)
		return nil, err
	}
	return r, nil
}

// recycle keeps a finished run's group for the next run when it can be
// renewed (empty, no memory event, at most cgroup.MaxResidual still
// charged): a group used again costs a few reads and writes, where
// removing it and making another cost a fifth of a trivial run's time in
// the kernel, on the run's path or beside it. Any other group is retired.
func (b *box) recycle(r *runGroup) {
	if b.again == nil && r.g.Renew() {
		b.again = r
		return
	}
	b.retire(r)
}

// takeGroup returns the group for this run, with its task limit set: the
// last run's, renewed; or the one tidy made during a run; or a new one.
func (b *box) takeGroup(procs int) (*runGroup, error) {
	r := b.again
	if r != nil {
		b.again = nil
	} else {
		r, b.next = b.next, nil
	}
	b.procs = procs
	if r == nil {
		var err error
		if r, err = b.makeGroup(procs); err != nil {
			return nil, fmt.Errorf("prepare cgroup: %w", err)
		}
	}
	if r.procs != procs {
		if err := r.g.SetProcs(procs); err != nil {
			b.retire(r)
			return nil, fmt.Errorf("prepare cgroup: %w", err)
		}
		r.procs = procs
	}
	return r, nil
}

// tidy removes the groups of finished runs and, if there is none, makes a
// group for a run that finds none to use again.
// A run calls it once its program is on its way, so that this work
// overlaps the program's start instead of lying on the run's path, and
// costs no goroutine of its own. A failure to make the group is met again
// by the next run's takeGroup, which makes it then.
func (b *box) tidy() {
	b.removeSpent()
	if b.next == nil {
		b.next, _ = b.makeGroup(b.procs)
	}
}

// removeSpent removes the groups of finished runs. A group that cannot be
// removed yet (a task of its run still exiting) is tried again later.
func (b *box) removeSpent() error {
	var first error
	kept := b.spent[:0]
	for _, g := range b.spent {
		if err := g.Remove(); err != nil {
			kept = append(kept, g)
			if first == nil {
				first = err
			}
		}
	}
	clear(b.spent[len(kept):])
	b.spent = kept
	return first
}

func (b *box) startHelper() error {
	// Two channels: run requests and replies, and kills. The judge's ends
	// go to the poller; destroy closes them whatever happens here.
	var theirs [2]*os.File
	defer closeAll(theirs[:])
	var mine [2]*polledConn
	for i := range mine {
		fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_SEQPACKET|unix.SOCK_CLOEXEC, 0)
		if err != nil {
			return fmt.Errorf("socketpair: %w", err)
		}
		theirs[i] = os.NewFile(uintptr(fds[1]), "box-helper")
		if mine[i], err = newPolledConn(fds[0], "box channel"); err != nil {
			return err
		}
		b.sock, b.control = mine[0], mine[1]
	}
	self, err := os.Executable()
	if err != nil {
		return fmt.Errorf("find own executable: %w", err)
	}
	cmd := exec.Command(self)
	cmd.Args = []string{"judge-box"}
	cmd.Env = []string{helperEnv + "=1"}
	cmd.Dir = "/"
	cmd.ExtraFiles = theirs[:] // runFD, controlFD
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setpgid: true}
	if b.full {
		cmd.SysProcAttr.Cloneflags = syscall.CLONE_NEWNS | syscall.CLONE_NEWPID | syscall.CLONE_NEWNET |
			syscall.CLONE_NEWIPC | syscall.CLONE_NEWUTS
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start box helper: %w", err)
	}
	b.cmd = cmd
	if b.full {
		if err := b.sandbox.cg.Adopt(cmd.Process.Pid); err != nil {
			return fmt.Errorf("place box helper: %w", err)
		}
	}
	b.replies = b.sock.receiver()
	cfg := helperConfig{Full: b.full, Dir: b.dir, Overlays: b.overlays, DropUID: b.sandbox.dropUID, UID: b.uid, GID: b.gid}
	if b.full {
		cfg.Binds = b.sandbox.binds
	}
	if err := b.sock.send(cfg, nil); err != nil {
		return fmt.Errorf("configure box: %w", err)
	}
	r, _, err := b.recvReply(time.Time{}, time.Time{})
	if err != nil {
		return fmt.Errorf("box helper died while setting up: %w", err)
	}
	if r.Kind != "ready" {
		return fmt.Errorf("box helper: %s", r.Err)
	}
	return nil
}

// recvReply reads the helper's next reply, waiting until deadline at most
// (zero: no deadline); timedOut says the deadline came first, or
// wakeReply was called (wakeReply is heard only after blockUntil, when
// that is later). An error means the helper is gone. Replies are
// read by the run that waits for them, with no goroutine in between: a
// goroutine woken by the poller to hand each reply on cost a wakeup more
// per run.
func (b *box) recvReply(deadline, blockUntil time.Time) (r helperReply, timedOut bool, err error) {
	// Until blockUntil (the first moments of a run, when most runs end)
	// the reply is waited for in the kernel (see polledConn.waitReadable).
	until := blockUntil
	if !deadline.IsZero() {
		until = earlier(deadline, blockUntil)
	}
	if !blockUntil.IsZero() && b.sock.waitReadable(time.Until(until)) {
		files, ok, err := b.replies.recvNow(&r)
		closeFDs(files)
		if ok {
			return r, false, err
		}
	}
	if err := b.sock.f.SetReadDeadline(deadline); err != nil {
		return r, false, err
	}
	files, err := b.replies.recv(&r)
	closeFDs(files)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return r, true, nil
	}
	return r, false, err
}

// wakeReply makes a recvReply under way, or the next one, return at once
// as timed out (a context's end).
func (b *box) wakeReply() { _ = b.sock.f.SetReadDeadline(time.Unix(1, 0)) }

// destroy kills the helper and everything in the box and removes it.
func (b *box) destroy() error {
	if b.cmd != nil && b.cmd.Process != nil {
		_ = b.cmd.Process.Kill()
		_ = b.cmd.Wait()
	}
	if b.sock != nil {
		b.sock.Close()
	}
	if b.control != nil {
		b.control.Close()
	}
	for _, h := range b.held {
		h.f.Close()
	}
	var first error
	for _, r := range []**runGroup{&b.again, &b.next} {
		if *r != nil {
			b.retire(*r)
			*r = nil
		}
	}
	first = b.removeSpent()
	if b.mounted {
		if err := unix.Unmount(b.dir, unix.MNT_DETACH); err != nil && first == nil {
			first = fmt.Errorf("unmount %s: %w", b.dir, err)
		}
	}
	if err := removeAll(b.dir); err != nil && first == nil {
		first = err
	}
	return first
}
