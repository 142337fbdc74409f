// Package fdtest runs a test process out of descriptors, to see what
// code does when open and accept fail with EMFILE, and gives them back.
package fdtest

import (
	"errors"
	"os"
	"syscall"
	"testing"
)

// Exhaust lowers the process's soft descriptor limit to a few more than
// are open and opens files until none is left. The returned function
// closes them and restores the limit; it is also called at the test's
// end.
func Exhaust(t testing.TB) (release func()) {
	t.Helper()
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &old); err != nil {
		t.Fatal(err)
	}
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("no /proc/self/fd to count descriptors: %v", err)
	}
	low := old
	low.Cur = uint64(len(fds) + 16)
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &low); err != nil {
		t.Fatal(err)
	}
	var files []*os.File
	release = func() {
		for _, f := range files {
			f.Close()
		}
		files = nil
		_ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &old)
	}
	t.Cleanup(release)
	for {
		f, err := os.Open(os.DevNull)
		if err != nil {
			if !errors.Is(err, syscall.EMFILE) {
				release()
				t.Fatalf("filling the descriptor table: %v", err)
			}
			return release
		}
		files = append(files, f)
		if len(files) > 4096 {
			release()
			t.Fatal("the lowered descriptor limit did not hold")
		}
	}
}
