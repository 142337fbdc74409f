package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"syscall"
)

// perfRecord profiles a process with `perf record -g` into file until the
// returned stop is called (for -perf: where the server's CPU time goes;
// read it with `perf report -i FILE`).
func perfRecord(pid int, file string) (stop func() error, err error) {
	cmd := exec.Command("perf", "record", "-F", "999", "-g", "-p", strconv.Itoa(pid), "-o", file)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("perf record: %w", err)
	}
	return func() error {
		_ = cmd.Process.Signal(syscall.SIGINT)
		err := cmd.Wait()
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGINT {
				err = nil // how perf ends when told to stop
			}
		}
		if err != nil {
			return fmt.Errorf("perf record: %w", err)
		}
		return nil
	}, nil
}
