package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"
)

// File is a host file placed into a box for a run.
type File struct {
	Name string // base name inside the box
	Path string // host path to copy from
}

// Spec is one run of a program.
type Spec struct {
	// Args is the command line. Args[0] is looked up in the box's PATH
	// unless it holds a slash. "{prog}" and "{box}" in Args and Env are
	// replaced with the program directory and the working directory.
	Args []string
	// Env is added to the box's clean environment (PATH, HOME, LANG,
	// TMPDIR); nothing is taken from the judge's own environment.
	Env []string
	// Program files are placed read-only in {prog}.
	Program []File
	// Work files are placed in the writable working directory {box}.
	Work []File
	// Collect names files of the working directory to copy, after the run,
	// into CollectDir (regular files only; links are refused).
	Collect    []string
	CollectDir string
	// Stdin is the host file given as standard input; "" gives /dev/null.
	Stdin string
	// Stdout is the host file standard output is written to; "" discards
	// it (it is still counted against the output limit).
	Stdout string
	// Combined sends stdout and stderr together into Result.Stderr, capped
	// at Limits.Stderr, with no output limit (for compilers).
	Combined bool
	// Overlays are shown as private writable views; such a run gets a box
	// of its own that is discarded afterwards.
	Overlays []Overlay
	Limits   Limits
}

// box is one helper process and the directory, mounts and cgroups it owns.
type box struct {
	sandbox  *Sandbox
	id       int
	dir      string
	full     bool
	mounted  bool
	overlays []Overlay
	uid, gid int
	cg       *boxCgroup // the groups of the current run
	spare    *boxCgroup // the groups of the next run

	cmd     *exec.Cmd
	sock    *os.File
	replies chan helperReply

	// program records what is in prog/, to skip copying it again.
	program []programFile
	// peak is the highest resident memory polled in basic mode.
	peak int64
}

type programFile struct {
	File
	size  int64
	mtime time.Time
}

// Run runs spec in a box and returns what it did. An error means the judge
// itself failed (the run's verdict is then an internal error).
func (s *Sandbox) Run(ctx context.Context, spec Spec) (Result, error) {
	if len(spec.Args) == 0 {
		return Result{}, errors.New("run: empty command")
	}
	b, err := s.acquire(spec.Overlays)
	if err != nil {
		return Result{}, err
	}
	res, healthy, err := b.run(ctx, spec, spec.Limits.WithDefaults())
	s.release(b, healthy && err == nil)
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
	prog, work, _ := b.paths()
	return strings.NewReplacer("{prog}", prog, "{box}", work).Replace(s)
}

// BoxPath is the PATH every box gets.
const BoxPath = "/usr/local/go/bin:/usr/local/bin:/usr/bin:/bin"

func (b *box) env(spec Spec) []string {
	_, work, tmp := b.paths()
	env := []string{"PATH=" + BoxPath, "HOME=" + work, "LANG=C.UTF-8", "TMPDIR=" + tmp}
	for _, e := range spec.Env {
		env = append(env, b.expand(e))
	}
	return env
}

// stopReason records why the runner stopped a program, first reason wins.
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

