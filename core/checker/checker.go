// Package checker decides whether a contestant's output answers a test,
// by comparing it with the expected answer or by running a custom checker
// program.
//
// The built-in checkers stream both files through small buffers, so they
// work in bounded memory however large the files and their tokens are.
package checker

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strconv"
	"unicode/utf8"

	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/internal/fileutil"
)

// Result is the outcome of checking one output.
type Result struct {
	Verdict verdict.Verdict // verdict.AC, verdict.WA or verdict.PE
	Message string          // short single-line explanation, empty for AC
	// TeamMessage is the first line of a Kattis output validator's
	// teammessage.txt: what it meant for the contestant to see, "" if
	// it wrote none (Message may be its judgemessage.txt instead).
	TeamMessage string
	// Score is the score a Kattis output validator wrote to score.txt,
	// nil if it wrote none.
	Score *float64
	// Multiplier is what it wrote to score_multiplier.txt (2025-09), nil
	// if it wrote none.
	Multiplier *float64
}

// Checker checks a contestant's output. Its arguments are the paths of the
// test input, the contestant output and the expected answer. A non-nil
// error means the checker itself failed, which is an internal error (IE),
// not a verdict on the output.
type Checker interface {
	Check(ctx context.Context, input, output, expected string) (Result, error)
}

// New returns the checker described by spec. For problem.CheckerCustom,
// custom is the compiled checker and the sandbox it runs in (see Custom);
// the other kinds ignore it. An empty Kind means problem.CheckerTokens.
func New(spec problem.CheckerSpec, custom Custom) (Checker, error) {
	switch spec.Kind {
	case problem.CheckerTokens, "":
		return Tokens{}, nil
	case problem.CheckerExact:
		return Exact{}, nil
	case problem.CheckerFloat:
		return Float{Abs: spec.FloatAbs, Rel: spec.FloatRel}, nil
	case problem.CheckerDefault:
		return DefaultWithArgs{}, nil
	case problem.CheckerCustom:
		if custom.Sandbox == nil || custom.Program == nil {
			return nil, fmt.Errorf("new checker: custom checker needs a compiled program and a sandbox (source %s)", spec.Source)
		}
		return custom, nil
	}
	return nil, fmt.Errorf("new checker: unknown kind %q", spec.Kind)
}

// ac is the result of an accepted output.
var ac = Result{Verdict: verdict.AC}

// shownBytes is how much of a token or snippet messages show.
const shownBytes = 40

// show quotes b for a message, cut to about shownBytes bytes on a UTF-8
// boundary and marked with "…" if it was cut or more is known to follow.
func show(b []byte, more bool) string {
	if len(b) > shownBytes {
		b = cutRunes(b, shownBytes)
		more = true
	}
	s := strconv.Quote(string(b))
	if more {
		s = s[:len(s)-1] + "…\""
	}
	return s
}

// cutRunes returns the longest prefix of b that has at most n bytes and
// does not split a UTF-8 encoded rune.
func cutRunes(b []byte, n int) []byte {
	if len(b) <= n {
		return b
	}
	i := n
	for i > 0 && i > n-utf8.UTFMax && !utf8.RuneStart(b[i]) {
		i--
	}
	if !utf8.RuneStart(b[i]) {
		i = n // not valid UTF-8 anyway: cut at n
	}
	return b[:i]
}

// openPair opens the expected answer and the contestant output.
// newReader buffers a file being compared: readerSize bytes, or less for a
// smaller file (most tests' files are a few bytes, and two 64 KiB buffers
// a test would be most of what the judge allocates).
func newReader(f *os.File) *bufio.Reader {
	size := readerSize
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() < int64(size) {
		size = max(int(fi.Size())+1, minReaderSize)
	}
	return bufio.NewReaderSize(f, size)
}

func openPair(expected, output string) (exp, out *os.File, err error) {
	exp, err = fileutil.Open(expected)
	if err != nil {
		return nil, nil, fmt.Errorf("open expected answer: %w", err)
	}
	out, err = fileutil.Open(output)
	if err != nil {
		exp.Close()
		return nil, nil, fmt.Errorf("open output: %w", err)
	}
	return exp, out, nil
}
