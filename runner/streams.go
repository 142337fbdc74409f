package runner

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/puzzlejudge/judge/internal/fileutil"
	"golang.org/x/sys/unix"
)

// streams are a run's standard streams: the ends the program gets
// (theirs) and the judge's ends, with the goroutines that feed stdin and
// read stdout and stderr.
type streams struct {
	theirs []int    // stdin, stdout, stderr as the program gets them
	input  *os.File // the host input file, fed into the stdin pipe
	feed   *os.File // the judge's end of the stdin pipe
	out    *os.File // the judge's end of stdout
	err    *os.File // the judge's end of stderr (== out when combined)
	wg     sync.WaitGroup
	outErr error
	// buf is the box's buffer for copying stdout, and inBuf for the
	// start of stdin, kept from run to run.
	buf, inBuf []byte
	// late reads stderr: it is started by startLate, if the run lasts
	// until then, or else called by wait.
	late func()
	// lateOut reads stdout from a pipe: started with late, or called by
	// wait.
	lateOut func()
	// head is what fill read of stdin and the pipe did not take.
	head []byte
}

// openStreams makes the pipes of a run. Standard input is a pipe the judge
// fills from the host file, so the program never holds the host file (nor
// learns its path through /proc/self/fd/0).
func (b *box) openStreams(spec Spec) (*streams, error) {
	if b.outBuf == nil {
		b.outBuf, b.inBuf = make([]byte, 64<<10), make([]byte, 64<<10)
	}
	st := &streams{buf: b.outBuf, inBuf: b.inBuf}
	fail := func(err error) (*streams, error) {
		st.closeTheirs()
		st.close()
		return nil, err
	}
	if spec.StdinPipe != nil && spec.Stdin != "" || spec.StdoutPipe != nil && spec.Stdout != "" {
		return fail(errors.New("run: a given pipe end and a host file for the same stream"))
	}
	if spec.StdoutFile != nil && (spec.Stdout != "" || spec.StdoutPipe != nil) {
		return fail(errors.New("run: a given stdout file and another stdout"))
	}
	if (spec.StdoutPipe != nil || spec.StdoutFile != nil) && spec.Combined {
		return fail(errors.New("run: a given stdout cannot be combined with stderr"))
	}
	switch {
	case spec.StdinPipe != nil:
		fd, err := dupCloexec(spec.StdinPipe)
		if err != nil {
			return fail(err)
		}
		st.theirs = append(st.theirs, fd)
	case spec.Stdin == "":
		null, err := unix.Open(os.DevNull, unix.O_RDONLY|unix.O_CLOEXEC, 0)
		if err != nil {
			return fail(fmt.Errorf("open %s: %w", os.DevNull, err))
		}
		st.theirs = append(st.theirs, null)
	default:
		in, err := fileutil.Open(spec.Stdin)
		if err != nil {
			return fail(err)
		}
		st.input = in
		r, w, err := pipe(false)
		if err != nil {
			return fail(err)
		}
		st.theirs, st.feed = append(st.theirs, r), w
	}
	if given := cmp.Or(spec.StdoutPipe, spec.StdoutFile); given != nil {
		fd, err := dupCloexec(given)
		if err != nil {
			return fail(err)
		}
		st.theirs = append(st.theirs, fd)
	} else {
		outW, outR, err := pipe(true)
		if err != nil {
			return fail(err)
		}
		st.out, st.theirs = outR, append(st.theirs, outW)
	}
	if spec.Combined {
		// (never with a given stdout: refused above)
		st.err, st.theirs = st.out, append(st.theirs, st.theirs[1])
		return st, nil
	}
	errW, errR, err := pipe(true)
	if err != nil {
		return fail(err)
	}
	st.err, st.theirs = errR, append(st.theirs, errW)
	return st, nil
}

// dupCloexec returns a copy of f's descriptor, closed on exec, to send
// to the helper as one of the program's standard streams.
func dupCloexec(f *os.File) (int, error) {
	fd, err := unix.FcntlInt(f.Fd(), unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		return -1, fmt.Errorf("dup given stream: %w", err)
	}
	return fd, nil
}

// pipe makes a pipe whose one end the judge keeps, as a non-blocking file
// the poller serves, and whose other end goes to the program as a plain,
// blocking descriptor. With judgeReads the judge keeps the read end.
func pipe(judgeReads bool) (program int, judge *os.File, err error) {
	var p [2]int
	if err := unix.Pipe2(p[:], unix.O_CLOEXEC|unix.O_NONBLOCK); err != nil {
		return -1, nil, fmt.Errorf("pipe: %w", err)
	}
	mine, theirs := p[1], p[0]
	if judgeReads {
		mine, theirs = p[0], p[1]
	}
	// The program's end blocks: F_SETFL with no flags clears O_NONBLOCK
	// (it leaves the access mode alone), one call where reading the
	// flags first would take two.
	if _, err := unix.FcntlInt(uintptr(theirs), unix.F_SETFL, 0); err != nil {
		unix.Close(p[0])
		unix.Close(p[1])
		return -1, nil, fmt.Errorf("pipe: %w", err)
	}
	return theirs, os.NewFile(uintptr(mine), "pipe"), nil
}

