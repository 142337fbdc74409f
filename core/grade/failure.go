package grade

import (
	"fmt"

	"github.com/puzzlejudge/judge/core/verdict"
)

// Failure says in one line why a report is not AC: the judge's error, the
// first line of the compile output, or its first failing test's message;
// "" for an accepted report.
func Failure(rep *Report) string {
	if msg := rep.InternalError(); msg != "" {
		return msg
	}
	if rep.Verdict == verdict.CE {
		return firstLines([]byte(rep.Compile.Output), 1)
	}
	for _, t := range rep.Tests {
		if t.Verdict != verdict.AC {
			return fmt.Sprintf("test %s: %s", t.Name, t.Message)
		}
	}
	return ""
}
