//go:build !(linux && amd64)

package runner

import (
	"errors"
	"syscall"
)

// directSpawn says this build starts full-mode programs with spawn: the
// full sandbox (its system-call filter) is defined for linux/amd64 only,
// so elsewhere every program is started by syscall.ForkExec.
const directSpawn = false

// childLimit is one rlimit the child sets on itself.
type childLimit struct {
	res uintptr
	lim syscall.Rlimit
}

// spawn is never called where directSpawn is false.
func (h *helper) spawn(path string, req runRequest, std []int, join []int, limits []childLimit) (int, error) {
	return 0, errors.New("direct spawn: linux/amd64 only")
}
