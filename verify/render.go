package verify

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"github.com/puzzlejudge/judge/report"
	"github.com/puzzlejudge/judge/termsafe"
)

// JSON writes the report as one JSON object, as report.JSON does.
func JSON(w io.Writer, r *Report) error {
	return report.JSON(w, r)
}

// Text writes the report for people: per problem a header and a line per
// check with its status and message, the details of findings indented
// below, and a summary.
func Text(w io.Writer, r *Report, s report.Style) error {
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
			if c.Status == Fail || c.Status == Warn {
				for _, d := range c.Details {
					if d != c.Message {
						fmt.Fprintf(&b, "          %s\n", termsafe.Text(d))
					}
				}
			}
		}
	}
	sum := r.Summary
	verdict := s.Bold("PASS")
	if !r.OK {
		verdict = s.Bold("FAIL")
	}
	fmt.Fprintf(&b, "\n%s  %d problems (%d failed), %d checks: %d passed, %d failed, %d warnings, %d skipped\n",
		verdict, sum.Problems, sum.Failed, sum.Checks, sum.Passed, sum.Failures, sum.Warnings, sum.Skipped)
	st := r.Stats
	fmt.Fprintf(&b, "%s\n", s.Dim(fmt.Sprintf("wall %.1f s on %d workers: %d compiles done after %.1f s (%d cached, %.1f s compiling), %d runs done after %.1f s (%.1f s CPU)",
		sec(st.WallMs), st.Workers, st.Compiles, sec(st.CompileWallMs), st.CachedCompiles, sec(st.CompileMs), st.Runs, sec(st.JudgeWallMs), sec(st.RunCPUMs))))
	_, err := io.WriteString(w, b.String())
	return err
}

func sec(ms int64) float64 { return float64(ms) / 1000 }

// statusText is a check's status as four letters, coloured.
func statusText(st Status, s report.Style) string {
	switch st {
	case Pass:
		return s.Good("PASS")
	case Fail:
		return s.Bad("FAIL")
	case Warn:
		return s.Warning("WARN")
	}
	return s.Dim("SKIP")
}

// JUnit XML, as CI systems read it: one testsuite per problem, one
// testcase per check.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	ClassName string        `xml:"classname,attr"`
	Failure   *junitMessage `xml:"failure,omitempty"`
	Skipped   *junitMessage `xml:"skipped,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitMessage struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Text    string `xml:",chardata"`
}

// JUnit writes the report as JUnit XML: a testsuite per problem, a
// testcase per check, a failure (with its message and details) per failed
// check, skipped checks marked skipped, and warnings in system-out.
func JUnit(w io.Writer, r *Report) error {
	doc := junitSuites{Name: "judge verify", Time: fmt.Sprintf("%.3f", float64(r.Stats.WallMs)/1000)}
	for _, p := range r.Problems {
		suite := junitSuite{Name: p.Problem}
		for _, c := range p.Checks {
			tc := junitCase{Name: c.Name, ClassName: "verify." + p.Problem}
			text := strings.Join(c.Details, "\n")
			switch c.Status {
			case Fail:
				tc.Failure = &junitMessage{Message: c.Message, Type: "fail", Text: text}
				suite.Failures++
			case Skip:
				tc.Skipped = &junitMessage{Message: c.Message}
				suite.Skipped++
			case Warn:
				tc.SystemOut = strings.TrimSpace("warning: " + c.Message + "\n" + text)
			default:
				tc.SystemOut = c.Message
			}
			suite.Tests++
			suite.Cases = append(suite.Cases, tc)
		}
		doc.Tests += suite.Tests
		doc.Failures += suite.Failures
		doc.Skipped += suite.Skipped
		doc.Suites = append(doc.Suites, suite)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}
