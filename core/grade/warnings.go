package grade

import (
	"fmt"
	"os"
)

// BasicWarning is the warning every basic-mode report carries: that the
// submission was not isolated, why, and the one command that gets the
// full sandbox. hint is that command for a judge not running as root
// (such as "sudo judge submit …"; "" for a generic one); as root, basic
// mode was asked for, and the fix is to ask for full.
func BasicWarning(hint string) string {
	why := "the judge is not running as root, and namespaces, mounts and cgroups need root"
	fix := "run the judge as root"
	if hint != "" {
		fix = hint
	}
	if os.Geteuid() == 0 {
		why = "basic mode was asked for (--sandbox basic, JUDGE_SANDBOX or sandbox: in the configuration)"
		fix = "run the same command with --sandbox full"
	}
	return fmt.Sprintf("sandbox mode basic does not isolate the submission (no namespaces, no cgroups, no seccomp): %s; for full isolation: %s", why, fix)
}
