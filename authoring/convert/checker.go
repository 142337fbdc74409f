package convert

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/puzzlejudge/judge/core/problem"
)

// nativeChecker gives the problem.yaml checker lines that check as the
// default output validator with the tests' flags does, and what differs.
func nativeChecker(tests []problem.Test) (string, []string) {
	var notes []string
	// With flags per group, every test gets the longest list (a group's
	// float tolerance also accepts the exact answers of the others).
	var flags []string
	for _, t := range tests {
		if len(t.CheckerArgs) > len(flags) {
			flags = t.CheckerArgs
		}
	}
	for _, t := range tests {
		if !slices.Equal(t.CheckerArgs, flags) {
			notes = append(notes, fmt.Sprintf("output validator flags per test group (test %s has %q; all tests now get %q)", t.Name, t.CheckerArgs, flags))
			break
		}
	}
	var caseSens, spaceSens bool
	abs, rel := -1.0, -1.0
	for i := 0; i < len(flags); i++ {
		num := func() float64 {
			if i+1 < len(flags) {
				i++
				if x, err := strconv.ParseFloat(flags[i], 64); err == nil {
					return x
				}
			}
			notes = append(notes, "output validator flag "+flags[i]+" without a number")
			return -1
		}
		switch flags[i] {
		case "case_sensitive":
			caseSens = true
		case "space_change_sensitive":
			spaceSens = true
		case "float_absolute_tolerance":
			abs = num()
		case "float_relative_tolerance":
			rel = num()
		case "float_tolerance":
			x := num()
			abs, rel = x, x
		default:
			notes = append(notes, "output validator flag "+strconv.Quote(flags[i]))
		}
	}
	if !caseSens {
		notes = append(notes, "case-insensitive comparison: native checkers compare case-sensitively")
	}
	if abs >= 0 || rel >= 0 {
		if spaceSens {
			notes = append(notes, "space_change_sensitive with float tolerances: the float checker ignores white space")
		}
		var b strings.Builder
		b.WriteString("checker: float\n")
		// The native float checker takes a number within either tolerance,
		// as the default validator does; a tolerance the package leaves
		// out is 0 (it accepts only exact floats on that side).
		fmt.Fprintf(&b, "float_abs: %s\n", fmtFloat(max(abs, 0)))
		fmt.Fprintf(&b, "float_rel: %s\n", fmtFloat(max(rel, 0)))
		return b.String(), notes
	}
	if spaceSens {
		return "checker: exact\n", notes
	}
	return "checker: tokens\n", notes
}
