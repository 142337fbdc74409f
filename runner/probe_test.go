package runner

import (
	"os"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/runner/cgroup"
)

// TestProbe checks that judge doctor's checks see what this machine offers,
// and on cgroup v2 explain the delegation the judge needs.
func TestProbe(t *testing.T) {
	needRoot(t)
	checks := map[string]Check{}
	for _, c := range Probe() {
		checks[c.Name] = c
	}
	for _, name := range []string{"privileges", "cgroups", "seccomp", "mount namespace", "PID namespace"} {
		c, ok := checks[name]
		if !ok || !c.OK {
			t.Errorf("check %q: %+v (present %v)", name, c, ok)
		}
	}
	v := cgroup.Probe().Version
	if os.Getenv("JUDGE_CI_CGROUP2") != "" && v != cgroup.V2 {
		t.Errorf("in the cgroup v2 VM the probe finds %v", v)
	}
	if v == cgroup.V2 {
		c, ok := checks["cgroup v2 delegation"]
		if !ok || !c.OK || !strings.Contains(c.Detail, "delegated") {
			t.Errorf("no delegation check on cgroup v2: %+v", c)
		}
		if !strings.Contains(cgroup.DelegationHint, "systemd-run --scope -p Delegate=yes") {
			t.Errorf("delegation hint %q lacks the systemd command", cgroup.DelegationHint)
		}
	}
}
