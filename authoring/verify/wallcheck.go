package verify

import (
	"fmt"
	"strings"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
)

// wallNote says which of a program's tests were run a second time with a
// longer wall limit (grade.Options.RecheckWall) and what the second run
// showed, and which wall stops stood without one because the machine had
// CPU to spare (grade.TestResult.WallUnstarved), for the message of a
// check that used them; "" when none was.
func wallNote(results []grade.TestResult) string {
	var loaded, waits, rerun, unstarved []string
	for _, t := range results {
		switch {
		case t.WallUnstarved:
			unstarved = append(unstarved, t.Name)
		case !t.WallRechecked:
		case t.Verdict == verdict.IE:
			rerun = append(rerun, t.Name)
		case t.Status == runner.WallExceeded:
			waits = append(waits, t.Name)
		default:
			loaded = append(loaded, t.Name)
		}
	}
	var notes []string
	if len(rerun) > 0 {
		notes = append(notes, fmt.Sprintf("%s re-run with a longer wall limit", testNames(rerun)))
	}
	if len(loaded) > 0 {
		notes = append(notes, fmt.Sprintf("%s re-run with a longer wall limit: the machine was loaded", testNames(loaded)))
	}
	if len(waits) > 0 {
		notes = append(notes, fmt.Sprintf("%s stopped by the wall clock again with a longer wall limit: the program waits", testNames(waits)))
	}
	if len(unstarved) > 0 {
		notes = append(notes, fmt.Sprintf("%s stopped by the wall clock while the machine had CPU to spare: the program waits", testNames(unstarved)))
	}
	return strings.Join(notes, "; ")
}

// testNames says "test a" or "tests a, b".
func testNames(names []string) string {
	if len(names) == 1 {
		return "test " + names[0]
	}
	return "tests " + strings.Join(names, ", ")
}

// withWallNote adds the wall notes of the solutions a check used to its
// message, each after the solution's file.
func withWallNote(c *Check, runs []*solRun) *Check {
	var notes []string
	for _, sr := range runs {
		if n := wallNote(sr.judged()); n != "" {
			notes = append(notes, sr.sol.Rel+": "+n)
		}
	}
	if len(notes) > 0 {
		c.Message += " (" + strings.Join(notes, "; ") + ")"
	}
	return c
}
