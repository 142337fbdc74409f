package runner

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
)

// Mode is how strongly a sandbox isolates the programs it runs.
type Mode string

// The sandbox modes. ModeAuto picks ModeFull where the machine allows it.
const (
	ModeAuto  Mode = "auto"
	ModeFull  Mode = "full"
	ModeBasic Mode = "basic"
)

// ParseMode checks a mode name from configuration or flags.
func ParseMode(s string) (Mode, error) {
	switch Mode(s) {
	case "", ModeAuto:
		return ModeAuto, nil
	case ModeFull, ModeBasic:
		return Mode(s), nil
	}
	return "", fmt.Errorf("unknown sandbox mode %q (want auto, full or basic)", s)
}

// Config configures a Sandbox.
type Config struct {
	Mode Mode
	// WorkDir holds the boxes' directories; default /run/judge in full mode
	// and <tmp>/judge-boxes-<uid> in basic mode.
	WorkDir string
	// Binds are host paths shown read-only in every full-mode box, at the
	// same path. Default: DefaultBinds.
	Binds []string
	// Disk is the size of each box's writable tmpfs; default 64 MiB.
	Disk int64
	// Idle is how many boxes are kept for reuse; default 4.
	Idle int
	// UIDBase is the first uid given to boxes; box n runs as UIDBase+n.
	// Default 61000.
	UIDBase int
}

// DefaultBinds are the host paths every full-mode box sees read-only:
// what compilers and runtimes need, and nothing of the judge's own.
var DefaultBinds = []string{
	"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/usr",
	"/etc/alternatives", "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d",
	"/etc/localtime", "/etc/nsswitch.conf", "/etc/passwd", "/etc/group",
	"/etc/python3", "/etc/python3.11", "/etc/ssl/certs",
}

// Sandbox runs programs in boxes. It is safe for concurrent use; each Run
// takes a box of its own.
type Sandbox struct {
	mode    Mode
	cg      *cgroupHost
	dir     string
	binds   []string
	disk    int64
	idleMax int
	uidBase int

	mu     sync.Mutex
	idle   []*box
	live   map[*box]bool
	nextID int
	closed bool
}

// Info describes a sandbox for reports.
type Info struct {
	Mode   Mode   `json:"mode"`
	Memory string `json:"memory"` // "cgroup-v1", "cgroup-v2" or "rusage"
}

// New makes a sandbox. With ModeFull it fails when the machine cannot give
// full isolation; ModeAuto falls back to ModeBasic then.
func New(cfg Config) (*Sandbox, error) {
	mode := cfg.Mode
	if mode == "" {
		mode = ModeAuto
	}
	s := &Sandbox{
		binds:   cfg.Binds,
		disk:    cfg.Disk,
		idleMax: cfg.Idle,
		uidBase: cfg.UIDBase,
		live:    map[*box]bool{},
	}
	if s.binds == nil {
		s.binds = DefaultBinds
	}
	if s.disk <= 0 {
		s.disk = 64 << 20
	}
	if s.idleMax <= 0 {
		s.idleMax = 4
	}
	if s.uidBase <= 0 {
		s.uidBase = 61000
	}
	var fullErr error
	if mode == ModeFull || mode == ModeAuto {
		fullErr = s.initFull(cfg.WorkDir)
		if fullErr == nil {
			s.mode = ModeFull
			return s, nil
		}
		if mode == ModeFull {
			return nil, fmt.Errorf("sandbox mode full is not available: %w", fullErr)
		}
	}
	s.mode = ModeBasic
	s.cg = nil
	work := cfg.WorkDir
	if work == "" {
		work = filepath.Join(os.TempDir(), fmt.Sprintf("judge-boxes-%d", os.Getuid()))
	}
	if err := s.initDir(work); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *Sandbox) initFull(work string) error {
	if os.Geteuid() != 0 {
		return errors.New("needs root (namespaces, mounts and cgroups)")
	}
	cg, probe := findCgroups()
	if cg == nil {
		return errors.New(strings.Join(probe.Problems, "; "))
	}
	s.cg = cg
	cg.removeStaleCgroups()
	if work == "" {
		work = "/run/judge"
	}
	if err := s.initDir(work); err != nil {
		return err
	}
	// Prove that a box can be made here now, rather than at the first run.
	b, err := s.newBox(nil)
	if err != nil {
		os.Remove(s.dir)
		return err
	}
	s.live[b] = true
	s.idle = append(s.idle, b)
	return nil
}

