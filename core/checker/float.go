package checker

import (
	"context"
	"fmt"
	"math"
	"strconv"

	"github.com/puzzlejudge/judge/core/verdict"
)

// Float compares tokens like Tokens, except that when both the expected
// and the output token are numbers (as parsed by strconv.ParseFloat), the
// output is accepted if it is within Abs of the expected value, or within
// Rel times its magnitude. NaN and infinities in the output are accepted
// only where the expected answer has the same value. Other tokens, and
// tokens longer than 4 KiB, are compared exactly.
//
// A relative slack of 1e-9 of the tolerance absorbs the rounding of the
// binary subtraction, so that "0.100001" is within 1e-6 of "0.1".
type Float struct {
	Abs float64 // absolute tolerance
	Rel float64 // relative tolerance
}

// Check implements Checker.
func (f Float) Check(ctx context.Context, input, output, expected string) (Result, error) {
	return compareTokenFiles(ctx, output, expected, &f)
}

// compare compares the whole tokens exp and got. It reports false if they
// are not both numbers, leaving them to be compared exactly.
func (f *Float) compare(exp, got []byte) (Result, bool) {
	e, err := strconv.ParseFloat(string(exp), 64)
	if err != nil {
		return Result{}, false
	}
	g, err := strconv.ParseFloat(string(got), 64)
	if err != nil {
		return Result{}, false
	}
	switch {
	case math.IsNaN(e) || math.IsNaN(g):
		if math.IsNaN(e) && math.IsNaN(g) {
			return ac, true
		}
	case math.IsInf(e, 0) || math.IsInf(g, 0):
		if e == g {
			return ac, true
		}
	default:
		diff := math.Abs(g - e)
		tol := max(f.Abs, f.Rel*math.Abs(e))
		if diff <= tol*(1+1e-9) {
			return ac, true
		}
		return Result{Verdict: verdict.WA, Message: fmt.Sprintf("expected %s, got %s, difference %.6g exceeds tolerance %.6g",
			show(exp, false), show(got, false), diff, tol)}, true
	}
	return Result{Verdict: verdict.WA, Message: fmt.Sprintf("expected %s, got %s", show(exp, false), show(got, false))}, true
}
