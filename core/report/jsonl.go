package report

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/internal/termsafe"
)

// JSONLTest is the line `--format jsonl` prints for each test: the test's
// fields as in the JSON report, with "type": "test".
type JSONLTest struct {
	Type string `json:"type"`
	grade.TestResult
}

// JSONLSummary is the last line `--format jsonl` prints: the JSON report
// with "type": "summary" and without its tests, which came before it.
type JSONLSummary struct {
	Type string `json:"type"`
	*grade.Report
	// Tests hides the report's tests.
	Tests []grade.TestResult `json:"tests,omitempty"`
}

// JSONLine writes v as one line of JSON, escaped as JSON does.
func JSONLine(w io.Writer, v any) error {
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(v); err != nil {
		return err
	}
	_, err := w.Write(termsafe.JSON(buf.Bytes()))
	return err
}

// JSONLTestLine writes a test's line of the jsonl stream.
func JSONLTestLine(w io.Writer, t grade.TestResult) error {
	return JSONLine(w, JSONLTest{Type: "test", TestResult: t})
}

// JSONLSummaryLine writes the summary line that ends the jsonl stream.
func JSONLSummaryLine(w io.Writer, r *grade.Report) error {
	return JSONLine(w, JSONLSummary{Type: "summary", Report: r})
}
