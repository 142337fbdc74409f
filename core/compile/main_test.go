package compile

import (
	"os"
	"sync"
	"testing"

	"github.com/puzzlejudge/judge/runner"
)

// TestMain lets the test binary serve as its own box helper.
func TestMain(m *testing.M) {
	runner.Init()
	code := m.Run()
	if shared.sandbox != nil {
		shared.sandbox.Close()
	}
	os.Exit(code)
}

// shared is the one full-mode sandbox of this test binary.
var shared struct {
	once    sync.Once
	sandbox *runner.Sandbox
	err     error
}

// sandbox returns the shared full-mode sandbox; the tests that need it
// skip when not root.
func sandbox(t *testing.T) *runner.Sandbox {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root for a full-mode sandbox")
	}
	// Boxes of this package run as uids 62000 and up, apart from those of
	// other test packages running at the same time.
	shared.once.Do(func() {
		shared.sandbox, shared.err = runner.New(runner.Config{Mode: runner.ModeFull, Idle: 4})
	})
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.sandbox
}

// stillWorks checks that the sandbox still runs a program.
func stillWorks(t *testing.T, s *runner.Sandbox) {
	t.Helper()
	res, err := s.Run(t.Context(), runner.Spec{Args: []string{"true"}})
	if err != nil || !res.OK() {
		t.Fatalf("sandbox no longer answers: %v %+v", err, res)
	}
}