// start feeds stdin and reads stdout (and a combined stderr) into res
// until the program and all it started have closed them. Past the output
// limit, onLimit is called once and the rest is drained. A separate
// stdout pipe and stderr are read from startLate on, or by wait: most
// programs end within milliseconds, and then no goroutine (each wakes a
// thread of the judge, on the CPU the next program starts on) needs to
// read them while they run. A pipe holds 64 KiB; a program that writes
// more waits for startLate, which comes within lateBy.
//
// Call fill before the request goes, and start after it: the goroutines
// start while the helper forks (each wakes a thread of the judge).
func (st *streams) start(spec Spec, lim Limits, res *Result, onLimit func()) {
	if feed, head := st.feed, st.head; feed != nil {
		st.feed, st.head = nil, nil
		st.wg.Add(1)
		go func() {
			defer st.wg.Done()
			// A program that does not read its input ends the copy
			// with EPIPE when it exits; that is not the judge's
			// failure.
			if _, err := feed.Write(head); err == nil {
				_, _ = io.Copy(feed, st.input)
			}
			feed.Close()
		}()
	}
	if spec.Combined {
		st.wg.Add(1)
		go func() {
			defer st.wg.Done()
			res.Stderr, _ = readCapped(st.out, lim.Stderr)
		}()
		return
	}
	if st.out != nil {
		st.lateOut = func() { res.Output, st.outErr = copyOutput(st.out, spec.Stdout, lim.Output, st.buf, onLimit) }
	}
	st.late = func() { res.Stderr, _ = readCapped(st.err, lim.Stderr) }
}

// fill writes the start of stdin into its pipe (see feedAtOnce), before
// the program starts; a feed that is not whole is left to start.
func (st *streams) fill() {
	if st.feed == nil {
		return
	}
	head, whole := st.feedAtOnce(st.feed)
	if whole {
		st.feed.Close()
		st.feed = nil
		return
	}
	st.head = head
}

// lateBy is how long a run may go before startLate: not long where
// stdout is a pipe, which a program may fill at once.
func (st *streams) lateBy() time.Duration {
	if st.lateOut != nil {
		return lateOutStart
	}
	return lateStart
}

// startLate starts reading stdout (a pipe) and stderr, once.
func (st *streams) startLate() {
	for _, late := range []func(){st.lateOut, st.late} {
		if late == nil {
			continue
		}
		st.wg.Add(1)
		go func() {
			defer st.wg.Done()
			late()
		}()
	}
	st.late, st.lateOut = nil, nil
}

// feedAtOnce writes the start of the input, up to the size of st.inBuf,
// into the stdin pipe before the program runs, as much as the pipe takes
// without waiting. whole says the input ended and all of it went: most
// tests' input fits in the pipe, and then no goroutine feeds it. Otherwise
// rest is what is left of what was read, to write before the rest of the
// file.
func (st *streams) feedAtOnce(feed *os.File) (rest []byte, whole bool) {
	n, err := io.ReadFull(st.input, st.inBuf)
	ended := err == io.EOF || err == io.ErrUnexpectedEOF
	if err != nil && !ended {
		return nil, false // the goroutine reads again and meets the error
	}
	data := st.inBuf[:n]
	rc, err := feed.SyscallConn()
	if err != nil {
		return data, false
	}
	wrote := 0
	_ = rc.Write(func(fd uintptr) bool {
		for wrote < len(data) {
			k, err := unix.Write(int(fd), data[wrote:])
			if err == unix.EINTR {
				continue
			}
			if err != nil || k <= 0 {
				break
			}
			wrote += k
		}
		return true // never wait: the program has not started
	})
	return data[wrote:], ended && wrote == len(data)
}

// theirFDs are the descriptors sent to the helper.
func (st *streams) theirFDs() []int { return st.theirs }

// closeTheirs closes the judge's copies of the program's ends, once they
// have been sent.
func (st *streams) closeTheirs() {
	seen := map[int]bool{}
	for _, fd := range st.theirs {
		if !seen[fd] {
			seen[fd] = true
			unix.Close(fd)
		}
	}
	st.theirs = nil
}

// wait waits for the feeding and reading to end; a stdout pipe and
// stderr are read now if startLate was not called (each holds what the
// program wrote, 64 KiB at most: it is gone). Call it when the run is over: every writer
// of its pipes is gone.
func (st *streams) wait() {
	st.wg.Wait()
	for _, late := range []func(){st.lateOut, st.late} {
		if late != nil {
			late()
		}
	}
	st.late, st.lateOut = nil, nil
}

// close closes the judge's ends; call it after wait.
func (st *streams) close() {
	closeAll([]*os.File{st.input, st.feed, st.out})
	if st.err != st.out {
		closeAll([]*os.File{st.err})
	}
}