// initDir makes this judge's own directory under work, after removing what
// dead judges left there.
func (s *Sandbox) initDir(work string) error {
	if err := os.MkdirAll(work, 0o755); err != nil {
		return fmt.Errorf("create box directory %s: %w", work, err)
	}
	removeStaleBoxes(work)
	dir, err := os.MkdirTemp(work, fmt.Sprintf("%d-", os.Getpid()))
	if err != nil {
		return fmt.Errorf("create box directory: %w", err)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		return err
	}
	s.dir = dir
	return nil
}

// removeStaleBoxes unmounts and removes the directories of judges that are
// no longer running.
func removeStaleBoxes(work string) {
	entries, err := os.ReadDir(work)
	if err != nil {
		return
	}
	for _, e := range entries {
		pid, ok := staleOwner(e.Name(), "")
		if !ok || processAlive(pid) {
			continue
		}
		removeTree(filepath.Join(work, e.Name()))
	}
}

// removeTree unmounts every mount at or below dir, deepest first, then
// removes it.
func removeTree(dir string) {
	for _, m := range mountsBelow(dir) {
		_ = unix.Unmount(m, unix.MNT_DETACH)
	}
	_ = os.RemoveAll(dir)
}

func mountsBelow(dir string) []string {
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 5 {
			continue
		}
		mp := fs[4]
		if mp == dir || strings.HasPrefix(mp, dir+"/") {
			out = append(out, mp)
		}
	}
	sort.Slice(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}

// Info reports the mode and how memory is measured.
func (s *Sandbox) Info() Info {
	if s.cg != nil {
		return Info{Mode: s.mode, Memory: s.cg.version.String()}
	}
	return Info{Mode: s.mode, Memory: NoCgroup.String()}
}

// Mode returns the mode in force.
func (s *Sandbox) Mode() Mode { return s.mode }

// Close kills every box and removes everything the sandbox made.
func (s *Sandbox) Close() error {
	s.mu.Lock()
	s.closed = true
	boxes := make([]*box, 0, len(s.live))
	for b := range s.live {
		boxes = append(boxes, b)
	}
	s.live = map[*box]bool{}
	s.idle = nil
	s.mu.Unlock()
	var first error
	for _, b := range boxes {
		if err := b.destroy(); err != nil && first == nil {
			first = err
		}
	}
	if s.dir != "" {
		removeTree(s.dir)
	}
	return first
}

// acquire returns an idle box, or a new one. Boxes with overlays are never
// shared.
func (s *Sandbox) acquire(overlays []Overlay) (*box, error) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil, errors.New("sandbox is closed")
	}
	if len(overlays) == 0 && len(s.idle) > 0 {
		b := s.idle[len(s.idle)-1]
		s.idle = s.idle[:len(s.idle)-1]
		s.mu.Unlock()
		return b, nil
	}
	s.mu.Unlock()
	b, err := s.newBox(overlays)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		go b.destroy()
		return nil, errors.New("sandbox is closed")
	}
	s.live[b] = true
	return b, nil
}

// release returns a box to the pool, or destroys it when it is broken,
// private or one too many.
func (s *Sandbox) release(b *box, healthy bool) {
	s.mu.Lock()
	keep := healthy && !s.closed && len(b.overlays) == 0 && len(s.idle) < s.idleMax
	if keep {
		s.idle = append(s.idle, b)
	} else {
		delete(s.live, b)
	}
	s.mu.Unlock()
	if !keep {
		_ = b.destroy()
	}
}

// newBox creates a box directory, its cgroups and its helper.
func (s *Sandbox) newBox(overlays []Overlay) (*box, error) {
	s.mu.Lock()
	id := s.nextID
	s.nextID++
	s.mu.Unlock()
	b := &box{
		sandbox:  s,
		id:       id,
		dir:      filepath.Join(s.dir, strconv.Itoa(id)),
		overlays: overlays,
		uid:      os.Getuid(),
		gid:      os.Getgid(),
		// Full mode is exactly when cgroups are in use: basic mode has none.
		full: s.cg != nil,
	}
	if b.full {
		b.uid, b.gid = s.uidBase+id%1000, s.uidBase+id%1000
	}
	if err := b.create(); err != nil {
		_ = b.destroy()
		return nil, fmt.Errorf("create box %d: %w", id, err)
	}
	return b, nil
}

