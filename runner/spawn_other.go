//go:build !(linux && amd64)

package runner

import (
	"errors"
	"syscall"
)

// childLimit is one rlimit the child sets on itself.
type childLimit struct {
	res uintptr
	lim syscall.Rlimit
}

// spawn starts full-mode programs, which need the box's system-call
// filter, defined for linux/amd64 only: elsewhere no box gets that far.
func (h *helper) spawn(path string, req runRequest, std []int, join []int, limits []childLimit) (int, error) {
	return 0, errors.New("direct spawn: linux/amd64 only")
}
