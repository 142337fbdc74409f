// Package report renders grading reports as text for people and as JSON
// for programs.
package report

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"

	"github.com/fatih/color"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/internal/termsafe"
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
