package worker

import (
	"os"
	"testing"

	"github.com/puzzlejudge/judge/internal/natscluster"

	"github.com/puzzlejudge/judge/runner"
)

// TestMain lets the test binary serve as its own box helper and as a
// node of the NATS cluster of TestClusterLosesANode.
func TestMain(m *testing.M) {
	natscluster.NodeMain()
	runner.Init()
	os.Exit(m.Run())
}
