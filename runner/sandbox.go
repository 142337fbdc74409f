package runner

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/puzzlejudge/judge/core/judging"
	"github.com/puzzlejudge/judge/internal/mountinfo"
	"github.com/puzzlejudge/judge/runner/cgroup"
	"golang.org/x/sys/unix"
)

// Mode is how strongly a sandbox isolates the programs it runs. It is
// package judging's, whose reports record it.
type Mode = judging.Mode

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

// ErrNoFullSandbox is wrapped by New's error when the full sandbox was
// asked for, or when the judge is root and ModeAuto cannot have it: a root
// judge never falls back to running submissions unisolated by itself.
var ErrNoFullSandbox = errors.New("the full sandbox is not available")

// Config configures a Sandbox.
type Config struct {
	Mode Mode
	// WorkDir holds the boxes' directories; default /run/judge in full mode
	// and <tmp>/judge-boxes-<uid> in basic mode.
	WorkDir string
	// LockDir holds the lock files that prove which judges are alive;
	// default /run/judge/locks as root, <tmp>/judge-locks-<uid> otherwise.
	// Every judge on a host must use the same one.
	LockDir string
	// Binds are host paths shown read-only in every full-mode box, at the
	// same path. Default: DefaultBinds.
	Binds []string
	// Disk is the size of each box's writable tmpfs; default 64 MiB.
	Disk int64
	// Idle is how many boxes are kept for reuse; default 4.
	Idle int
	// UIDBase is where the blocks of box uids start; each sandbox takes a
	// free block of 1024 uids of its own (full mode, and basic mode as
	// root). Default 2000000000.
	UIDBase int
}

// DefaultBinds are the host paths every full-mode box sees read-only:
// what compilers and runtimes need, and nothing of the judge's own.
var DefaultBinds = []string{
	"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/usr",
	"/etc/alternatives", "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d",
	"/etc/localtime", "/etc/nsswitch.conf", "/etc/passwd", "/etc/group",
	"/etc/python3", "/etc/python3.11", "/etc/ssl/certs",
	// Debian's JDKs keep their security and VM settings here; the JVM
	// does not start without them.
	"/etc/java-17-openjdk", "/etc/java-21-openjdk",
}

