package verify

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// JUnit XML, as CI systems read it: one testsuite per problem, one
// testcase per check.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Skipped    int             `xml:"skipped,attr"`
	Time       string          `xml:"time,attr"`
	Properties []junitProperty `xml:"properties>property,omitempty"`
	Cases      []junitCase     `xml:"testcase"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	ClassName string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitMessage `xml:"failure,omitempty"`
	Error     *junitMessage `xml:"error,omitempty"`
	Skipped   *junitMessage `xml:"skipped,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
	SystemErr string        `xml:"system-err,omitempty"`
}

type junitMessage struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Text    string `xml:",chardata"`
}

// WarningPrefix starts the skipped message of a warning in JUnit, so that
// CI screens that list skipped tests with their message show it as one.
const WarningPrefix = "warning: "

// JUnit writes the report as JUnit XML: a testsuite per problem, a
// testcase per check, each with its time in seconds. A failed check is a
// <failure> (message and details), the judge's own failure an <error>
// (counted in errors=), a skipped check <skipped>. A warning is a
// <skipped> whose message starts with "warning: " and has its details
// in <system-err>, and the suite's "warnings" property counts them: GitHub
// Actions' JUnit reporters, GitLab's test report and Jenkins' JUnit page
// all show skipped tests with their message, where system-out is hidden.
func JUnit(w io.Writer, r *Report) error {
	doc := junitSuites{Name: "judge verify", Time: seconds(r.Stats.WallMs)}
	for _, p := range r.Problems {
		suite := junitSuite{Name: p.Problem}
		var total int64
		warnings := 0
		for _, c := range p.Checks {
			tc := junitCase{Name: c.Name, ClassName: "verify." + p.Problem, Time: seconds(c.TimeMs)}
			total += c.TimeMs
			text := strings.Join(c.Details, "\n")
			switch c.Status {
			case Fail:
				tc.Failure = &junitMessage{Message: c.Message, Type: "fail", Text: text}
				suite.Failures++
			case Error:
				tc.Error = &junitMessage{Message: c.Message, Type: "internal", Text: text}
				suite.Errors++
			case Skip:
				tc.Skipped = &junitMessage{Message: c.Message}
				suite.Skipped++
			case Warn:
				tc.Skipped = &junitMessage{Message: WarningPrefix + c.Message}
				tc.SystemErr = strings.TrimSpace(WarningPrefix + c.Message + "\n" + text)
				suite.Skipped++
				warnings++
			default:
				tc.SystemOut = c.Message
			}
			suite.Tests++
			suite.Cases = append(suite.Cases, tc)
		}
		suite.Time = seconds(total)
		suite.Properties = []junitProperty{{Name: "warnings", Value: fmt.Sprint(warnings)}}
		if p.Dir != "" {
			suite.Properties = append(suite.Properties, junitProperty{Name: "dir", Value: p.Dir})
		}
		doc.Tests += suite.Tests
		doc.Failures += suite.Failures
		doc.Errors += suite.Errors
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

// seconds formats milliseconds as JUnit's seconds.
func seconds(ms int64) string { return fmt.Sprintf("%.3f", float64(ms)/1000) }
