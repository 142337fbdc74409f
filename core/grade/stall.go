package grade

import (
	"bytes"
	"strconv"
	"time"

	"golang.org/x/sys/unix"
)

// cpuStall reads the machine's CPU pressure stall (Linux PSI,
// /proc/pressure/cpu): the total time at least one runnable task waited
// for a CPU since boot. ok is false where the kernel does not keep it
// (no CONFIG_PSI, or psi=0).
func cpuStall() (total time.Duration, ok bool) {
	// Read around every test: one read into a buffer of the stack, the
	// file is a few lines (os.ReadFile would stat it and read twice).
	fd, err := unix.Open("/proc/pressure/cpu", unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return 0, false
	}
	defer unix.Close(fd)
	var buf [512]byte
	n, err := unix.Read(fd, buf[:])
	if err != nil || n <= 0 {
		return 0, false
	}
	return parseStall(buf[:n])
}

// parseStall reads the "some" line's total (microseconds) of a PSI file.
func parseStall(b []byte) (time.Duration, bool) {
	for _, line := range bytes.Split(b, []byte("\n")) {
		fields := bytes.Fields(line)
		if len(fields) == 0 || string(fields[0]) != "some" {
			continue
		}
		for _, f := range fields[1:] {
			if v, found := bytes.CutPrefix(f, []byte("total=")); found {
				us, err := strconv.ParseInt(string(v), 10, 64)
				if err != nil || us < 0 {
					return 0, false
				}
				return time.Duration(us) * time.Microsecond, true
			}
		}
	}
	return 0, false
}

// stallWatch measures the machine's CPU stall over one run: start before
// it, stop after.
type stallWatch struct {
	read   func() (time.Duration, bool)
	before time.Duration
	ok     bool
}

// startStall starts a watch on read (nil for cpuStall).
func startStall(read func() (time.Duration, bool)) stallWatch {
	if read == nil {
		read = cpuStall
	}
	t, ok := read()
	return stallWatch{read: read, before: t, ok: ok}
}

// stop returns the stall since start, and whether it is known.
func (w stallWatch) stop() (time.Duration, bool) {
	if !w.ok {
		return 0, false
	}
	after, ok := w.read()
	if !ok || after < w.before {
		return 0, false
	}
	return after - w.before, true
}