func (b *box) run(ctx context.Context, spec Spec, lim Limits) (Result, bool, error) {
	var res Result
	if b.spare != nil {
		b.cg, b.spare = b.spare, b.cg
		b.cg.waitGiveBack()
	}
	if err := b.placeProgram(spec.Program); err != nil {
		return res, false, err
	}
	_, workDir, _ := b.paths()
	defer b.clean()
	for _, f := range spec.Work {
		dst := filepath.Join(b.dir, "work", f.Name)
		if err := copyFile(f.Path, dst, 0o644); err != nil {
			return res, false, fmt.Errorf("place %s: %w", f.Name, err)
		}
		if b.full {
			if err := os.Chown(dst, b.uid, b.gid); err != nil {
				return res, false, err
			}
		}
	}
	if b.cg != nil {
		if err := b.cg.prepare(lim.Memory, lim.Procs); err != nil {
			return res, false, err
		}
	}

	// Standard streams and cgroup descriptors travel with the request.
	var files []*os.File
	defer func() { closeAll(files) }()
	stdin := spec.Stdin
	if stdin == "" {
		stdin = os.DevNull
	}
	in, err := os.Open(stdin)
	if err != nil {
		return res, false, fmt.Errorf("open input: %w", err)
	}
	files = append(files, in)
	outR, outW, err := os.Pipe()
	if err != nil {
		return res, false, err
	}
	files = append(files, outW)
	errR, errW := outR, outW
	if !spec.Combined {
		if errR, errW, err = os.Pipe(); err != nil {
			outR.Close()
			return res, false, err
		}
	}
	files = append(files, errW)
	req := runRequest{
		Op:       "run",
		Path:     b.expand(spec.Args[0]),
		Env:      b.env(spec),
		Dir:      workDir,
		Stack:    lim.Stack,
		FileSize: lim.Output,
		Files:    lim.Files,
		Procs:    lim.Procs,
	}
	for _, a := range spec.Args {
		req.Args = append(req.Args, b.expand(a))
	}
	var cgFiles []*os.File
	if b.cg != nil {
		req.CgroupV2 = b.cg.version == CgroupV2
		if cgFiles, err = b.cgroupFiles(); err != nil {
			outR.Close()
			if errR != outR {
				errR.Close()
			}
			return res, false, err
		}
	}

	// Readers of the program's output start before it does.
	var stop stopReason
	// Every limit that fires sends a kill, even after the first: one that
	// crossed the run request on its way is not lost.
	kill := func(s Status) {
		stop.trySet(s)
		b.kill()
	}
	var wg sync.WaitGroup
	var outErr error
	wg.Add(1)
	if spec.Combined {
		go func() {
			defer wg.Done()
			res.Stderr, _ = readCapped(outR, lim.Stderr)
			outR.Close()
		}()
	} else {
		go func() {
			defer wg.Done()
			res.Output, outErr = copyOutput(outR, spec.Stdout, lim.Output, func() { kill(OutputExceeded) })
			outR.Close()
		}()
		wg.Add(1)
		go func() {
			defer wg.Done()
			res.Stderr, _ = readCapped(errR, lim.Stderr)
			errR.Close()
		}()
	}
	fds := make([]int, 0, len(files)+len(cgFiles))
	for _, f := range append(files, cgFiles...) {
		fds = append(fds, int(f.Fd()))
	}
	if err := sendMsg(int(b.sock.Fd()), req, fds); err != nil {
		closeAll(files)
		files = nil
		wg.Wait()
		return res, false, fmt.Errorf("send run request: %w", err)
	}
	closeAll(files)
	files = nil

	reply, ok := b.await(ctx, lim, kill, &stop)
	if !ok {
		b.kill()
		wg.Wait()
		if err := ctx.Err(); err != nil {
			return res, false, err
		}
		return res, false, errors.New("box helper died during the run")
	}
	if b.cg != nil {
		// Nothing may outlive the run, even if the helper missed it.
		b.cg.kill()
	}
	wg.Wait()
	if reply.Kind == "error" {
		if reply.NotFound {
			return res, true, fmt.Errorf("%w: %s", ErrCommandNotFound, reply.Err)
		}
		return res, false, fmt.Errorf("box: %s", reply.Err)
	}
	if outErr != nil {
		return res, false, fmt.Errorf("write output: %w", outErr)
	}
	if err := ctx.Err(); err != nil {
		return res, true, err
	}
	b.finish(&res, reply, lim, &stop)
	for _, name := range spec.Collect {
		if err := collect(filepath.Join(b.dir, "work", name), filepath.Join(spec.CollectDir, name)); err != nil && res.OK() {
			return res, true, fmt.Errorf("collect %s: %w", name, err)
		}
	}
	return res, true, nil
}

// cgroupFiles returns the descriptors the helper joins the box's cgroups
// through (v1 task files, or the v2 directory), opened once per box and
// again when the group was made anew.
func (b *box) cgroupFiles() ([]*os.File, error) {
	cg := b.cg
	if cg.files != nil && !cg.renewed {
		return cg.files, nil
	}
	closeAll(cg.files)
	cg.files, cg.renewed = nil, false
	for _, p := range cg.taskFiles() {
		flag := os.O_WRONLY
		if cg.version == CgroupV2 {
			flag = os.O_RDONLY | syscall.O_DIRECTORY
		}
		f, err := os.OpenFile(p, flag, 0)
		if err != nil {
			closeAll(cg.files)
			cg.files = nil
			return nil, fmt.Errorf("open cgroup: %w", err)
		}
		cg.files = append(cg.files, f)
	}
	return cg.files, nil
}

