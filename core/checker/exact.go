package checker

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/puzzlejudge/judge/core/verdict"
)

// Exact accepts an output that is byte for byte equal to the expected
// answer. An output with the same tokens that differs only in white space
// (including line endings and a missing final newline) gets PE; any other
// difference gets WA. Both messages give the line and column of the first
// differing byte.
type Exact struct{}

// Check implements Checker.
func (Exact) Check(ctx context.Context, input, output, expected string) (Result, error) {
	msg, same, err := firstByteDiff(ctx, output, expected)
	if err != nil {
		return Result{}, err
	}
	if same {
		return ac, nil
	}
	res, err := compareTokenFiles(ctx, output, expected, nil)
	if err != nil {
		return Result{}, err
	}
	if res.Verdict == verdict.AC {
		return Result{Verdict: verdict.PE, Message: msg + " (only white space differs)"}, nil
	}
	return Result{Verdict: verdict.WA, Message: msg}, nil
}

// firstByteDiff compares two files byte by byte and describes the first
// difference, or reports that they are equal.
func firstByteDiff(ctx context.Context, output, expected string) (msg string, same bool, err error) {
	fe, fo, err := openPair(expected, output)
	if err != nil {
		return "", false, err
	}
	defer fe.Close()
	defer fo.Close()
	re, ro := newReader(fe), newReader(fo)
	line, col := 1, 1
	for {
		if err := ctx.Err(); err != nil {
			return "", false, err
		}
		be, errE := buffered(re)
		bo, errO := buffered(ro)
		for _, err := range []error{errE, errO} {
			if err != nil && !errors.Is(err, io.EOF) {
				return "", false, fmt.Errorf("compare %s with %s: %w", output, expected, err)
			}
		}
		if len(be) == 0 && len(bo) == 0 {
			return "", true, nil
		}
		n := min(len(be), len(bo))
		k := commonPrefix(be[:n], bo[:n])
		if nl := bytes.Count(be[:k], []byte{'\n'}); nl > 0 {
			line += nl
			col = k - bytes.LastIndexByte(be[:k], '\n')
		} else {
			col += k
		}
		re.Discard(k)
		ro.Discard(k)
		if k == n && n > 0 {
			continue
		}
		return fmt.Sprintf("line %d, column %d: expected %s, got %s",
			line, col, snippet(re), snippet(ro)), false, nil
	}
}

// snippet describes the bytes at the reading position of r, up to and
// including the end of the line.
func snippet(r *bufio.Reader) string {
	b, _ := r.Peek(shownBytes + utfMax)
	if len(b) == 0 {
		return "end of file"
	}
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		return show(b[:i+1], false)
	}
	return show(b, len(b) > shownBytes)
}
