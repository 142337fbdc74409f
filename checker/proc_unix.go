//go:build unix

package checker

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
)

// killGroup runs cmd in its own process group and makes cancelling it kill
// the whole group, so that children of a timed-out checker die with it.
func killGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		if errors.Is(err, syscall.ESRCH) {
			return os.ErrProcessDone
		}
		return err
	}
}