// finish fills the result from the helper's reply and the cgroup's figures.
func (b *box) finish(res *Result, reply helperReply, lim Limits, stop *stopReason) {
	res.Wall = time.Duration(reply.Wall)
	res.CPU = time.Duration(reply.CPU)
	var mem usage
	switch {
	case b.cg != nil:
		if cpu, err := b.cg.cpuTime(); err == nil {
			res.CPU = cpu
		}
		if m, err := b.cg.memory(); err == nil {
			mem = m
			res.Memory = m.peak
		}
	default:
		// The program's own peak at exit, or what polling saw of its tree,
		// whichever is larger.
		res.Memory = max(reply.PeakRSS, b.peak)
		if res.Memory == 0 && reply.MaxRSS > reply.BaseRSS {
			// Killed before its exit stop and too short to be polled:
			// rusage, which counts from the helper's own mark, is the
			// program's peak once above it.
			res.Memory = reply.MaxRSS
		}
	}
	if reply.Exited {
		res.Status, res.ExitCode = Exited, reply.ExitCode
	} else {
		res.Status, res.Signal = Signaled, syscall.Signal(reply.Signal)
	}
	failed := !res.OK()
	switch s, stopped := stop.get(); {
	case stopped:
		res.Status = s
	case res.CPU > lim.CPU:
		res.Status = CPUExceeded
	case res.Wall > lim.Wall:
		res.Status = WallExceeded
	case mem.oom, failed && (mem.failed || res.Memory >= lim.Memory):
		res.Status = MemoryExceeded
	case res.Status == Signaled && res.Signal == syscall.SIGXFSZ:
		res.Status = OutputExceeded
	}
}

// killRepeat is how often a kill is sent again while a killed run has not
// ended.
const killRepeat = 50 * time.Millisecond

// await waits for the run to end while it enforces the CPU, wall and (in
// basic mode) memory limits. It returns false when the helper is gone.
func (b *box) await(ctx context.Context, lim Limits, kill func(Status), stop *stopReason) (helperReply, bool) {
	var started time.Time
	pid := 0
	wall := time.NewTimer(time.Hour)
	defer wall.Stop()
	tick := time.NewTimer(time.Hour)
	defer tick.Stop()
	b.peak = 0
	ncpu := time.Duration(runtime.NumCPU())
	done := ctx.Done()
	for {
		select {
		case r, ok := <-b.replies:
			if !ok {
				return r, false
			}
			switch r.Kind {
			case "started":
				started, pid = time.Now(), r.Pid
				wall.Reset(lim.Wall)
				tick.Reset(0)
			case "done", "error":
				return r, true
			}
		case <-wall.C:
			kill(WallExceeded)
			tick.Reset(killRepeat)
		case <-done:
			done = nil
			kill(WallExceeded)
			// Keep waiting for "done" so the box can be reused.
			tick.Reset(killRepeat)
		case <-tick.C:
			if _, stopped := stop.get(); stopped {
				// Killed, but not yet done: say it again.
				b.kill()
				tick.Reset(killRepeat)
				continue
			}
			used := b.cpuUsed(pid)
			if used > lim.CPU {
				kill(CPUExceeded)
				tick.Reset(killRepeat)
				continue
			}
			if b.cg == nil {
				if m := b.pollMemory(pid); m > lim.Memory {
					kill(MemoryExceeded)
					tick.Reset(killRepeat)
					continue
				}
			}
			// CPU time grows at most ncpu times as fast as real time, so
			// the limit cannot be passed before this timer fires.
			next := (lim.CPU - used) / ncpu
			if next < time.Millisecond {
				next = time.Millisecond
			}
			if b.cg == nil && next > 10*time.Millisecond {
				next = 10 * time.Millisecond // polled memory
			}
			if rem := lim.Wall - time.Since(started); next > rem && rem > 0 {
				next = rem
			}
			tick.Reset(next)
		}
	}
}

