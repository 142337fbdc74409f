package engine

import (
	"os"
	"testing"

	"github.com/puzzlejudge/judge/runner"
)

// TestMain lets the test binary serve as its own box helper.
func TestMain(m *testing.M) {
	runner.Init()
	os.Exit(m.Run())
}
