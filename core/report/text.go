package report

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/fatih/color"
	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/internal/termsafe"
	"github.com/puzzlejudge/judge/runner"
)

// Text writes a report for people: a header, a line per test, and a
// summary. Text from outside the judge (titles, test names, messages, a
// program's stderr, compiler and checker output, errors) is printed
// through termsafe, so that it cannot drive the terminal.
func Text(w io.Writer, r *grade.Report, title string, s Style) error {
	names := make([]string, len(r.Tests))
	for i, t := range r.Tests {
		names[i] = t.Name
	}
	tw := NewTextWriter(w, title, s)
	if err := tw.Header(r, names); err != nil {
		return err
	}
	for _, t := range r.Tests {
		if err := tw.Test(t); err != nil {
			return err
		}
	}
	return tw.Summary(r)
}

// TextWriter writes a text report in parts, as grading goes: the header
// once the program is compiled, each test's line as it is final, and the
// summary at the end. The parts together are exactly what Text writes.
type TextWriter struct {
	w     io.Writer
	title string
	s     Style
	width int
}

// NewTextWriter returns a TextWriter on w for a problem titled title.
func NewTextWriter(w io.Writer, title string, s Style) *TextWriter {
	return &TextWriter{w: w, title: title, s: s, width: 4}
}

// Header writes the report's header: warnings, problem, language,
// sandbox, limits and the compile step. names are the tests to come, so
// that their column is wide enough.
func (tw *TextWriter) Header(r *grade.Report, names []string) error {
	s := tw.s
	var b strings.Builder
	for _, w := range warnings(r) {
		fmt.Fprintln(&b, s.paint([]color.Attribute{color.FgYellow}, "warning: "+termsafe.Line(w)))
	}
	head := termsafe.Line(r.Problem)
	if tw.title != "" {
		head += " — " + termsafe.Line(tw.title)
	}
	fmt.Fprintf(&b, "%s %s\n", s.Dim("problem "), s.Bold(head))
	fmt.Fprintf(&b, "%s %s   %s %s (memory: %s)\n", s.Dim("language"), termsafe.Line(r.Language), s.Dim("sandbox"), r.Sandbox, r.Measurement.Memory)
	mark := func(key, text string) string {
		if r.Limits.Override(key) {
			return text + " " + s.Warning("(override)")
		}
		return text
	}
	fmt.Fprintf(&b, "%s %s   wall %s   %s   output %s\n", s.Dim("limits  "),
		mark("time_ms", "time "+figures.Millis(r.Limits.TimeMs)), figures.Millis(r.Limits.WallMs),
		mark("memory_kb", "memory "+figures.Size(r.Limits.MemoryKB<<10)), figures.Size(r.Limits.OutputKB<<10))
	compile, extra := "ok", figures.Millis(r.Compile.TimeMs)
	switch {
	case !r.Compile.OK && r.Verdict == verdict.IE:
		// The judge failed to compile (a compiler missing from the box,
		// say): not the submission's compile error.
		compile, extra = s.Verdict(verdict.IE), "the judge could not compile; see the internal error below"
	case !r.Compile.OK:
		compile = s.Verdict(verdict.CE)
	}
	if r.Compile.Cached {
		extra = "cached"
	}
	fmt.Fprintf(&b, "%s %s %s\n", s.Dim("compile "), compile, s.Dim("("+extra+")"))
	if !r.Compile.OK && r.Compile.Output != "" {
		fmt.Fprintln(&b, indent(termsafe.Text(r.Compile.Output), "    "))
	}
	if len(names) > 0 {
		fmt.Fprintln(&b)
	}
	for _, n := range names {
		tw.width = max(tw.width, len(termsafe.Line(n)))
	}
	_, err := io.WriteString(tw.w, b.String())
	return err
}

// Test writes one test's line, and its diff for WA and PE.
func (tw *TextWriter) Test(t grade.TestResult) error {
	s := tw.s
	var b strings.Builder
	fmt.Fprintf(&b, "  %-*s  %s  %8s  %10s", tw.width, termsafe.Line(t.Name), pad(s.Verdict(t.Verdict), string(t.Verdict), 3),
		figures.Millis(t.TimeMs), figures.Memory(t.MemoryKB))
	if t.Message != "" {
		fmt.Fprintf(&b, "  %s", termsafe.Line(firstLine(t.Message)))
	}
	if t.WallRechecked {
		// The figures are the second run's (grade.Options.RecheckWall).
		fmt.Fprintf(&b, "  %s", s.Dim("(run again: the first run was stopped by the wall clock under its CPU limit)"))
	}
	fmt.Fprintln(&b)
	if t.Diff != nil && t.Diff.Text != "" {
		fmt.Fprintln(&b, diffText(t.Diff.Text, s))
	}
	_, err := io.WriteString(tw.w, b.String())
	return err
}

// Summary writes the overall verdict, the counts and maxima, and the
// judge's own error, if any.
func (tw *TextWriter) Summary(r *grade.Report) error {
	s := tw.s
	var b strings.Builder
	fmt.Fprintln(&b)
	passed, decider := r.Passed(), r.DecidingTest()
	summary := fmt.Sprintf("%s %s (%s)", s.Bold("verdict"), s.Verdict(r.Verdict), r.Verdict.Long())
	if decider != "" && r.Verdict != verdict.AC {
		// (A scoring problem's graders may accept with failed tests.)
		summary += " on test " + termsafe.Line(decider)
	}
	if len(r.Tests) > 0 {
		summary += fmt.Sprintf("   %d/%d passed   max time %s   max memory %s", passed, len(r.Tests), figures.Millis(r.MaxTimeMs), figures.Memory(r.MaxMemoryKB))
	}
	fmt.Fprintln(&b, summary)
	if len(r.NotRun) > 0 {
		why := "stopped at the first failure"
		if r.BudgetExceeded {
			why = fmt.Sprintf("the time budget of %s for all tests was used up", time.Duration(r.Limits.BudgetMs)*time.Millisecond)
		}
		fmt.Fprintf(&b, "%s\n", s.Dim(fmt.Sprintf("not run (%s): %s", why, termsafe.Line(strings.Join(r.NotRun, " ")))))
	}
	b.WriteString(scoreText(r, s))
	if r.Error != "" {
		fmt.Fprintf(&b, "internal error: %s\n", termsafe.Text(r.Error))
	}
	_, err := io.WriteString(tw.w, b.String())
	return err
}

// warnings returns the report's warnings; a basic-mode report made
// without one still says that nothing was isolated.
func warnings(r *grade.Report) []string {
	if len(r.Warnings) == 0 && r.Sandbox == runner.ModeBasic {
		return []string{grade.BasicWarning(grade.BasicModeAdvice{})}
	}
	return r.Warnings
}

// scoreText is a scoring problem's score and a line per group, or "" for
// a pass-fail problem:
//
//	score   75/100
//	  secret     WA  75/100
//	  secret/g1  AC  20/20
func scoreText(r *grade.Report, s Style) string {
	if r.Score == nil {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s   %s\n", s.Bold("score"), s.Bold(r.ScoreText()))
	width := 0
	for _, g := range r.Groups {
		width = max(width, len(termsafe.Line(g.Name)))
	}
	for _, g := range r.Groups {
		fmt.Fprintf(&b, "  %-*s  %s  %s\n", width, termsafe.Line(g.Name), pad(s.Verdict(g.Verdict), string(g.Verdict), 3), g.ScoreText())
	}
	return b.String()
}
