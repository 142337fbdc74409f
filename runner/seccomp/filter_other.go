//go:build linux && !amd64

package seccomp

import (
	"errors"
	"runtime"
)

// Install would install the box filter on the calling OS thread; the filter
// is written for linux/amd64 only (its prologue checks the x86_64
// architecture and the x32 ABI), so elsewhere it fails.
func Install() error {
	return errors.New("seccomp: the box filter is defined for linux/amd64 only, not " + runtime.GOARCH)
}
