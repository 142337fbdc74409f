package verify_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/authoring/verify"
	"github.com/puzzlejudge/judge/core/report"
)

func sampleReport() *verify.Report {
	return &verify.Report{
		OK: false,
		Problems: []*verify.ProblemReport{{
			Problem: "sum", Dir: "problems/sum", Title: "Sum",
			Checks: []*verify.Check{
				{Name: verify.CheckConfig, Status: verify.Pass, Message: "time limit 1s"},
				{Name: verify.CheckJunk, Status: verify.Fail, Message: "accepts junk: empty file", Details: []string{"accepts junk: empty file", "accepts junk: <truncated> & more"}},
				{Name: verify.CheckGenerator, Status: verify.Warn, Message: "no generator"},
				{Name: verify.CheckReferences, Status: verify.Skip, Message: "the package does not load"},
				{Name: "solution accepted/a.c", Status: verify.Error, Message: "internal error: run c: box gone", TimeMs: 1250},
			},
		}},
		Summary: verify.Summary{Problems: 1, Failed: 1, Checks: 5, Passed: 1, Failures: 1, Errors: 1, Warnings: 1, Skipped: 1},
	}
}

func TestJUnit(t *testing.T) {
	var buf bytes.Buffer
	if err := verify.JUnit(&buf, sampleReport()); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
		Errors   int `xml:"errors,attr"`
		Suites   []struct {
			Name       string `xml:"name,attr"`
			Failures   int    `xml:"failures,attr"`
			Errors     int    `xml:"errors,attr"`
			Skipped    int    `xml:"skipped,attr"`
			Properties []struct {
				Name  string `xml:"name,attr"`
				Value string `xml:"value,attr"`
			} `xml:"properties>property"`
			Cases []struct {
				Name    string  `xml:"name,attr"`
				Time    *string `xml:"time,attr"`
				Failure *struct {
					Message string `xml:"message,attr"`
					Text    string `xml:",chardata"`
				} `xml:"failure"`
				Error *struct {
					Message string `xml:"message,attr"`
				} `xml:"error"`
				Skipped *struct {
					Message string `xml:"message,attr"`
				} `xml:"skipped"`
				Out string `xml:"system-out"`
				Err string `xml:"system-err"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatalf("not XML: %v\n%s", err, buf.String())
	}
	if doc.Tests != 5 || doc.Failures != 1 || doc.Errors != 1 || len(doc.Suites) != 1 {
		t.Fatalf("tests=%d failures=%d errors=%d suites=%d, want 5 1 1 1", doc.Tests, doc.Failures, doc.Errors, len(doc.Suites))
	}
	s := doc.Suites[0]
	if s.Name != "sum" || s.Failures != 1 || s.Errors != 1 || s.Skipped != 2 || len(s.Cases) != 5 {
		t.Fatalf("suite %+v", s)
	}
	for _, c := range s.Cases {
		if c.Time == nil {
			t.Errorf("case %q has no time", c.Name)
		}
	}
	if ie := s.Cases[4]; ie.Error == nil || ie.Failure != nil || !strings.Contains(ie.Error.Message, "box gone") || *ie.Time != "1.250" {
		t.Errorf("internal error case %+v", ie)
	}
	if len(s.Properties) == 0 || s.Properties[0].Name != "warnings" || s.Properties[0].Value != "1" {
		t.Errorf("properties %+v", s.Properties)
	}
	junk := s.Cases[1]
	if junk.Name != verify.CheckJunk || junk.Failure == nil || junk.Failure.Message != "accepts junk: empty file" ||
		!strings.Contains(junk.Failure.Text, "<truncated> & more") {
		t.Errorf("failed case %+v", junk)
	}
	if w := s.Cases[2]; w.Failure != nil || w.Skipped == nil || w.Skipped.Message != "warning: no generator" || !strings.Contains(w.Err, "warning: no generator") {
		t.Errorf("warning case %+v", s.Cases[2])
	}
	if s.Cases[3].Skipped == nil {
		t.Errorf("skipped case %+v", s.Cases[3])
	}
}

func TestJSON(t *testing.T) {
	var buf bytes.Buffer
	if err := verify.JSON(&buf, sampleReport()); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"ok", "problems", "summary", "stats"} {
		if _, ok := doc[k]; !ok {
			t.Errorf("no %q in %s", k, buf.String())
		}
	}
	checks := doc["problems"].([]any)[0].(map[string]any)["checks"].([]any)
	c := checks[1].(map[string]any)
	if c["name"] != verify.CheckJunk || c["status"] != "fail" || len(c["details"].([]any)) != 2 {
		t.Errorf("check %v", c)
	}
}

func TestText(t *testing.T) {
	var buf bytes.Buffer
	if err := verify.Text(&buf, sampleReport(), report.Style{}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"sum — Sum problems/sum",
		"PASS  problem.yaml",
		"FAIL  validator rejects junk  accepts junk: empty file",
		"          accepts junk: <truncated> & more",
		"WARN  generator",
		"SKIP  expected outputs",
		"IERR  solution accepted/a.c   internal error: run c: box gone",
		"FAIL  1 problem (1 failed), 5 checks: 1 passed, 1 failed, 1 internal error, 1 warning, 1 skipped",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
}

// TestTextEscapes checks that a message or detail holding terminal
// controls (a solution's stderr, say) is printed escaped.
func TestTextEscapes(t *testing.T) {
	r := sampleReport()
	junk := r.Problems[0].Checks[1]
	junk.Message = "crashed: \x1b[2J\rAC"
	junk.Details = []string{"sol.c: \x1b]52;c;eA==\x07 \u009b2J"}
	var buf bytes.Buffer
	if err := verify.Text(&buf, r, report.Style{}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{`crashed: \x1b[2J\rAC`, `sol.c: \x1b]52;c;eA==\a \u009b2J`} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
	if strings.ContainsAny(out, "\x1b\r\a\u009b") {
		t.Errorf("raw control in:\n%q", out)
	}
}
