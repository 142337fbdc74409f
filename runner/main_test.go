package runner

import (
	"os"
	"testing"
)

// TestMain lets the test binary serve as its own box helper.
func TestMain(m *testing.M) {
	Init()
	os.Exit(m.Run())
}
