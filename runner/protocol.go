package runner

import (
	"fmt"
	"os"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// helperEnv marks a process started as a box helper.
const helperEnv = "JUDGE_RUNNER_BOX_HELPER"

// helperConfig is the first message a helper receives: how to build its box.
type helperConfig struct {
	Full     bool      `json:"full"`
	Dir      string    `json:"dir"`   // the box's host directory, with work/, tmp/, prog/, root/
	Binds    []string  `json:"binds"` // host paths shown read-only at the same path
	Overlays []Overlay `json:"overlays,omitempty"`
	// DropUID says programs run as UID and GID with no capabilities;
	// otherwise they keep the helper's (basic mode as a normal user).
	DropUID bool `json:"drop_uid"`
	UID     int  `json:"uid"`
	GID     int  `json:"gid"`
}

// runRequest asks a helper to start one program (on the run channel, fd 3,
// read by the launcher itself), or to kill the run with the same ID (on the
// control channel, fd 4, read by the helper's main loop, so that a kill
// is heard while the launcher waits for the program). A run request's
// descriptors travel with it: stdin, stdout, stderr, then the Enter files
// through which the program joins the run's cgroup (v1 tasks files, or the
// v2 cgroup.procs), then the files that take its memory limit, written
// before the fork, then the Reset files.
type runRequest struct {
	Op       string   `json:"op"` // "run" or "kill"
	ID       int64    `json:"id"` // the run's number in its box
	Path     string   `json:"path,omitempty"`
	Args     []string `json:"args,omitempty"`
	Env      []string `json:"env,omitempty"`
	Dir      string   `json:"dir,omitempty"`
	Stack    int64    `json:"stack,omitempty"`
	FileSize int64    `json:"file_size,omitempty"`
	Files    int      `json:"files,omitempty"`
	Procs    int      `json:"procs,omitempty"`
	Memory   int64    `json:"memory,omitempty"` // the memory limit, for the cgroup's limit files
	Enter    int      `json:"enter,omitempty"`  // how many of the cgroup files join the group
	// Reset is how many of the cgroup files, the last ones, ready the
	// group's memory figures before the fork (see helper.renewCharge).
	Reset int `json:"reset,omitempty"`
	// CPU is the CPU the program is bound to, plus one; 0 lets it use
	// every CPU of the helper's.
	CPU int `json:"cpu,omitempty"`
	// Wall is the run's wall-time limit, which the helper keeps itself in
	// full mode: its clock starts at the fork, where the judge's cannot.
	Wall int64 `json:"wall_ns,omitempty"`
}

// helperReply is a helper's answer: "ready" after setup, "started" with the
// pid as seen from the judge's namespace where they agree (basic mode only:
// the judge polls that pid's memory and CPU), and "done" when every process
// of the run is gone.
type helperReply struct {
	Kind     string `json:"kind"`
	Err      string `json:"err,omitempty"`
	NotFound bool   `json:"not_found,omitempty"` // with "error": the command is not in the box
	Pid      int    `json:"pid,omitempty"`
	Exited   bool   `json:"exited,omitempty"`
	ExitCode int    `json:"exit_code,omitempty"`
	Signal   int    `json:"signal,omitempty"`
	CPU      int64  `json:"cpu_ns,omitempty"`   // rusage of the program and the children it waited for
	MaxRSS   int64  `json:"maxrss,omitempty"`   // bytes, rusage
	BaseRSS  int64  `json:"base_rss,omitempty"` // the helper's own high-water mark at fork, bytes
	PeakRSS  int64  `json:"peak_rss,omitempty"` // the program's own high-water mark at exit (basic mode), bytes
	Wall     int64  `json:"wall_ns,omitempty"`
	WallStop bool   `json:"wall_stop,omitempty"` // the helper stopped the run at its wall limit (full mode)
	// Residual is what the run's group had charged when its peak was
	// reset, before the fork: the program's peak is counted above it.
	Residual int64 `json:"residual,omitempty"`
}

// Overlay shows a host directory at Box inside the box as a private,
// writable copy-on-write view: writes land in the box and vanish with it.
type Overlay struct {
	Host string `json:"host"`
	Box  string `json:"box"`
}

const maxMessage = 1 << 16

func sendMsg(fd int, v any, files []int) error {
	data, oob, err := encodeMsg(v, files)
	if err != nil {
		return err
	}
	return unix.Sendmsg(fd, data, oob, nil, 0)
}

// encodeMsg makes a message and the control message that carries files.
func encodeMsg(v any, files []int) (data, oob []byte, err error) {
	data, err = marshalMsg(v)
	if err != nil {
		return nil, nil, err
	}
	if len(data) > maxMessage {
		return nil, nil, fmt.Errorf("message of %d bytes is too long", len(data))
	}
	if len(files) > 0 {
		oob = unix.UnixRights(files...)
	}
	return data, oob, nil
}

// polledConn is one end of a box's channel served by the runtime's
// network poller: a goroutine waiting on it is parked, and holds neither
// a thread nor a P in a system call. (A goroutine blocked in recvmsg holds
// its P in the system call; the runtime's monitor then takes the P back
// whenever the other is busy, and after each time it polls every 20 µs
// for a millisecond: that cost more CPU than anything else the judge did
// per run.) The first moments of a run are the exception: see
// waitReadable.
type polledConn struct {
	f  *os.File
	rc syscall.RawConn
	fd int // f's descriptor, for waitReadable
}

// newPolledConn makes fd non-blocking and hands it to the poller; the
// conn owns it from then on.
func newPolledConn(fd int, name string) (*polledConn, error) {
	if err := unix.SetNonblock(fd, true); err != nil {
		unix.Close(fd)
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	f := os.NewFile(uintptr(fd), name)
	rc, err := f.SyscallConn()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &polledConn{f: f, rc: rc, fd: fd}, nil
}

// waitReadable waits in the kernel, on the calling thread, until the conn
// has a message (or is closed) or d has passed, and reports which. For a
// wait of a millisecond or two it is cheaper than the poller, whose
// hand-offs wake threads of the judge on the CPU the program runs on; the
// price is a P held in the system call meanwhile, which is why it is
// bounded (see box.recvReply).
func (c *polledConn) waitReadable(d time.Duration) bool {
	if d <= 0 {
		return false
	}
	ts := unix.NsecToTimespec(int64(d))
	fds := [1]unix.PollFd{{Fd: int32(c.fd), Events: unix.POLLIN}}
	for {
		// ppoll leaves the time still to wait in ts when a signal
		// interrupts it.
		n, err := unix.Ppoll(fds[:], &ts, nil)
		if err != unix.EINTR {
			return err == nil && n > 0
		}
	}
}

// send sends one message with files, waiting while the channel is full.
func (c *polledConn) send(v any, files []int) error {
	data, oob, err := encodeMsg(v, files)
	if err != nil {
		return err
	}
	var serr error
	if err := c.rc.Write(func(fd uintptr) bool {
		for {
			serr = unix.Sendmsg(int(fd), data, oob, nil, 0)
			if serr != unix.EINTR {
				return serr != unix.EAGAIN
			}
		}
	}); err != nil {
		return err
	}
	return serr
}

// receiver returns a receiver of the conn's messages.
func (c *polledConn) receiver() *receiver {
	r := newReceiver(c.fd)
	r.rc = c.rc
	return r
}

func (c *polledConn) Close() error { return c.f.Close() }

// receiver reads the messages of one channel, into buffers it keeps.
type receiver struct {
	fd  int
	rc  syscall.RawConn // set when the channel is polled (fd then read only by recvNow)
	buf []byte
	oob []byte
}

func newReceiver(fd int) *receiver {
	return &receiver{fd: fd, buf: make([]byte, maxMessage), oob: make([]byte, unix.CmsgSpace(16*4))}
}

// recvMsg reads one message and the descriptors sent with it.
func recvMsg(fd int, v any) ([]int, error) { return newReceiver(fd).recv(v) }

// recvmsg reads one message into the buffers, waiting through the poller
// when the channel is polled.
func (r *receiver) recvmsg() (n, oobn int, err error) {
	read := func(fd int) bool {
		for {
			n, oobn, _, _, err = unix.Recvmsg(fd, r.buf, r.oob, unix.MSG_CMSG_CLOEXEC)
			if err != unix.EINTR {
				return err != unix.EAGAIN
			}
		}
	}
	if r.rc == nil {
		read(r.fd)
		return n, oobn, err
	}
	if cerr := r.rc.Read(func(fd uintptr) bool { return read(int(fd)) }); cerr != nil {
		return 0, 0, cerr
	}
	return n, oobn, err
}

// recvNow reads one message into v, if one is there, without the poller,
// and returns the descriptors sent with it; ok says there was one.
func (r *receiver) recvNow(v any) (files []int, ok bool, err error) {
	var n, oobn int
	for {
		n, oobn, _, _, err = unix.Recvmsg(r.fd, r.buf, r.oob, unix.MSG_CMSG_CLOEXEC|unix.MSG_DONTWAIT)
		if err != unix.EINTR {
			break
		}
	}
	if err == unix.EAGAIN {
		return nil, false, nil
	}
	if err != nil {
		return nil, true, err
	}
	files, err = r.decode(n, oobn, v)
	return files, true, err
}

// recv reads one message into v and returns the descriptors sent with it.
func (r *receiver) recv(v any) ([]int, error) {
	n, oobn, err := r.recvmsg()
	if err != nil {
		return nil, err
	}
	return r.decode(n, oobn, v)
}

// decode decodes a message of n bytes, with oobn bytes of control
// message, into v, and returns the descriptors it carried.
func (r *receiver) decode(n, oobn int, v any) ([]int, error) {
	if n == 0 && oobn == 0 {
		return nil, fmt.Errorf("box closed its channel")
	}
	// Descriptors stay plain numbers: an *os.File would ask the kernel
	// for each one's flags, and the helper only passes them on.
	var files []int
	if oobn > 0 {
		msgs, err := unix.ParseSocketControlMessage(r.oob[:oobn])
		if err != nil {
			return nil, err
		}
		for _, m := range msgs {
			fds, err := unix.ParseUnixRights(&m)
			if err != nil {
				return nil, err
			}
			for _, f := range fds {
				files = append(files, f)
			}
		}
	}
	if err := unmarshalMsg(r.buf[:n], v); err != nil {
		closeFDs(files)
		return nil, fmt.Errorf("bad message: %w", err)
	}
	return files, nil
}

// closeFDs closes descriptors; -1 marks one already closed.
func closeFDs(fds []int) {
	for _, fd := range fds {
		if fd >= 0 {
			unix.Close(fd)
		}
	}
}

func closeAll(files []*os.File) {
	for _, f := range files {
		if f != nil {
			f.Close()
		}
	}
}