// Sandbox runs programs in boxes. It is safe for concurrent use; each Run
// takes a box of its own.
type Sandbox struct {
	mode    Mode
	self    *instance
	cg      cgroup.Tree // nil in basic mode
	dir     string      // this sandbox's folder of boxes
	binds   []string
	disk    int64
	idleMax int
	// dropUID says programs run as the box uids (full mode, and basic
	// mode as root).
	dropUID bool

	cpus *cpuPlacer

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
// full isolation. ModeAuto falls back to ModeBasic then, except as root,
// where it fails too (ErrNoFullSandbox): ModeBasic as root is only had by
// asking for it, and even then programs run as an unprivileged uid.
func New(cfg Config) (*Sandbox, error) {
	if os.Getenv(helperEnv) != "" {
		// Started as a box helper, this program went on to its own work
		// instead: without this check it would open boxes of its own,
		// each starting the program again, without end.
		return nil, errors.New("this program was started as a box helper but did not call runner.Init first thing in main (or TestMain)")
	}
	mode := cfg.Mode
	if mode == "" {
		mode = ModeAuto
	}
	root := os.Geteuid() == 0
	s := &Sandbox{
		binds:   cfg.Binds,
		disk:    cfg.Disk,
		idleMax: cfg.Idle,
		cpus:    newCPUPlacer(),
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
	uidBase := cfg.UIDBase
	if uidBase <= 0 {
		uidBase = 2_000_000_000
	}
	lockDir := cfg.LockDir
	if lockDir == "" {
		lockDir = "/run/judge/locks"
		if !root {
			lockDir = filepath.Join(os.TempDir(), fmt.Sprintf("judge-locks-%d", os.Getuid()))
		}
	}
	self, err := claimInstance(lockDir)
	if err != nil {
		return nil, err
	}
	s.self = self
	if root {
		if err := self.claimUIDs(uidBase); err != nil {
			self.release()
			return nil, err
		}
		s.dropUID = true
	}
	if mode == ModeAuto && !root {
		mode = ModeBasic // the full sandbox needs root
	}
	if mode == ModeFull || mode == ModeAuto {
		if err := s.initFull(cfg.WorkDir); err != nil {
			s.Close()
			if mode == ModeFull {
				return nil, fmt.Errorf("%w: %v", ErrNoFullSandbox, err)
			}
			return nil, fmt.Errorf("%w (%v); as root the judge does not fall back to the basic sandbox by itself: fix what `judge doctor` reports, or ask for --sandbox basic", ErrNoFullSandbox, err)
		}
		s.mode = ModeFull
		return s, nil
	}
	s.mode = ModeBasic
	work := cfg.WorkDir
	if work == "" {
		work = filepath.Join(os.TempDir(), fmt.Sprintf("judge-boxes-%d", os.Getuid()))
	}
	if err := s.initDir(work); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

func (s *Sandbox) initFull(work string) error {
	if os.Geteuid() != 0 {
		return errors.New("needs root (namespaces, mounts and cgroups)")
	}
	if work == "" {
		work = "/run/judge"
	}
	if err := s.initDir(work); err != nil {
		return err
	}
	cg, err := cgroup.Open(s.self.name, func(name string) bool { return alive(s.self.lockDir, name) })
	if err != nil {
		return err
	}
	s.cg = cg
	// Prove that a box can be made here now, rather than at the first run.
	b, err := s.newBox(nil, s.disk)
	if err != nil {
		return err
	}
	s.live[b] = true
	s.idle = append(s.idle, b)
	return nil
}

// initDir makes this sandbox's own folder under work, after removing what
// dead judges left there.
func (s *Sandbox) initDir(work string) error {
	if err := os.MkdirAll(work, 0o755); err != nil {
		return fmt.Errorf("create box directory %s: %w", work, err)
	}
	removeStaleBoxes(work, s.self.lockDir, s.self.name)
	dir := filepath.Join(work, s.self.name)
	if err := os.Mkdir(dir, 0o755); err != nil {
		return fmt.Errorf("create box directory: %w", err)
	}
	s.dir = dir
	return nil
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
	mounts, err := mountinfo.Read()
	if err != nil {
		return nil
	}
	var out []string
	for _, m := range mounts {
		if m.MountPoint == dir || strings.HasPrefix(m.MountPoint, dir+"/") {
			out = append(out, m.MountPoint)
		}
	}
	sort.Slice(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}

// Info reports the mode and how memory is measured.
func (s *Sandbox) Info() Info {
	if s.cg != nil {
		return Info{Mode: s.mode, Memory: s.cg.Version().String()}
	}
	return Info{Mode: s.mode, Memory: cgroup.None.String()}
}

// Mode returns the mode in force.
func (s *Sandbox) Mode() Mode { return s.mode }

// Instance is the name of this sandbox's folder under the work directory;
// its cgroups are named cgroup.Prefix + Instance().
func (s *Sandbox) Instance() string { return s.self.name }

// UIDs returns the range of uids its programs run as, or (0, -1) when
// they keep the judge's own.
func (s *Sandbox) UIDs() (first, last int) {
	if !s.dropUID {
		return 0, -1
	}
	return s.self.uidFirst, s.self.uidFirst + uidBlock - 1
}

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
	if s.cg != nil {
		if err := s.cg.Close(); err != nil && first == nil {
			first = err
		}
		s.cg = nil
	}
	if s.dir != "" {
		removeTree(s.dir)
		s.dir = ""
	}
	if s.self != nil {
		s.self.release()
	}
	return first
}

// acquire returns an idle box, or a new one. Boxes with overlays, or with
// a disk size (0: the sandbox's) other than the sandbox's, are never
// shared.
func (s *Sandbox) acquire(overlays []Overlay, disk int64) (*box, error) {
	if disk <= 0 {
		disk = s.disk
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil, errors.New("sandbox is closed")
	}
	if len(overlays) == 0 && disk == s.disk && len(s.idle) > 0 {
		b := s.idle[len(s.idle)-1]
		s.idle = s.idle[:len(s.idle)-1]
		s.mu.Unlock()
		return b, nil
	}
	s.mu.Unlock()
	b, err := s.newBox(overlays, disk)
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
	keep := healthy && !s.closed && len(b.overlays) == 0 && b.disk == s.disk && len(s.idle) < s.idleMax
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

// newBox creates a box directory and its helper.
func (s *Sandbox) newBox(overlays []Overlay, disk int64) (*box, error) {
	s.mu.Lock()
	id := s.nextID
	s.nextID++
	s.mu.Unlock()
	b := &box{
		sandbox:  s,
		id:       id,
		dir:      filepath.Join(s.dir, strconv.Itoa(id)),
		overlays: overlays,
		disk:     disk,
		uid:      os.Getuid(),
		gid:      os.Getgid(),
		// Full mode is exactly when cgroups are in use: basic mode has none.
		full: s.cg != nil,
	}
	if s.dropUID {
		b.uid, b.gid = s.self.uid(id), s.self.uid(id)
	}
	if err := b.create(); err != nil {
		_ = b.destroy()
		return nil, fmt.Errorf("create box %d: %w", id, err)
	}
	return b, nil
}
