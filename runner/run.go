package runner

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/puzzlejudge/judge/runner/cgroup"
)

// Run runs spec in a box and returns what it did. An error means the judge
// itself failed (the run's verdict is then an internal error).
func (s *Sandbox) Run(ctx context.Context, spec Spec) (Result, error) {
	return s.run(ctx, spec, nil)
}

// run is Run, and stops the program (Stopped) when halt ends first; a nil
// halt never ends.
func (s *Sandbox) run(ctx context.Context, spec Spec, halt context.Context) (Result, error) {
	if halt == nil {
		halt = context.Background()
	}
	if len(spec.Args) == 0 {
		return Result{}, errors.New("run: empty command")
	}
	b, err := s.acquire(spec.Overlays, spec.Limits.Disk)
	if err != nil {
		return Result{}, err
	}
	cpu := 0
	if !spec.AllCPUs {
		cpu = s.cpus.take()
		defer s.cpus.give(cpu)
	}
	res, healthy, err := b.run(ctx, halt, spec, spec.Limits.WithDefaults(), cpu)
	s.release(b, healthy)
	return res, err
}

// paths returns the program and working directories as the program sees
// them.
func (b *box) paths() (prog, work, tmp string) {
	if b.full {
		return "/prog", "/box", "/tmp"
	}
	return filepath.Join(b.dir, "prog"), filepath.Join(b.dir, "work"), filepath.Join(b.dir, "tmp")
}

func (b *box) expand(s string) string {
	if b.expander == nil {
		prog, work, _ := b.paths()
		b.expander = strings.NewReplacer("{prog}", prog, "{box}", work)
	}
	return b.expander.Replace(s)
}

func (b *box) env(spec Spec) []string {
	_, work, tmp := b.paths()
	env := []string{"PATH=" + BoxPath, "HOME=" + work, "LANG=C.UTF-8", "TMPDIR=" + tmp}
	for _, e := range spec.Env {
		env = append(env, b.expand(e))
	}
	return env
}

// stopReason records why the runner stopped a program; the first reason
// wins.
type stopReason struct {
	mu     sync.Mutex
	status Status
	set    bool
}

func (r *stopReason) trySet(s Status) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.set {
		return false
	}
	r.status, r.set = s, true
	return true
}

func (r *stopReason) get() (Status, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.status, r.set
}

