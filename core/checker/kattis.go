package checker

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/puzzlejudge/judge/core/verdict"
)

// Default is the Kattis default output validator, with the semantics of
// the problem package format's specification (and of problemtools'
// default_validator, but for its C-string corners):
//
//   - the answer and the output are split into tokens on white space
//     (space, \t, \n, \v, \f, \r), which is otherwise ignored, and must have
//     the same number of tokens ("User EOF" when the output has fewer,
//     "Trailing output" when it has more);
//   - tokens compare case-insensitively (ASCII letters only) unless
//     CaseSensitive;
//   - with SpaceChange every white-space byte must match, the trailing
//     ones and the final newline included;
//   - with a tolerance set, an answer token that is entirely a finite
//     decimal number (integers included; not inf, nan, hexadecimal, "100e"
//     or a number out of range) requires a number in the output within
//     AbsTol of it or within RelTol times its magnitude; every other
//     answer token is compared as a string, so "INF" matches "inf".
//
// A NUL byte is an ordinary byte of a token, so "ab\x00cd" differs from
// "ab" (problemtools compares C strings there; DOMjudge expects WA).
// Tokens longer than 64 KiB are compared as strings, never as numbers.
type Default struct {
	CaseSensitive bool
	SpaceChange   bool
	// AbsTol and RelTol are the tolerances, negative when not set.
	AbsTol, RelTol float64
}

// DefaultFlags parses the flags of the default output validator:
// case_sensitive, space_change_sensitive, float_absolute_tolerance ε,
// float_relative_tolerance ε and float_tolerance ε (both). A later flag
// overrides an earlier one, as in problemtools. An unknown flag or a bad
// tolerance is an error: the package's fault, which judging reports as IE.
func DefaultFlags(args []string) (Default, error) {
	d := Default{AbsTol: -1, RelTol: -1}
	for i := 0; i < len(args); i++ {
		switch a := args[i]; a {
		case "case_sensitive":
			d.CaseSensitive = true
		case "space_change_sensitive":
			d.SpaceChange = true
		case "float_absolute_tolerance", "float_relative_tolerance", "float_tolerance":
			if i+1 == len(args) {
				return d, fmt.Errorf("default output validator: %s needs a value", a)
			}
			i++
			v, ok := parseDecimal([]byte(args[i]))
			if !ok || v < 0 {
				return d, fmt.Errorf("default output validator: %s %q: want a non-negative number", a, args[i])
			}
			switch a {
			case "float_absolute_tolerance":
				d.AbsTol = v
			case "float_relative_tolerance":
				d.RelTol = v
			default:
				d.AbsTol, d.RelTol = v, v
			}
		default:
			return d, fmt.Errorf("default output validator: unknown flag %q (want case_sensitive, space_change_sensitive, float_absolute_tolerance, float_relative_tolerance, float_tolerance)", a)
		}
	}
	return d, nil
}

// DefaultWithArgs is the default output validator whose flags come with
// each test (Test.CheckerArgs); it implements ArgsChecker.
type DefaultWithArgs struct{}

// Check implements Checker, with no flags.
func (DefaultWithArgs) Check(ctx context.Context, input, output, expected string) (Result, error) {
	return Default{AbsTol: -1, RelTol: -1}.Check(ctx, input, output, expected)
}

// WithArgs implements ArgsChecker.
func (DefaultWithArgs) WithArgs(args []string) (Checker, error) {
	return DefaultFlags(args)
}

// ArgsChecker is a checker that takes per-test arguments, such as the
// output validator flags of a Kattis package's test groups.
type ArgsChecker interface {
	Checker
	// WithArgs returns the checker to use on a test with these arguments.
	WithArgs(args []string) (Checker, error)
}

// maxFloatToken is the longest token compared as a number.
const maxFloatToken = 64 << 10

// Check implements Checker.
func (d Default) Check(ctx context.Context, input, output, expected string) (Result, error) {
	fe, fo, err := openPair(expected, output)
	if err != nil {
		return Result{}, err
	}
	defer fe.Close()
	defer fo.Close()
	c := &defaultRun{d: d, ans: newStream(fe), out: newStream(fo)}
	res, err := c.run(ctx)
	if err != nil {
		return Result{}, fmt.Errorf("compare %s with %s: %w", output, expected, err)
	}
	return res, nil
}

// stream reads a file byte by byte, counting lines and bytes.
type stream struct {
	r    *bufio.Reader
	line int // 1-based
	pos  int64
	err  error
}

func newStream(f *os.File) *stream { return &stream{r: newReader(f), line: 1} }

// peek returns the next byte, or -1 at the end.
func (s *stream) peek() int {
	b, err := s.r.Peek(1)
	if err != nil {
		if !errors.Is(err, io.EOF) {
			s.err = err
		}
		return -1
	}
	return int(b[0])
}

// get consumes and returns the next byte, or -1 at the end.
func (s *stream) get() int {
	c := s.peek()
	if c >= 0 {
		s.r.Discard(1)
		s.pos++
		if c == '\n' {
			s.line++
		}
	}
	return c
}

// isCSpace is C's isspace.
func isCSpace(c int) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// token reads the next token into dst, up to max bytes; it reports
// whether the token ended within them.
func (s *stream) token(dst []byte, max int) ([]byte, bool) {
	for len(dst) < max {
		c := s.peek()
		if c < 0 || isCSpace(c) {
			return dst, true
		}
		dst = append(dst, byte(c))
		s.get()
	}
	c := s.peek()
	return dst, c < 0 || isCSpace(c)
}

// defaultRun is one comparison.
type defaultRun struct {
	d        Default
	ans, out *stream
	outLine  int // line of the output token being compared
	ansLine  int
}

