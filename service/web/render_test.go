package web

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/feedback"
	"github.com/puzzlejudge/judge/core/judging"
	"github.com/puzzlejudge/judge/service/api"
)

// scoredReport is a done scoring submission's report (judging.Report's
// JSON), one group named to need escaping.
const scoredReport = `{"verdict":"AC","compile":{"ok":true},"tests":[{"name":"secret/a/1","verdict":"AC"},{"name":"secret/c/1","verdict":"WA","message":"no"}],
"limits":{"time_ms":1000},"score":30,"max_score":50,
"groups":[{"name":"data","verdict":"AC","score":30,"max_score":50},{"name":"secret/<b>c</b>","verdict":"WA","score":0}]}`

// readReport reads a report's JSON.
func readReport(t *testing.T, s string) *judging.Report {
	t.Helper()
	var r judging.Report
	if err := json.Unmarshal([]byte(s), &r); err != nil {
		t.Fatal(err)
	}
	return &r
}

// renderPage renders a page of the site with data, as the handler does.
func renderPage(t *testing.T, name string, data any) string {
	t.Helper()
	pages, err := parsePages()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := pages[name].ExecuteTemplate(&b, "layout.html", page{Title: "t", Data: data}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestSubmissionPageScore: a scored submission's page shows its score
// and a row per group, names escaped; a pass-fail one's keeps the score
// and the groups hidden (the page's script fills them from a live
// verdict).
func TestSubmissionPageScore(t *testing.T) {
	sub := api.Submission{ID: "s1", Problem: "p", State: api.StateDone, Verdict: "AC", Report: readReport(t, scoredReport)}
	admin := feedback.Viewer{Admin: true}
	html := renderPage(t, "submission", newSubmissionView(api.Show(admin, sub), "p", nil))
	for _, want := range []string{
		`<dt id="score-label">score</dt><dd id="score">30/50</dd>`,
		`<div class="scroll" id="groups-box"><table id="groups">`,
		`<tr><td>data</td><td class="v good">AC</td><td>30/50</td></tr>`,
		`<tr><td>secret/&lt;b&gt;c&lt;/b&gt;</td><td class="v bad">WA</td><td>0</td></tr>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %s\n%s", want, html)
		}
	}

	passFail := `{"verdict":"WA","compile":{"ok":true},"tests":[{"name":"1","verdict":"WA"}]}`
	sub.Report = readReport(t, passFail)
	html = renderPage(t, "submission", newSubmissionView(api.Show(admin, sub), "p", nil))
	for _, want := range []string{`<dt id="score-label" hidden>score</dt><dd id="score" hidden></dd>`, `id="groups-box" hidden>`} {
		if !strings.Contains(html, want) {
			t.Errorf("pass-fail page lacks %s", want)
		}
	}
	// Not done yet: no report at all.
	html = renderPage(t, "submission", newSubmissionView(api.Show(admin, api.Submission{ID: "s2", State: api.StateQueued}), "p", nil))
	if !strings.Contains(html, `<dd id="score" hidden></dd>`) {
		t.Error("queued page shows a score")
	}
}

// reportsBackend serves submissions by id; the rest of api.Backend is
// not used by what it is given to.
type reportsBackend struct {
	api.Backend
	subs map[string]api.Submission
}

func (b reportsBackend) Get(_ context.Context, id string) (api.Submission, error) {
	s, ok := b.subs[id]
	if !ok {
		return s, api.ErrNotFound
	}
	return s, nil
}

// TestSubmissionListScore: the list shows the score of a done scoring
// submission, nothing for a pass-fail one or one not done.
func TestSubmissionListScore(t *testing.T) {
	scored := api.Submission{ID: "s1", Problem: "p", State: api.StateDone, Verdict: "AC", Report: readReport(t, scoredReport)}
	passFail := api.Submission{ID: "s2", Problem: "q", State: api.StateDone, Verdict: "WA", Report: readReport(t, `{"verdict":"WA"}`)}
	queued := api.Submission{ID: "s3", Problem: "p", State: api.StateQueued}
	h := &Handler{b: reportsBackend{subs: map[string]api.Submission{"s1": scored, "s2": passFail}}}
	// A listing carries no reports.
	listed := []api.Submission{scored, passFail, queued}
	for i := range listed {
		listed[i].Report = nil
	}
	v := h.listView(context.Background(), api.Page{Items: listed})
	var got []string
	for _, it := range v.Items {
		got = append(got, it.ID+"="+it.Score)
	}
	if strings.Join(got, " ") != "s1=30/50 s2= s3=" {
		t.Errorf("scores %v", got)
	}
	html := renderPage(t, "submissions", v)
	if !strings.Contains(html, `<td class="good">AC</td><td>30/50</td>`) || !strings.Contains(html, "<th>Score</th>") {
		t.Errorf("list page lacks the score\n%s", html)
	}
}

// TestSubmissionPageDecidingTest: the page names beside the verdict the
// test the verdict is about (a grader's TLE before an earlier WA), as
// the CLI does, not the first test that failed.
func TestSubmissionPageDecidingTest(t *testing.T) {
	sub := api.Submission{ID: "s1", Problem: "p", State: api.StateDone, Verdict: "TLE",
		Report: readReport(t, `{"verdict":"TLE","compile":{"ok":true},"tests":[{"name":"1","verdict":"WA"},{"name":"2","verdict":"TLE"}],"score":0}`)}
	html := renderPage(t, "submission", newSubmissionView(api.Show(feedback.Viewer{}, sub), "p", nil))
	if want := `<span id="verdict-long"> (Time Limit Exceeded) on test 2</span>`; !strings.Contains(html, want) {
		t.Errorf("page lacks %s\n%s", want, html)
	}
}