// run runs one program in the box, bound to cpu (see runRequest.CPU),
// and stops it (Stopped) when halt ends. healthy says whether the box may
// be used again.
func (b *box) run(ctx, halt context.Context, spec Spec, lim Limits, cpu int) (res Result, healthy bool, err error) {
	if err := b.placeProgram(spec.Program); err != nil {
		return res, false, err
	}
	defer func() {
		if !b.reset() {
			healthy, res.BoxChanged = false, true
		}
	}()
	if err := b.placeWork(spec.Work); err != nil {
		return res, false, err
	}
	var cg cgroup.Group
	var cgFiles []*os.File // the files that join the group, take its memory limit, reset its figures
	nEnter, nReset := 0, 0
	// over says the run ended as runs should: the helper's reply read,
	// the group emptied, its figures read. Only then may its group serve
	// again; otherwise it is removed during the next run (tidy).
	over := false
	if b.full {
		rg, err := b.takeGroup(lim.Procs)
		if err != nil {
			return res, false, err
		}
		defer func() {
			if over {
				b.recycle(rg)
			} else {
				b.retire(rg)
			}
		}()
		cg, nEnter, nReset = rg.g, len(rg.enter), len(rg.reset)
		cgFiles = append(append(append([]*os.File(nil), rg.enter...), rg.limit...), rg.reset...)
	}

	// Standard streams and cgroup files travel with the request.
	st, err := b.openStreams(spec)
	if err != nil {
		return res, false, err
	}
	defer st.close()
	_, workDir, _ := b.paths()
	b.runID++
	req := runRequest{
		Op:       "run",
		ID:       b.runID,
		Path:     b.expand(spec.Args[0]),
		Env:      b.env(spec),
		Dir:      workDir,
		Stack:    lim.Stack,
		FileSize: fileSizeLimit(spec, lim, b.disk),
		Files:    lim.Files,
		Procs:    lim.Procs,
		Memory:   lim.Memory,
		Enter:    nEnter,
		Reset:    nReset,
		CPU:      cpu,
	}
	if b.full {
		req.Wall = int64(lim.Wall)
	}
	for _, a := range spec.Args {
		req.Args = append(req.Args, b.expand(a))
	}

	var stop stopReason
	// Every limit that fires sends a kill, even after the first: one that
	// crossed the run request on its way is not lost.
	stopFor := func(s Status) {
		stop.trySet(s)
		b.requestKill()
	}
	st.fill()
	fds := append(st.theirFDs(), fdsOf(cgFiles)...)
	if err := b.sock.send(req, fds); err != nil {
		st.closeTheirs()
		st.wait()
		return res, false, fmt.Errorf("send run request: %w", err)
	}
	st.start(spec, lim, &res, func() { stopFor(OutputExceeded) })
	st.closeTheirs()
	if b.full {
		b.tidy()
	}

	reply, ok := b.await(ctx, halt, lim, cg, spec.StdoutFile, st.lateBy(), st.startLate, stopFor, &stop)
	if !ok {
		b.requestKill()
		if cg != nil {
			cg.Kill()
		}
		st.wait()
		if err := ctx.Err(); err != nil {
			return res, false, err
		}
		return res, false, errors.New("box helper died during the run")
	}
	if cg != nil {
		// Nothing may outlive the run, even if the helper missed it.
		cg.Kill()
	}
	st.wait()
	if reply.Kind == "error" {
		if reply.NotFound {
			return res, true, fmt.Errorf("%w: %s", ErrCommandNotFound, reply.Err)
		}
		return res, false, fmt.Errorf("box: %s", reply.Err)
	}
	if st.outErr != nil {
		return res, false, fmt.Errorf("write output: %w", st.outErr)
	}
	if err := ctx.Err(); err != nil {
		return res, true, err
	}
	if reply.WallStop {
		stop.trySet(WallExceeded)
	}
	if spec.StdoutFile != nil {
		fi, err := spec.StdoutFile.Stat()
		if err != nil {
			return res, true, fmt.Errorf("output: %w", err)
		}
		if res.Output = fi.Size(); res.Output > lim.Output {
			stop.trySet(OutputExceeded)
		}
	}
	o := outcome{exited: reply.Exited, exitCode: reply.ExitCode, signal: reply.Signal, wall: time.Duration(reply.Wall)}
	o.stop, o.stopped = stop.get()
	if cg != nil {
		// The group is empty: its figures are final. Its memory events
		// are read only where decide may look at them.
		use, err := cg.Usage()
		if err != nil {
			return res, false, fmt.Errorf("read cgroup: %w", err)
		}
		// The peak is counted above what the group had charged when the
		// program started (see helperReply.Residual).
		o.cpu, o.peak = use.CPU, max(0, use.Peak-reply.Residual)
		if o.needsEvents(lim) {
			ev, err := cg.Events()
			if err != nil {
				return res, false, fmt.Errorf("read cgroup: %w", err)
			}
			o.oomKills, o.hitLimit = ev.OOMKills, ev.HitLimit
		}
		over = true
	} else {
		o.cpu = time.Duration(reply.CPU)
		o.peak = basicPeak(reply, b.peak)
	}
	res.Status = decide(o, lim)
	res.CPU, res.Wall, res.Memory = o.cpu, o.wall, o.peak
	if o.exited {
		res.ExitCode = reply.ExitCode
	} else {
		res.Signal = o.sig()
	}
	if err := collectRun(filepath.Join(b.dir, "work"), spec, res, b.disk); err != nil {
		return res, true, err
	}
	return res, true, nil
}

