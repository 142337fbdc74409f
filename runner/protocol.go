package runner

import (
	"encoding/json"
	"fmt"
	"os"

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
	// ExecStop says programs wait at their exec stop until the helper has
	// left their cgroup (cgroup v2, where the whole helper joins it).
	ExecStop bool `json:"exec_stop,omitempty"`
	UID      int  `json:"uid"`
	GID      int  `json:"gid"`
	// Home are the cgroup files (v1 tasks, v2 cgroup.procs) of the judge's
	// own group, where the helper returns after joining a run's group to
	// fork the program.
	Home []string `json:"home,omitempty"`
}

// runRequest asks a helper to start one program (on the run channel, fd 3,
// read by the launcher itself), or to kill the run with the same ID (on the
// control channel, fd 4, read by the helper's main loop, so that a kill
// is heard while the launcher waits for the program). A run request's
// descriptors travel with it: stdin, stdout, stderr, then the Enter files
// that join the run's cgroup (v1 tasks files, or the v2 cgroup.procs),
// then the files that take its memory limit, written once the helper has
// left the group.
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
}

// helperReply is a helper's answer: "ready" after setup, "started" with the
// pid as seen from the judge's namespace where they agree (basic mode), and
// "done" when every process of the run is gone.
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
}

// Overlay shows a host directory at Box inside the box as a private,
// writable copy-on-write view: writes land in the box and vanish with it.
type Overlay struct {
	Host string `json:"host"`
	Box  string `json:"box"`
}

const maxMessage = 1 << 16

func sendMsg(fd int, v any, files []int) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if len(data) > maxMessage {
		return fmt.Errorf("message of %d bytes is too long", len(data))
	}
	var oob []byte
	if len(files) > 0 {
		oob = unix.UnixRights(files...)
	}
	return unix.Sendmsg(fd, data, oob, nil, 0)
}

// receiver reads the messages of one channel, into buffers it keeps.
type receiver struct {
	fd  int
	buf []byte
	oob []byte
}

func newReceiver(fd int) *receiver {
	return &receiver{fd: fd, buf: make([]byte, maxMessage), oob: make([]byte, unix.CmsgSpace(16*4))}
}

// recvMsg reads one message and the descriptors sent with it.
func recvMsg(fd int, v any) ([]*os.File, error) { return newReceiver(fd).recv(v) }

// recv reads one message into v and returns the descriptors sent with it.
func (r *receiver) recv(v any) ([]*os.File, error) {
	fd, buf, oob := r.fd, r.buf, r.oob
	for {
		n, oobn, _, _, err := unix.Recvmsg(fd, buf, oob, unix.MSG_CMSG_CLOEXEC)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return nil, err
		}
		if n == 0 && oobn == 0 {
			return nil, fmt.Errorf("box closed its channel")
		}
		var files []*os.File
		if oobn > 0 {
			msgs, err := unix.ParseSocketControlMessage(oob[:oobn])
			if err != nil {
				return nil, err
			}
			for _, m := range msgs {
				fds, err := unix.ParseUnixRights(&m)
				if err != nil {
					return nil, err
				}
				for _, f := range fds {
					files = append(files, os.NewFile(uintptr(f), "passed"))
				}
			}
		}
		if err := json.Unmarshal(buf[:n], v); err != nil {
			closeAll(files)
			return nil, fmt.Errorf("bad message: %w", err)
		}
		return files, nil
	}
}

func closeAll(files []*os.File) {
	for _, f := range files {
		if f != nil {
			f.Close()
		}
	}
}
