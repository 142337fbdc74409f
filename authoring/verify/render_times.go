package verify

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/puzzlejudge/judge/core/report"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/internal/termsafe"
)

// writeAdvice writes a problem's one-line timing summary: the slowest
// accepted test and the suggested limit against the current one.
func writeAdvice(b *strings.Builder, tm *Timing, s report.Style) {
	a := tm.Suggestion
	if a == nil {
		return
	}
	line := fmt.Sprintf("time limit %d ms; suggested %d ms = %g × %d ms (slowest accepted: %s), rounded up to %d ms",
		tm.TimeLimitMs, a.LimitMs, a.ACToTimeLimit, a.SlowestACMs, a.SlowestAC, a.ResolutionMs)
	if a.MaxLimitMs > 0 {
		line += fmt.Sprintf("; at most %d ms keeps every time_limit_exceeded solution %g× over", a.MaxLimitMs, TLEScale)
		if a.LimitMs > a.MaxLimitMs {
			line += " (too tight: no limit has both margins)"
		}
	}
	line += fmt.Sprintf("; legacy rule (%d×, whole seconds): %d ms", LegacyMultiplier, a.LegacyLimitMs)
	fmt.Fprintf(b, "  %s\n", s.Dim(termsafe.Line(line)))
}

// writeTimes writes a problem's table of CPU times in milliseconds: a row
// per solution, a column per test, each cell coloured by its verdict at
// the time limit ("-" for a test not run), then the solution's slowest
// test and its share of the limit.
func writeTimes(b *strings.Builder, tm *Timing, s report.Style) {
	if tm == nil || len(tm.Solutions) == 0 {
		return
	}
	head := "CPU times in ms (colour: verdict at the time limit; - not run)"
	if anyCached(tm) {
		head = "CPU times in ms (colour: verdict at the time limit; - not run; * cached: measured by an earlier verify under the same limits)"
	}
	fmt.Fprintf(b, "  %s\n", s.Bold(head))
	nameW := len("solution")
	for _, r := range tm.Solutions {
		nameW = max(nameW, utf8.RuneCountInString(r.File))
	}
	colW := make([]int, len(tm.Tests))
	for i, t := range tm.Tests {
		colW[i] = max(utf8.RuneCountInString(t), 4)
		for _, r := range tm.Solutions {
			colW[i] = max(colW[i], len(cellText(r.Times[i])))
		}
	}
	cols := fmt.Sprintf("    %-*s", nameW, "solution")
	for i, t := range tm.Tests {
		cols += fmt.Sprintf(" %*s", colW[i], termsafe.Line(t))
	}
	b.WriteString(s.Dim(cols+"  slowest          share") + "\n")
	for _, r := range tm.Solutions {
		fmt.Fprintf(b, "    %-*s", nameW, termsafe.Line(r.File))
		for i, c := range r.Times {
			fmt.Fprintf(b, " %s", paintCell(c, fmt.Sprintf("%*s", colW[i], cellText(c)), s))
		}
		slow := "-"
		if r.SlowestTest != "" {
			slow = fmt.Sprintf("%s: %d ms", termsafe.Line(r.SlowestTest), r.SlowestMs)
		}
		share := fmt.Sprintf("%3.0f%% of %d ms", 100*r.Share, r.TimeLimitMs)
		if r.Expected == verdict.AC && r.Share > ACMargin {
			share = s.Bad(share)
		} else if r.Expected == verdict.AC && r.Share > ACWarn {
			share = s.Warning(share)
		}
		fmt.Fprintf(b, "  %-16s %s\n", slow, share)
	}
}

func cellText(c TimingCell) string {
	switch {
	case c.Verdict == "":
		return "-"
	case c.Cached:
		return fmt.Sprintf("%d*", c.TimeMs)
	}
	return fmt.Sprint(c.TimeMs)
}

// anyCached reports whether a cell of the table came from the run cache.
func anyCached(tm *Timing) bool {
	for _, r := range tm.Solutions {
		for _, c := range r.Times {
			if c.Cached {
				return true
			}
		}
	}
	return false
}

// paintCell colours a cell's text by its verdict: AC green, a limit
// exceeded yellow, any other verdict red.
func paintCell(c TimingCell, text string, s report.Style) string {
	switch c.Verdict {
	case "":
		return s.Dim(text)
	case verdict.AC:
		return s.Good(text)
	case verdict.TLE, verdict.MLE, verdict.OLE:
		return s.Warning(text)
	}
	return s.Bad(text)
}
