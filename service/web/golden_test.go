package web

import (
	"bytes"
	"encoding/json"
	"flag"
	"html/template"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/feedback"
	"github.com/puzzlejudge/judge/core/judging"
	"github.com/puzzlejudge/judge/service/api"
)

var update = flag.Bool("update", false, "write the golden file of the pages")

// pageCase is a submission of the API's view cases
// (../api/testdata/views/cases.json): its row and its report.
type pageCase struct {
	Name string `json:"name"`
	Sub  struct {
		ID         string    `json:"id"`
		User       string    `json:"user"`
		Problem    string    `json:"problem"`
		Language   string    `json:"language"`
		Filename   string    `json:"filename"`
		State      string    `json:"state"`
		Gen        int       `json:"gen"`
		Attempt    int       `json:"attempt"`
		Verdict    string    `json:"verdict"`
		Error      string    `json:"error"`
		CreatedAt  time.Time `json:"created_at"`
		StartedAt  time.Time `json:"started_at"`
		FinishedAt time.Time `json:"finished_at"`
	} `json:"sub"`
	Report *judging.Report `json:"report"`
}

// pageViewers are the viewers each case's page is rendered for.
var pageViewers = []struct {
	name string
	v    feedback.Viewer
}{
	{"admin", feedback.Viewer{Admin: true}},
	{"samples", feedback.Viewer{Level: feedback.Samples}},
	{"first-failure", feedback.Viewer{Level: feedback.FirstFailure}},
	{"all", feedback.Viewer{Level: feedback.All}},
}

// TestSubmissionPagesGolden: the submission page of each view case, for
// each viewer, is the HTML testdata/pages.golden.jsonl holds, byte for
// byte: what the page showed when it read the report from the JSON the
// feedback filter left.
func TestSubmissionPagesGolden(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "api", "testdata", "views", "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []pageCase
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	type line struct {
		Case   string `json:"case"`
		Viewer string `json:"viewer"`
		HTML   string `json:"html"`
	}
	pages, err := parsePages()
	if err != nil {
		t.Fatal(err)
	}
	var got []line
	for _, c := range cases {
		for _, pv := range pageViewers {
			got = append(got, line{c.Name, pv.name, renderContent(t, pages, pageData(pv.v, c))})
		}
	}
	golden := filepath.Join("testdata", "pages.golden.jsonl")
	if *update {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		for _, l := range got {
			if err := enc.Encode(l); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(bytes.TrimSpace(b), []byte("\n"))
	if len(lines) != len(got) {
		t.Fatalf("%d pages, the golden file has %d", len(got), len(lines))
	}
	for i, l := range lines {
		var want line
		if err := json.Unmarshal(l, &want); err != nil {
			t.Fatal(err)
		}
		if want.Case != got[i].Case || want.Viewer != got[i].Viewer || want.HTML != got[i].HTML {
			t.Errorf("%s seen by %s:\n%s\nwant (%s seen by %s):\n%s", got[i].Case, got[i].Viewer, got[i].HTML, want.Case, want.Viewer, want.HTML)
		}
	}
}

// renderContent renders the submission page's own part (what the
// shared layout wraps) with data.
func renderContent(t *testing.T, pages map[string]*template.Template, data submissionView) string {
	t.Helper()
	var b bytes.Buffer
	if err := pages["submission"].ExecuteTemplate(&b, "content", page{Title: "t", Data: data}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// statementTests are the tests the problem's statement lists, the rows of
// a page of a submission not yet done.
var statementTests = []string{"sample/1", "secret/1"}

// pageData is what the submission page of c shows v.
func pageData(v feedback.Viewer, c pageCase) submissionView {
	s := c.Sub
	sub := api.Submission{ID: s.ID, User: s.User, Problem: s.Problem, Language: s.Language, Filename: s.Filename,
		State: s.State, Gen: s.Gen, Attempt: s.Attempt, Verdict: s.Verdict, Error: s.Error,
		CreatedAt: s.CreatedAt, StartedAt: s.StartedAt, FinishedAt: s.FinishedAt, Report: c.Report}
	return newSubmissionView(api.Show(v, sub), "A plus B", statementTests)
}
