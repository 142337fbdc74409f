package grade

import (
	"fmt"
	"os"
)

// BasicModeAdvice words the basic-mode warning for the one who reads it:
// why the judge runs in basic mode and what gets the full sandbox. Its
// zero value words it for any reader (a service's report); the command
// line fills it with its own flags and command.
type BasicModeAdvice struct {
	// Why replaces the reason given as root, where basic mode was asked
	// for ("" for "basic mode was asked for in the configuration").
	Why string
	// Fix is what gets the full sandbox ("" for running the judge as
	// root, or as root configuring sandbox: full).
	Fix string
}

// BasicWarning is the warning every basic-mode report carries: that the
// submission was not isolated, why, and what gets the full sandbox, in
// the words of a.
func BasicWarning(a BasicModeAdvice) string {
	why := "the judge is not running as root, and namespaces, mounts and cgroups need root"
	fix := "run the judge as root"
	if os.Geteuid() == 0 {
		why = "basic mode was asked for in the configuration"
		fix = "configure the full sandbox (sandbox: full)"
		if a.Why != "" {
			why = a.Why
		}
	}
	if a.Fix != "" {
		fix = a.Fix
	}
	return fmt.Sprintf("sandbox mode basic does not isolate the submission (no namespaces, no cgroups, no seccomp): %s; for full isolation: %s", why, fix)
}
