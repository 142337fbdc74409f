// Command judge grades programming-problem submissions: it compiles a
// source file, runs it on every test of a problem in a sandbox under time
// and memory limits, checks the outputs, and reports a verdict.
//
// Exit status: 0 accepted (or success), 1 any other verdict (or a failed
// check), 2 usage error or bad input, 3 internal error.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/puzzlejudge/judge/runner"
)

// Exit codes, the judge's contract with scripts.
const (
	exitOK       = 0
	exitVerdict  = 1
	exitUsage    = 2
	exitInternal = 3
)

// exitError carries an exit code up to main.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

func usageError(err error) error    { return &exitError{exitUsage, err} }
func internalError(err error) error { return &exitError{exitInternal, err} }

// errVerdict ends a command that printed its result and must exit 1.
var errVerdict = &exitError{exitVerdict, errors.New("not accepted")}

func main() {
	runner.Init()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:])
	stop()
	os.Exit(code)
}

func run(ctx context.Context, args []string) int {
	root := newRootCmd()
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee != errVerdict {
			fmt.Fprintf(os.Stderr, "judge: %v\n", ee.err)
		}
		return ee.code
	}
	if ctx.Err() != nil {
		fmt.Fprintln(os.Stderr, "judge: interrupted")
		return exitInternal
	}
	// Errors cobra makes itself (unknown command or flag, wrong number of
	// arguments) are usage errors.
	fmt.Fprintf(os.Stderr, "judge: %v\n", err)
	return exitUsage
}
