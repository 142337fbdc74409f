package verify

import (
	"fmt"
	"io"
	"strings"

	"github.com/puzzlejudge/judge/core/report"
	"github.com/puzzlejudge/judge/internal/termsafe"
)

// JSON writes the report as one JSON object, as report.JSON does.
func JSON(w io.Writer, r *Report) error {
	return report.JSON(w, r)
}

// Text writes the report for people: per problem a header, a line per
// check with its status and message, the details of findings indented
// below and a line on the time limit (the one the problemtools rule
// suggests), and a summary.
func Text(w io.Writer, r *Report, s report.Style) error {
	return text(w, r, s, false)
}

// TextTimes writes the report as Text does, with each problem's table of
// CPU times, solutions × tests, after its checks.
func TextTimes(w io.Writer, r *Report, s report.Style) error {
	return text(w, r, s, true)
}

func text(w io.Writer, r *Report, s report.Style, times bool) error {
	var b strings.Builder
	for i, p := range r.Problems {
		if i > 0 {
			b.WriteString("\n")
		}
		head := termsafe.Line(p.Problem)
		if p.Title != "" {
			head += " — " + termsafe.Line(p.Title)
		}
		fmt.Fprintf(&b, "%s %s\n", s.Bold(head), s.Dim(termsafe.Line(p.Dir)))
		width := 0
		for _, c := range p.Checks {
			width = max(width, len(c.Name))
		}
		for _, c := range p.Checks {
			line := fmt.Sprintf("  %s  %-*s", statusText(c.Status, s), width, c.Name)
			if c.Message != "" {
				line += "  " + termsafe.Text(c.Message)
			}
			b.WriteString(strings.TrimRight(line, " ") + "\n")
			if c.Status == Fail || c.Status == Error || c.Status == Warn {
				for _, d := range c.Details {
					if d != c.Message {
						fmt.Fprintf(&b, "          %s\n", termsafe.Text(d))
					}
				}
			}
		}
		if p.Times != nil {
			if times {
				writeTimes(&b, p.Times, s)
			}
			writeAdvice(&b, p.Times, s)
		}
	}
	sum := r.Summary
	verdict := s.Bold("PASS")
	if !r.OK {
		verdict = s.Bold("FAIL")
	}
	errs := ""
	if sum.Errors > 0 {
		errs = ", " + report.Plural(sum.Errors, "internal error")
	}
	fmt.Fprintf(&b, "\n%s  %s (%d failed), %s: %d passed, %d failed%s, %s, %d skipped\n",
		verdict, report.Plural(sum.Problems, "problem"), sum.Failed, report.Plural(sum.Checks, "check"), sum.Passed, sum.Failures, errs, report.Plural(sum.Warnings, "warning"), sum.Skipped)
	st := r.Stats
	cached := ""
	if st.CachedRuns > 0 {
		cached = fmt.Sprintf(", %s from the run cache", report.Plural(st.CachedRuns, "result"))
	}
	fmt.Fprintf(&b, "%s\n", s.Dim(fmt.Sprintf("wall %.1f s on %d workers: %d compiles done after %.1f s (%d cached, %.1f s compiling), %d runs done after %.1f s (%.1f s CPU)%s",
		sec(st.WallMs), st.Workers, st.Compiles, sec(st.CompileWallMs), st.CachedCompiles, sec(st.CompileMs), st.Runs, sec(st.JudgeWallMs), sec(st.RunCPUMs), cached)))
	_, err := io.WriteString(w, b.String())
	return err
}

// CheckLine renders a check on one line for live output: its status, the
// problem, its name and its message, escaped for the terminal.
func CheckLine(problem string, c *Check, s report.Style) string {
	line := fmt.Sprintf("%s  %s: %s", statusText(c.Status, s), termsafe.Line(problem), termsafe.Line(c.Name))
	if c.Message != "" {
		line += "  " + termsafe.Line(c.Message)
	}
	return line
}

func sec(ms int64) float64 { return float64(ms) / 1000 }

// statusText is a check's status as four letters, coloured.
func statusText(st Status, s report.Style) string {
	switch st {
	case Pass:
		return s.Good("PASS")
	case Fail:
		return s.Bad("FAIL")
	case Error:
		return s.Bad("IERR")
	case Warn:
		return s.Warning("WARN")
	}
	return s.Dim("SKIP")
}