// basicPeak is a basic-mode run's peak memory: the program's own peak at
// exit, or what polling saw of its tree, whichever is larger.
func basicPeak(reply helperReply, polled int64) int64 {
	peak := max(reply.PeakRSS, polled)
	if peak == 0 && reply.MaxRSS > reply.BaseRSS {
		// Killed before its exit stop and too short to be polled: rusage,
		// which counts from the helper's own mark, is the program's peak
		// once above it.
		peak = reply.MaxRSS
	}
	return peak
}

// fileSizeLimit is the run's RLIMIT_FSIZE: the output limit, or one byte
// more where the program writes its output straight into a file, so that a
// file one byte over says the limit was passed; for a run with no output
// limit (Combined: compilers), the box's disk size, which bounds what it
// writes anyway.
func fileSizeLimit(spec Spec, lim Limits, disk int64) int64 {
	switch {
	case spec.Combined:
		return disk
	case spec.StdoutFile != nil:
		return lim.Output + 1
	}
	return lim.Output
}

// outputPoll spaces the looks at the size of a file a program writes its
// output into (Spec.StdoutFile): RLIMIT_FSIZE stops most programs at the
// limit, but a runtime that ignores SIGXFSZ (Go, the JVM) only sees its
// writes fail and may go on until another limit. The first look comes
// after most tests have ended, so they cost none; the gaps double up to
// a tenth of a second.
type outputPoll time.Duration

func (p *outputPoll) next(out *os.File) time.Duration {
	if out == nil {
		return time.Hour
	}
	*p = outputPoll(min(max(2*time.Duration(*p), 20*time.Millisecond), 100*time.Millisecond))
	return time.Duration(*p)
}

// lateStart is when, at the latest, a run that has not ended starts
// reading its stderr (see streams.start), and lateOutStart when one whose
// stdout is a pipe to the judge starts reading both: a program that
// fills that pipe (64 KiB) first waits that long at most.
const (
	lateStart    = 20 * time.Millisecond
	lateOutStart = 2 * time.Millisecond
)

// replyWait is how long from its start a run's reply is waited for in
// the kernel rather than through the poller: most tests end within it.
const replyWait = 2 * time.Millisecond

// killRepeat is how often a kill is sent again while a killed run has not
// ended.
const killRepeat = 50 * time.Millisecond

