package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal and returns its controlling side and
// its terminal side.
func openPTY(t *testing.T) (ptm, pts *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		m.Close()
		t.Fatalf("unlock the pseudo-terminal: %v", err)
	}
	n, err := unix.IoctlGetInt(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		m.Close()
		t.Fatalf("pseudo-terminal number: %v", err)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		m.Close()
		t.Skipf("open /dev/pts/%d: %v", n, err)
	}
	t.Cleanup(func() { m.Close(); s.Close() })
	return m, s
}

// TestSubmitProgressOnTerminal runs the judge binary with its stderr on a
// terminal and its stdout a pipe: the progress line is drawn on the
// terminal and cleared at the end, never in the lines; under CI it is not
// drawn at all.
func TestSubmitProgressOnTerminal(t *testing.T) {
	root := fixture(t)
	src := filepath.Join(t.TempDir(), "slow.c")
	write(t, src, slowLast)
	for _, ci := range []string{"", "1"} {
		t.Run("CI="+ci, func(t *testing.T) {
			ptm, pts := openPTY(t)
			path, _ := judgeBinary(t)
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, path, submitArgs(t, root, "submit", "sum", src)...)
			cmd.Env = append(os.Environ(), "CI="+ci)
			var stdout bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, pts
			var term bytes.Buffer
			var wg sync.WaitGroup
			wg.Add(1)
			go func() { defer wg.Done(); io.Copy(&term, ptm) }()
			if err := cmd.Run(); err != nil && cmd.ProcessState.ExitCode() != exitVerdict {
				t.Fatalf("judge: %v\n%s", err, stdout.String())
			}
			pts.Close()
			// The terminal side is closed: the copy ends at EIO once it has
			// read what is left.
			wg.Wait()
			tty := term.String()
			if strings.Contains(stdout.String(), "judging") || strings.Contains(stdout.String(), "\r") {
				t.Errorf("progress text among the lines:\n%q", stdout.String())
			}
			drawn := strings.Contains(tty, "judging: ")
			if ci == "" && (!drawn || !strings.Contains(tty, "slowest") || !strings.HasSuffix(tty, "\r\x1b[K")) {
				t.Errorf("terminal got %q: want the progress line, cleared at the end", tty)
			}
			if ci != "" && drawn {
				t.Errorf("progress line drawn under CI: %q", tty)
			}
			if !strings.Contains(stdout.String(), "verdict TLE") {
				t.Errorf("no report on stdout:\n%s", stdout.String())
			}
		})
	}
}
