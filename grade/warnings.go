package grade

import (
	"fmt"
	"os"
)

// BasicWarning is the warning every basic-mode report carries: that the
// submission was not isolated, why, and the one command that gets the
// full sandbox (hint; "" for a generic one).
func BasicWarning(hint string) string {
	why := "the judge is not running as root, and namespaces, mounts and cgroups need root"
	fix := "run the judge as root"
	if os.Geteuid() == 0 {
		why = "basic mode was asked for (--sandbox basic, JUDGE_SANDBOX or sandbox: in the configuration)"
		fix = "drop the basic setting, or ask for --sandbox full"
	}
	if hint != "" {
		fix = hint
	}
	return fmt.Sprintf("sandbox mode basic does not isolate the submission (no namespaces, no cgroups, no seccomp): %s; for full isolation: %s", why, fix)
}