func (b *box) create() error {
	s := b.sandbox
	if err := os.Mkdir(b.dir, 0o755); err != nil {
		return err
	}
	if b.full {
		// One tmpfs holds everything the box may write, and the program's
		// files; its size is the box's disk limit.
		opts := fmt.Sprintf("size=%d,nr_inodes=16384,mode=0755", s.disk+32<<20)
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
		if d.owned && b.full {
			if err := os.Chown(p, b.uid, b.gid); err != nil {
				return err
			}
		}
	}
	if s.cg != nil {
		// Two sets of groups, used in turn: while a run uses one, the
		// other gives back what the last run left charged (see giveBack).
		for _, half := range []string{"a", "b"} {
			cg, err := s.cg.newBoxCgroup(fmt.Sprintf("judge-%d-%s-%d%s", os.Getpid(), filepath.Base(s.dir), b.id, half))
			if err != nil {
				return err
			}
			b.cg, b.spare = cg, b.cg
		}
	}
	return b.startHelper()
}

func (b *box) startHelper() error {
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_SEQPACKET|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("socketpair: %w", err)
	}
	mine, theirs := os.NewFile(uintptr(fds[0]), "box"), os.NewFile(uintptr(fds[1]), "box-helper")
	defer theirs.Close()
	self, err := os.Executable()
	if err != nil {
		mine.Close()
		return fmt.Errorf("find own executable: %w", err)
	}
	cmd := exec.Command(self)
	cmd.Args = []string{"judge-box"}
	cmd.Env = []string{helperEnv + "=1"}
	cmd.Dir = "/"
	cmd.ExtraFiles = []*os.File{theirs}
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setpgid: true}
	if b.full {
		cmd.SysProcAttr.Cloneflags = syscall.CLONE_NEWNS | syscall.CLONE_NEWPID | syscall.CLONE_NEWNET |
			syscall.CLONE_NEWIPC | syscall.CLONE_NEWUTS
	}
	if err := cmd.Start(); err != nil {
		mine.Close()
		return fmt.Errorf("start box helper: %w", err)
	}
	b.cmd = cmd
	b.sock = mine
	b.replies = make(chan helperReply, 4)
	go b.readReplies()
	cfg := helperConfig{Full: b.full, Dir: b.dir, Overlays: b.overlays, UID: b.uid, GID: b.gid}
	if b.full {
		cfg.Binds = b.sandbox.binds
		if b.cg.version == CgroupV1 {
			cfg.OwnTasks = []string{
				filepath.Join(b.sandbox.cg.memory, "tasks"),
				filepath.Join(b.sandbox.cg.cpuacct, "tasks"),
				filepath.Join(b.sandbox.cg.pids, "tasks"),
			}
			if b.sandbox.cg.cpu != "" {
				cfg.OwnTasks = append(cfg.OwnTasks, filepath.Join(b.sandbox.cg.cpu, "tasks"))
			}
		}
	}
	if err := sendMsg(int(b.sock.Fd()), cfg, nil); err != nil {
		return fmt.Errorf("configure box: %w", err)
	}
	r, ok := <-b.replies
	if !ok {
		return errors.New("box helper died while setting up")
	}
	if r.Kind != "ready" {
		return fmt.Errorf("box helper: %s", r.Err)
	}
	return nil
}

func (b *box) readReplies() {
	defer close(b.replies)
	for {
		var r helperReply
		files, err := recvMsg(int(b.sock.Fd()), &r)
		closeAll(files)
		if err != nil {
			return
		}
		b.replies <- r
	}
}

// destroy kills the helper and everything in the box and removes it.
func (b *box) destroy() error {
	if b.cmd != nil && b.cmd.Process != nil {
		_ = b.cmd.Process.Kill()
		_ = b.cmd.Wait()
	}
	if b.sock != nil {
		// The reader goroutine must be gone before the descriptor is
		// closed, or its number could be reused by another run's pipe
		// while the reader still reads it.
		_ = unix.Shutdown(int(b.sock.Fd()), unix.SHUT_RDWR)
		for range b.replies {
		}
		b.sock.Close()
	}
	var first error
	for _, cg := range []*boxCgroup{b.cg, b.spare} {
		if cg == nil {
			continue
		}
		cg.waitGiveBack()
		closeAll(cg.files)
		if err := cg.remove(); err != nil && first == nil {
			first = err
		}
	}
	if b.mounted {
		if err := unix.Unmount(b.dir, unix.MNT_DETACH); err != nil && first == nil {
			first = fmt.Errorf("unmount %s: %w", b.dir, err)
		}
	}
	if err := os.RemoveAll(b.dir); err != nil && first == nil {
		first = err
	}
	return first
}