// cpuUsed is the tree's CPU time so far.
func (b *box) cpuUsed(pid int) time.Duration {
	if b.cg != nil {
		t, _ := b.cg.cpuTime()
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

// procCPU reads utime+stime of one process (and its reaped children) from
// /proc/<pid>/stat.
func procCPU(pid int) time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(s[i+1:])
	// Fields after the command: state is f[0]; utime f[11], stime f[12],
	// cutime f[13], cstime f[14], in clock ticks.
	if len(f) < 15 {
		return 0
	}
	var ticks int64
	for _, k := range []int{11, 12, 13, 14} {
		var v int64
		fmt.Sscan(f[k], &v)
		ticks += v
	}
	return time.Duration(ticks) * time.Second / 100
}

// kill asks the helper to stop every process of the current run. (The
// cgroup is emptied by the judge itself only once the run is over: while
// a run starts, the helper's forking thread is in the cgroup too.)
func (b *box) kill() {
	_ = sendMsg(int(b.sock.Fd()), runRequest{Op: "kill"}, nil)
}

// placeProgram copies the program's files into prog/ unless they are there
// already.
func (b *box) placeProgram(files []File) error {
	want := make([]programFile, 0, len(files))
	for _, f := range files {
		fi, err := os.Stat(f.Path)
		if err != nil {
			return fmt.Errorf("program file: %w", err)
		}
		want = append(want, programFile{File: f, size: fi.Size(), mtime: fi.ModTime()})
	}
	if samePrograms(want, b.program) {
		return nil
	}
	b.program = nil
	prog := filepath.Join(b.dir, "prog")
	if err := clearDir(prog); err != nil {
		return err
	}
	for _, f := range want {
		if strings.ContainsRune(f.Name, '/') {
			return fmt.Errorf("program file name %q has a slash", f.Name)
		}
		if err := copyFile(f.Path, filepath.Join(prog, f.Name), 0o755); err != nil {
			return fmt.Errorf("place %s: %w", f.Name, err)
		}
	}
	b.program = want
	return nil
}

func samePrograms(a, b []programFile) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].File != b[i].File || a[i].size != b[i].size || !a[i].mtime.Equal(b[i].mtime) {
			return false
		}
	}
	return true
}

// clean empties the writable directories after a run, and starts giving
// back what the run left charged to its cgroup, in the background.
func (b *box) clean() {
	for _, d := range []string{"work", "tmp"} {
		_ = clearDir(filepath.Join(b.dir, d))
	}
	if b.cg != nil {
		b.cg.startGiveBack()
	}
}

func clearDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	var first error
	for _, e := range entries {
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil && first == nil {
			first = err
		}
	}
	return first
}

func copyFile(src, dst string, mode os.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, mode)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// collect copies a file the program made out of the box. It refuses links
// and anything but a regular file, so that a hostile compiler cannot make
// the judge read a host file.
func collect(src, dst string) error {
	in, err := os.OpenFile(src, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		return err
	}
	defer in.Close()
	fi, err := in.Stat()
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file", filepath.Base(src))
	}
	tmp, err := os.CreateTemp(filepath.Dir(dst), ".collect-*")
	if err != nil {
		return err
	}
	if _, err := io.Copy(tmp, in); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Chmod(0o755); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), dst)
}

// copyOutput copies the program's stdout to path (or nowhere), up to limit
// bytes; past it, onLimit is called once and the rest is drained.
func copyOutput(r io.Reader, path string, limit int64, onLimit func()) (int64, error) {
	var w io.Writer = io.Discard
	var f *os.File
	if path != "" {
		var err error
		if f, err = os.Create(path); err != nil {
			io.Copy(io.Discard, r)
			return 0, err
		}
		defer f.Close()
		w = f
	}
	buf := make([]byte, 64<<10)
	var n int64
	var werr error
	for {
		k, err := r.Read(buf)
		if k > 0 {
			if n+int64(k) > limit {
				keep := limit - n
				if keep > 0 && werr == nil {
					_, werr = w.Write(buf[:keep])
				}
				n = limit + 1
				onLimit()
				w = io.Discard
			} else {
				if werr == nil {
					_, werr = w.Write(buf[:k])
				}
				n += int64(k)
			}
		}
		if err != nil {
			break
		}
	}
	return n, werr
}

// readCapped keeps the first limit bytes of r and drains the rest.
func readCapped(r io.Reader, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit))
	io.Copy(io.Discard, r)
	return data, err
}
