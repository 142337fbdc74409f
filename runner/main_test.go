package runner

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"
)

// judgeEnv makes the test binary act as a small judge (see judgeMain), so
// that tests can run several judges at once in PID namespaces of their own.
const judgeEnv = "RUNNER_TEST_AS_JUDGE"

// TestMain lets the test binary serve as its own box helper, and as a
// judge for TestJudgesInPIDNamespaces.
func TestMain(m *testing.M) {
	Init()
	if os.Getenv(judgeEnv) != "" {
		os.Exit(judgeMain(os.Getenv(judgeEnv)))
	}
	os.Exit(m.Run())
}

// judgeMain opens a full sandbox with its boxes under work, runs programs
// for a while, and closes it; it exits 0 when everything went right.
func judgeMain(work string) int {
	s, err := New(Config{Mode: ModeFull, WorkDir: work, Idle: 2})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	for i := 0; i < 40; i++ {
		res, err := s.Run(context.Background(), Spec{Args: []string{"sh", "-c", "sleep 0.02"}, Limits: Limits{CPU: 10 * time.Second}})
		if err != nil || !res.OK() {
			fmt.Fprintf(os.Stderr, "run %d: %v %+v\n", i, err, res)
			s.Close()
			return 1
		}
	}
	if err := s.Close(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}
