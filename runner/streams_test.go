package runner

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestStdinWhole checks that a program gets its whole input, byte for
// byte, whether it fits in the pipe (written before the program starts)
// or not (fed while it runs), and that a program that reads none of a
// large input still ends normally.
func TestStdinWhole(t *testing.T) {
	s := fullSandbox(t)
	dir := t.TempDir()
	for _, size := range []int{0, 1, 4096, 64 << 10, 64<<10 + 1, 3 << 20} {
		in := filepath.Join(dir, fmt.Sprintf("in-%d", size))
		data := bytes.Repeat([]byte("0123456789abcdef\n"), size/17+1)[:size]
		if err := os.WriteFile(in, data, 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "out")
		res, err := s.Run(context.Background(), Spec{Args: []string{"sha256sum"}, Stdin: in, Stdout: out, Limits: Limits{CPU: 10 * time.Second}})
		if err != nil || !res.OK() {
			t.Fatalf("%d bytes: %v %+v", size, err, res)
		}
		got, _ := os.ReadFile(out)
		if want := fmt.Sprintf("%x  -\n", sha256.Sum256(data)); string(got) != want {
			t.Errorf("%d bytes: sha256sum printed %q, want %q", size, got, want)
		}
		res, err = s.Run(context.Background(), Spec{Args: []string{"true"}, Stdin: in, Limits: Limits{CPU: 10 * time.Second}})
		if err != nil || !res.OK() {
			t.Errorf("%d bytes, not read: %v %+v", size, err, res)
		}
	}
}

// TestStdoutFile checks a program that writes its output straight into a
// given file: what it writes arrives whole and Result.Output is its size;
// past the limit it is OutputExceeded whether it dies of SIGXFSZ (sh) or
// ignores the signal and goes on (a loop that keeps writing), and the
// file holds at most one byte more than the limit.
func TestStdoutFile(t *testing.T) {
	const limit = 4096
	cases := []struct {
		name   string
		script string
		want   Status
		signal syscall.Signal // how it ended, when stopped
	}{
		{"within", "printf 'hello\\n'", Exited, 0},
		{"over", "exec yes spam", OutputExceeded, syscall.SIGXFSZ},
		// Stopped by the judge, which looks at the file's size.
		{"ignores SIGXFSZ", "trap '' XFSZ; while :; do printf 'spam spam spam\\n' || :; done", OutputExceeded, syscall.SIGKILL},
	}
	for _, mode := range []Mode{ModeFull, ModeBasic} {
		t.Run(string(mode), func(t *testing.T) {
			s := modeSandbox(t, mode)
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					path := filepath.Join(t.TempDir(), "out")
					f, err := os.Create(path)
					if err != nil {
						t.Fatal(err)
					}
					defer f.Close()
					res, err := s.Run(context.Background(), Spec{Args: []string{"sh", "-c", c.script}, StdoutFile: f,
						Limits: Limits{CPU: 5 * time.Second, Output: limit}})
					if err != nil {
						t.Fatal(err)
					}
					if res.Status != c.want {
						t.Fatalf("status %v (signal %v), want %v", res.Status, res.Signal, c.want)
					}
					// The judge looks at the file's size too (basic mode
					// at once), and may stop a writer that is over the
					// limit (the write that reached it cut short) before
					// its next write brings the signal.
					if res.Signal != c.signal && !(c.signal == syscall.SIGXFSZ && res.Signal == syscall.SIGKILL) {
						t.Errorf("ended by signal %v, want %v", res.Signal, c.signal)
					}
					got, _ := os.ReadFile(path)
					if res.Output != int64(len(got)) {
						t.Errorf("Result.Output %d, file %d bytes", res.Output, len(got))
					}
					switch {
					case c.want == Exited && string(got) != "hello\n":
						t.Errorf("output %q, want %q", got, "hello\n")
					case c.want == OutputExceeded && (len(got) <= limit || len(got) > limit+1):
						t.Errorf("output of %d bytes, want %d (one past the limit)", len(got), limit+1)
					}
				})
			}
		})
	}
}