// wa returns a WA whose message says where, as problemtools does.
func (c *defaultRun) wa(format string, args ...any) Result {
	return Result{Verdict: verdict.WA, Message: fmt.Sprintf("line %d of output (line %d of answer): ", c.out.line, c.ans.line) + fmt.Sprintf(format, args...)}
}

func (c *defaultRun) run(ctx context.Context) (Result, error) {
	useFloats := c.d.AbsTol >= 0 || c.d.RelTol >= 0
	var judge, team []byte
	for token := 0; ; token++ {
		if token%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return Result{}, err
			}
		}
		for isCSpace(c.ans.peek()) {
			a := c.ans.get()
			if c.d.SpaceChange {
				if o := c.out.get(); o != a {
					return c.wa("space change error: expected %s, got %s", byteName(a), byteName(o)), nil
				}
			}
		}
		for isCSpace(c.out.peek()) {
			o := c.out.get()
			if c.d.SpaceChange {
				return c.wa("space change error: expected %s, got %s", byteName(c.ans.peek()), byteName(o)), nil
			}
		}
		if err := errors.Join(c.ans.err, c.out.err); err != nil {
			return Result{}, err
		}
		var jDone, tDone bool
		judge, jDone = c.ans.token(judge[:0], maxFloatToken)
		if len(judge) == 0 {
			break
		}
		team, tDone = c.out.token(team[:0], maxFloatToken)
		if len(team) == 0 {
			switch {
			case token == 0 && c.out.pos == 0:
				return c.wa("user output was empty; expected %s", show(judge, !jDone)), nil
			case token == 0:
				return c.wa("user output contained no tokens; expected %s", show(judge, !jDone)), nil
			}
			return c.wa("user EOF while the answer had more output; expected %s", show(judge, !jDone)), nil
		}
		if useFloats && jDone {
			if jv, ok := parseDecimal(judge); ok {
				tv, ok := parseDecimal(team)
				if !tDone || !ok {
					return c.wa("expected a number, got %s", show(team, !tDone)), nil
				}
				diff := math.Abs(jv - tv)
				if !(diff <= c.d.AbsTol) && !(diff <= c.d.RelTol*math.Abs(jv)) {
					return c.wa("too large difference: answer %s, output %s, difference %.6g (absolute tolerance %s, relative tolerance %s)",
						show(judge, false), show(team, false), diff, tolName(c.d.AbsTol), tolName(c.d.RelTol)), nil
				}
				continue
			}
		}
		if res, same := c.compareStrings(judge, jDone, team, tDone); !same {
			return res, nil
		}
	}
	if err := errors.Join(c.ans.err, c.out.err); err != nil {
		return Result{}, err
	}
	if extra, done := c.out.token(nil, shownBytes+utfMax); len(extra) > 0 {
		return c.wa("trailing output: %s", show(extra, !done)), nil
	}
	return ac, nil
}

// compareStrings compares two tokens of which the first bytes are read,
// reading the rest of both in step.
func (c *defaultRun) compareStrings(judge []byte, jDone bool, team []byte, tDone bool) (Result, bool) {
	shownJ, shownT := show(judge, !jDone), show(team, !tDone)
	for {
		n := min(len(judge), len(team))
		if !c.equal(judge[:n], team[:n]) || (jDone && tDone && len(judge) != len(team)) ||
			(jDone && len(judge) < len(team)) || (tDone && len(team) < len(judge)) {
			return c.wa("token mismatch: answer %s, output %s", shownJ, shownT), false
		}
		if jDone && tDone {
			return ac, true
		}
		// Both longer than what was read: read on.
		judge, jDone = c.ans.token(judge[:0], chunkSize)
		team, tDone = c.out.token(team[:0], chunkSize)
	}
}

// equal compares token bytes, ASCII case-insensitively unless
// CaseSensitive.
func (c *defaultRun) equal(a, b []byte) bool {
	if c.d.CaseSensitive {
		return string(a) == string(b)
	}
	for i := range a {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// parseDecimal parses a token that is entirely a finite decimal number:
// an optional sign, digits with at most one point (at least one digit),
// and an optional exponent with digits. It reports false for anything
// else, and for numbers that overflow or underflow to zero.
func parseDecimal(b []byte) (float64, bool) {
	i, n := 0, len(b)
	if i < n && (b[i] == '+' || b[i] == '-') {
		i++
	}
	digits, nonzero := 0, false
	for i < n && b[i] >= '0' && b[i] <= '9' {
		nonzero = nonzero || b[i] != '0'
		i++
		digits++
	}
	if i < n && b[i] == '.' {
		i++
		for i < n && b[i] >= '0' && b[i] <= '9' {
			nonzero = nonzero || b[i] != '0'
			i++
			digits++
		}
	}
	if digits == 0 {
		return 0, false
	}
	if i < n && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < n && (b[i] == '+' || b[i] == '-') {
			i++
		}
		exp := 0
		for i < n && b[i] >= '0' && b[i] <= '9' {
			i++
			exp++
		}
		if exp == 0 {
			return 0, false
		}
	}
	if i != n {
		return 0, false
	}
	v, err := strconv.ParseFloat(string(b), 64)
	if err != nil || math.IsInf(v, 0) || (v == 0 && nonzero) {
		return 0, false
	}
	return v, true
}

// byteName names a byte of white space in a message.
func byteName(c int) string {
	switch c {
	case -1:
		return "end of file"
	case ' ':
		return "space"
	case '\n':
		return `"\n"`
	}
	return strings.Trim(strconv.QuoteRune(rune(c)), "'")
}

// tolName shows a tolerance, "none" when not set.
func tolName(t float64) string {
	if t < 0 {
		return "none"
	}
	return strconv.FormatFloat(t, 'g', -1, 64)
}
