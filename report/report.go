// Package report renders grading reports as text for people and as JSON
// for programs.
package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/fatih/color"
	"github.com/puzzlejudge/judge/grade"
	"github.com/puzzlejudge/judge/problem"
	"github.com/puzzlejudge/judge/runner"
	"github.com/puzzlejudge/judge/termsafe"
	"github.com/puzzlejudge/judge/verdict"
)

// JSON writes r as one JSON object and a newline. The characters a
// terminal could act on are escaped (see termsafe.JSON); the values are
// exactly r's.
func JSON(w io.Writer, r any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return err
	}
	_, err := w.Write(termsafe.JSON(buf.Bytes()))
	return err
}

// Style colours text output; the zero value prints plain text.
type Style struct {
	Color bool
}

func (s Style) paint(attrs []color.Attribute, text string) string {
	if !s.Color {
		return text
	}
	c := color.New(attrs...)
	c.EnableColor()
	return c.Sprint(text)
}

// Verdict colours a verdict code: green for AC, yellow for limits, red for
// the rest.
func (s Style) Verdict(v verdict.Verdict) string {
	switch v {
	case verdict.AC:
		return s.paint([]color.Attribute{color.FgGreen, color.Bold}, string(v))
	case verdict.TLE, verdict.MLE, verdict.OLE:
		return s.paint([]color.Attribute{color.FgYellow, color.Bold}, string(v))
	}
	return s.paint([]color.Attribute{color.FgRed, color.Bold}, string(v))
}

// Dim greys out secondary text.
func (s Style) Dim(text string) string { return s.paint([]color.Attribute{color.Faint}, text) }

// Bold emphasises text.
func (s Style) Bold(text string) string { return s.paint([]color.Attribute{color.Bold}, text) }

// BasicWarning is printed when the sandbox does not isolate.
const BasicWarning = "warning: sandbox mode basic does not isolate the submission (no namespaces, no cgroups); use it only for trusted code"

// Text writes a report for people: a header, a line per test, and a
// summary. Text from outside the judge (titles, test names, messages, a
// program's stderr, compiler and checker output, errors) is printed
// through termsafe, so that it cannot drive the terminal.
func Text(w io.Writer, r *grade.Report, title string, s Style) error {
	var b strings.Builder
	if r.Sandbox == runner.ModeBasic {
		fmt.Fprintln(&b, s.paint([]color.Attribute{color.FgYellow}, BasicWarning))
	}
	head := termsafe.Line(r.Problem)
	if title != "" {
		head += " — " + termsafe.Line(title)
	}
	fmt.Fprintf(&b, "%s %s\n", s.Dim("problem "), s.Bold(head))
	fmt.Fprintf(&b, "%s %s   %s %s (memory: %s)\n", s.Dim("language"), termsafe.Line(r.Language), s.Dim("sandbox"), r.Sandbox, r.Measurement.Memory)
	fmt.Fprintf(&b, "%s time %s   wall %s   memory %s   output %s\n", s.Dim("limits  "),
		ms(r.Limits.TimeMs), ms(r.Limits.WallMs), problem.FormatSize(r.Limits.MemoryKB<<10), problem.FormatSize(r.Limits.OutputKB<<10))
	compile, extra := "ok", ms(r.Compile.TimeMs)
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
	if len(r.Tests) > 0 {
		fmt.Fprintln(&b)
	}
	width := 4
	for _, t := range r.Tests {
		width = max(width, len(termsafe.Line(t.Name)))
	}
	for _, t := range r.Tests {
		fmt.Fprintf(&b, "  %-*s  %s  %8s  %10s", width, termsafe.Line(t.Name), pad(s.Verdict(t.Verdict), string(t.Verdict), 3),
			ms(t.TimeMs), problem.FormatSize(t.MemoryKB<<10))
		if t.Message != "" {
			fmt.Fprintf(&b, "  %s", termsafe.Line(firstLine(t.Message)))
		}
		fmt.Fprintln(&b)
		if t.Diff != nil && t.Diff.Text != "" {
			fmt.Fprintln(&b, diffText(t.Diff.Text, s))
		}
	}
	fmt.Fprintln(&b)
	passed := 0
	firstBad := ""
	for _, t := range r.Tests {
		if t.Verdict == verdict.AC {
			passed++
		} else if firstBad == "" {
			firstBad = t.Name
		}
	}
	summary := fmt.Sprintf("%s %s (%s)", s.Bold("verdict"), s.Verdict(r.Verdict), r.Verdict.Long())
	if firstBad != "" {
		summary += " on test " + termsafe.Line(firstBad)
	}
	if len(r.Tests) > 0 {
		summary += fmt.Sprintf("   %d/%d passed   max time %s   max memory %s", passed, len(r.Tests), ms(r.MaxTimeMs), problem.FormatSize(r.MaxMemoryKB<<10))
	}
	fmt.Fprintln(&b, summary)
	if r.Error != "" {
		fmt.Fprintf(&b, "internal error: %s\n", termsafe.Text(r.Error))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func ms(v int64) string { return fmt.Sprintf("%d ms", v) }

// pad pads a coloured string as if it were plain.
func pad(colored, plain string, width int) string {
	if len(plain) >= width {
		return colored
	}
	return colored + strings.Repeat(" ", width-len(plain))
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}

func indent(s, prefix string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = prefix + l
	}
	return strings.Join(lines, "\n")
}

// diffText indents a diff and colours its removed and added lines.
func diffText(text string, s Style) string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	for i, l := range lines {
		l = termsafe.Line(l) // checker.Diff escapes already; this keeps it so
		switch {
		case strings.HasPrefix(l, "-"):
			l = s.paint([]color.Attribute{color.FgRed}, l)
		case strings.HasPrefix(l, "+"):
			l = s.paint([]color.Attribute{color.FgGreen}, l)
		default:
			l = s.Dim(l)
		}
		lines[i] = "      " + l
	}
	return strings.Join(lines, "\n")
}
