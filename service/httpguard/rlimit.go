package httpguard

import (
	"fmt"
	"syscall"
)

// RaiseFileLimit raises the process's soft limit on open descriptors
// (RLIMIT_NOFILE) to its hard limit and returns the limit then in force.
func RaiseFileLimit() (uint64, error) {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
		return 0, fmt.Errorf("descriptor limit: %w", err)
	}
	if r.Cur < r.Max {
		r.Cur = r.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
			return 0, fmt.Errorf("raise the descriptor limit to %d: %w", r.Max, err)
		}
	}
	return r.Cur, nil
}

// Reserved is how many descriptors DefaultMaxConns keeps for the rest of
// the process: the store, the NATS file store, the judging sandbox.
const Reserved = 128

// DefaultMaxConns is the connection cap for a descriptor limit: half
// of what Reserved leaves, between 16 and 50000.
func DefaultMaxConns(limit uint64) int {
	if limit <= Reserved+32 {
		return 16
	}
	return int(min((limit-Reserved)/2, 50000))
}