// await waits for the run to end while it enforces the CPU, wall (in full
// mode, the helper's is the wall clock that counts) and (in basic mode)
// memory limits, and stops the program when halt ends. It calls late at
// its first look, which comes within lateBy of the start. It returns
// false when the helper is gone.
func (b *box) await(ctx, halt context.Context, lim Limits, cg cgroup.Group, out *os.File, lateBy time.Duration, late func(), stopFor func(Status), stop *stopReason) (helperReply, bool) {
	var started time.Time
	pid := 0
	// The next look (tick) and the judge's wall limit, as times: the
	// reply is read with the nearer of them as its deadline.
	never := time.Now().Add(1000 * time.Hour)
	wallAt, tickAt := never, never
	b.peak = 0
	ncpu := time.Duration(runtime.NumCPU())
	var outPoll outputPoll
	if cg != nil {
		// Full mode: the helper keeps the wall limit from the fork, and
		// says nothing until the run is over. The judge's own wall clock,
		// started at the request, is only a backstop should the helper
		// fail to; CPU time is looked at from the start.
		started = time.Now()
		wallAt = started.Add(lim.Wall + lim.Wall/2 + time.Second)
		tickAt = started.Add(min(lim.CPU/ncpu, outPoll.next(out), lateBy))
	}
	// A context that ends, or halt, wakes the wait at once.
	stopWake := context.AfterFunc(ctx, b.wakeReply)
	defer stopWake()
	stopHalt := context.AfterFunc(halt, b.wakeReply)
	defer stopHalt()
	ctxDone, halted := false, false
	// The first replyWait of the run is waited for in the kernel, on
	// this thread (see box.recvReply): a context's end, or halt, is then
	// heard within it at most.
	blockUntil := time.Now().Add(replyWait)
	for {
		if !ctxDone && ctx.Err() != nil {
			ctxDone = true
			stopFor(WallExceeded)
			// Keep waiting for "done" so the box can be reused.
			tickAt = time.Now().Add(killRepeat)
		}
		if !halted && halt.Err() != nil {
			halted = true
			stopFor(Stopped)
			tickAt = time.Now().Add(killRepeat)
		}
		r, timedOut, err := b.recvReply(earlier(wallAt, tickAt), blockUntil)
		if err != nil {
			return r, false
		}
		if !timedOut {
			switch r.Kind {
			case "started":
				started, pid = time.Now(), r.Pid
				wallAt = started.Add(lim.Wall)
				if cg != nil {
					// Nothing to look at before the limit could be reached.
					tickAt = started.Add(lim.CPU / ncpu)
				} else {
					tickAt = started // polled memory
				}
			case "done", "error":
				return r, true
			}
			continue
		}
		now := time.Now()
		if !now.Before(wallAt) {
			stopFor(WallExceeded)
			wallAt, tickAt = never, now.Add(killRepeat)
			continue
		}
		if now.Before(tickAt) {
			continue // woken early (the context's end, say)
		}
		late()
		if _, stopped := stop.get(); stopped {
			// Killed, but not yet done: say it again.
			b.requestKill()
			tickAt = now.Add(killRepeat)
			continue
		}
		used := b.cpuUsed(cg, pid)
		if used > lim.CPU {
			stopFor(CPUExceeded)
			tickAt = now.Add(killRepeat)
			continue
		}
		if out != nil {
			if fi, err := out.Stat(); err == nil && fi.Size() > lim.Output {
				stopFor(OutputExceeded)
				tickAt = now.Add(killRepeat)
				continue
			}
		}
		if cg == nil {
			if m := b.pollMemory(pid); m > lim.Memory {
				stopFor(MemoryExceeded)
				tickAt = now.Add(killRepeat)
				continue
			}
		}
		// CPU time grows at most ncpu times as fast as real time, so
		// the limit cannot be passed before the next look.
		next := (lim.CPU - used) / ncpu
		if next < time.Millisecond {
			next = time.Millisecond
		}
		if cg == nil && next > 10*time.Millisecond {
			next = 10 * time.Millisecond // polled memory
		}
		next = min(next, outPoll.next(out))
		if rem := lim.Wall - time.Since(started); next > rem && rem > 0 {
			next = rem
		}
		tickAt = now.Add(next)
	}
}

// earlier returns the earlier of two times.
func earlier(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// cpuUsed is the tree's CPU time so far.
func (b *box) cpuUsed(cg cgroup.Group, pid int) time.Duration {
	if cg != nil {
		t, _ := cg.CPU()
		return t
	}
	var total time.Duration
	for _, p := range append([]int{pid}, descendants(pid)...) {
		total += procCPU(p)
	}
	return total
}

// pollMemory returns the tree's resident memory now, and keeps the peak:
// the larger of the highest total seen and any one process's own
// high-water mark.
func (b *box) pollMemory(pid int) int64 {
	var total int64
	for _, p := range append([]int{pid}, descendants(pid)...) {
		status := fmt.Sprintf("/proc/%d/status", p)
		total += statusField(status, "VmRSS:")
		b.peak = max(b.peak, statusField(status, "VmHWM:"))
	}
	b.peak = max(b.peak, total)
	return total
}

// requestKill asks the helper to kill every process of the current run.
// (The judge empties the run's cgroup itself once the run is over.)
func (b *box) requestKill() {
	_ = b.control.send(runRequest{Op: "kill", ID: b.runID}, nil)
}

func fdsOf(files []*os.File) []int {
	out := make([]int, 0, len(files))
	for _, f := range files {
		out = append(out, int(f.Fd()))
	}
	return out
}