// TestStdoutPipe checks a program whose stdout the judge reads through a
// pipe into a host file: a short run's pipe is read once it has ended, a
// longer one's from 2 ms on (see streams.start), so output larger than
// the pipe arrives whole and does not hold the program up for long, and
// a program that writes on past the output limit is stopped at it.
func TestStdoutPipe(t *testing.T) {
	const limit = 4 << 20
	cases := []struct {
		name   string
		script string
		want   Status
		size   int // bytes written, when it exits
	}{
		{"short", "printf 'hello\\n'", Exited, 6},
		{"larger than the pipe", "head -c 3000000 /dev/zero", Exited, 3000000},
		{"over", "exec yes spam", OutputExceeded, 0},
	}
	for _, mode := range []Mode{ModeFull, ModeBasic} {
		t.Run(string(mode), func(t *testing.T) {
			s := modeSandbox(t, mode)
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					path := filepath.Join(t.TempDir(), "out")
					res, err := s.Run(context.Background(), Spec{Args: []string{"sh", "-c", c.script}, Stdout: path,
						Limits: Limits{CPU: 5 * time.Second, Output: limit}})
					if err != nil {
						t.Fatal(err)
					}
					if res.Status != c.want {
						t.Fatalf("status %v (signal %v), want %v", res.Status, res.Signal, c.want)
					}
					got, _ := os.ReadFile(path)
					if res.Output < int64(len(got)) {
						t.Errorf("Result.Output %d, file %d bytes", res.Output, len(got))
					}
					if c.want == Exited && len(got) != c.size {
						t.Errorf("output of %d bytes, want %d", len(got), c.size)
					}
					if c.want == OutputExceeded && res.Output <= limit {
						t.Errorf("stopped at %d bytes of output, limit %d", res.Output, limit)
					}
					// Waiting for the reader costs a program 2 ms at most;
					// a second is the margin of a loaded machine.
					if c.want == Exited && res.Wall > time.Second {
						t.Errorf("took %v of wall time", res.Wall)
					}
				})
			}
		})
	}
}

// TestWritableFoldersEmptied checks that what a run leaves in its working
// folder and its temporary folder is gone for the next run of the box,
// and that a run that leaves nothing leaves them usable.
func TestWritableFoldersEmptied(t *testing.T) {
	for _, mode := range []Mode{ModeFull, ModeBasic} {
		t.Run(string(mode), func(t *testing.T) {
			s := modeSandbox(t, mode)
			sh := func(script string) string {
				t.Helper()
				out := filepath.Join(t.TempDir(), "out")
				res, err := s.Run(context.Background(), Spec{Args: []string{"sh", "-c", script}, Stdout: out, Limits: Limits{CPU: 5 * time.Second}})
				if err != nil || !res.OK() {
					t.Fatalf("%s: %v %+v", script, err, res)
				}
				data, _ := os.ReadFile(out)
				return string(data)
			}
			const list = `ls -A .; ls -A "$TMPDIR"; echo end`
			for i := 0; i < 2; i++ {
				sh(`echo x > a; mkdir -p d/e; echo y > d/e/f; echo z > "$TMPDIR/t"; mkdir "$TMPDIR/u"`)
				if got := sh(list); got != "end\n" {
					t.Fatalf("after a run that left files, the next run found:\n%s", got)
				}
				if got := sh(list); got != "end\n" {
					t.Fatalf("after a run that left nothing:\n%s", got)
				}
			}
		})
	}
}

// TestStderr checks that a run's stderr is kept up to Limits.Stderr,
// whether the program writes a little and ends at once, or writes far
// more than a pipe holds (it must not stall), or writes it late.
func TestStderr(t *testing.T) {
	for _, mode := range []Mode{ModeFull, ModeBasic} {
		t.Run(string(mode), func(t *testing.T) {
			s := modeSandbox(t, mode)
			cases := []struct {
				name, script string
				limit        int64
				want         string // the start of what is kept
				size         int    // how much is kept
			}{
				{"a line", `echo oops >&2`, 1 << 10, "oops\n", 5},
				{"4 MiB at once", `head -c 4194304 /dev/zero | tr '\0' x >&2`, 1 << 10, "xxxx", 1 << 10},
				{"after a while", `sleep 0.1; echo late >&2; head -c 200000 /dev/zero | tr '\0' y >&2`, 8 << 10, "late\nyyyy", 8 << 10},
			}
			for _, c := range cases {
				res, err := s.Run(context.Background(), Spec{Args: []string{"sh", "-c", c.script}, Limits: Limits{CPU: 5 * time.Second, Wall: 20 * time.Second, Stderr: c.limit}})
				if err != nil || !res.OK() {
					t.Fatalf("%s: %v %+v", c.name, err, res)
				}
				if !strings.HasPrefix(string(res.Stderr), c.want) || len(res.Stderr) != c.size {
					t.Errorf("%s: kept %d bytes starting %q, want %d starting %q", c.name, len(res.Stderr), res.Stderr[:min(len(res.Stderr), 12)], c.size, c.want)
				}
				if res.Wall > 10*time.Second {
					t.Errorf("%s: the program stalled (wall %v)", c.name, res.Wall)
				}
			}
		})
	}
}
