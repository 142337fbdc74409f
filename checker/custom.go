package checker

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/puzzlejudge/judge/verdict"
)

// DefaultCustomTimeout is the time limit of a Custom checker whose Timeout
// is not positive.
const DefaultCustomTimeout = 10 * time.Second

// Limits on what is kept of a custom checker's standard error.
const (
	maxStderr  = 64 << 10 // bytes of standard error read
	maxMessage = 512      // bytes of its first line kept as the message
)

// Custom runs a compiled checker program as
//
//	Path input output expected
//
// Its exit status gives the verdict: 0 for AC, 1 for WA and 2 for PE. Any
// other status, a crash or running longer than Timeout is an error. The
// first line of its standard error, trimmed and capped at 512 bytes, is the
// message; its standard output is discarded.
type Custom struct {
	Path    string        // path of the checker executable
	Timeout time.Duration // DefaultCustomTimeout if not positive
}

// Check implements Checker.
func (c Custom) Check(ctx context.Context, input, output, expected string) (Result, error) {
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = DefaultCustomTimeout
	}
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()

	cmd := exec.CommandContext(ctx, c.Path, input, output, expected)
	stderr := &cappedBuffer{max: maxStderr}
	cmd.Stderr = stderr
	cmd.WaitDelay = time.Second // do not wait forever for pipes held by children
	killGroup(cmd)

	err := cmd.Run()
	msg := firstLine(stderr.Bytes())
	if err == nil || errors.Is(err, exec.ErrWaitDelay) {
		return Result{Verdict: verdict.AC, Message: msg}, nil
	}
	if err := parent.Err(); err != nil {
		return Result{}, fmt.Errorf("custom checker %s: %w", c.Path, err)
	}
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("custom checker %s: timed out after %v (%w)", c.Path, timeout, err)
	}
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) && exitErr.Exited() {
		switch exitErr.ExitCode() {
		case 1:
			return Result{Verdict: verdict.WA, Message: msg}, nil
		case 2:
			return Result{Verdict: verdict.PE, Message: msg}, nil
		}
	}
	if msg != "" {
		return Result{}, fmt.Errorf("custom checker %s: %w: %s", c.Path, err, msg)
	}
	return Result{}, fmt.Errorf("custom checker %s: %w", c.Path, err)
}

// cappedBuffer keeps the first max bytes written to it and discards the
// rest, never failing, so that a chatty program is not blocked or killed.
type cappedBuffer struct {
	buf bytes.Buffer
	max int
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	if room := b.max - b.buf.Len(); room > 0 {
		b.buf.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func (b *cappedBuffer) Bytes() []byte { return b.buf.Bytes() }

// firstLine returns the first line of b, trimmed, made valid UTF-8 and
// capped at maxMessage bytes.
func firstLine(b []byte) string {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b = b[:i]
	}
	b = cutRunes(bytes.TrimSpace(b), maxMessage)
	return strings.ToValidUTF8(string(b), "\uFFFD")
}
