package api

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/feedback"
	"github.com/puzzlejudge/judge/core/judging"
)

var update = flag.Bool("update", false, "write the golden files of the views")

// viewCase is a submission of testdata/views/cases.json: its row and its
// report (a report is written there in part; the store holds it as
// judging.Report encodes it).
type viewCase struct {
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

// viewerNames are the names of viewers, in order.
var viewerNames = []string{"admin", "default", "samples", "first-failure", "all"}

// viewers are the viewers each case is seen by, named.
var viewers = map[string]feedback.Viewer{
	"admin":         {Admin: true},
	"default":       {},
	"samples":       {Level: feedback.Samples},
	"first-failure": {Level: feedback.FirstFailure},
	"all":           {Level: feedback.All},
}

// TestViewsGolden: what every viewer gets of each case (the submission's
// view, its item in a listing, its verdict, compile and test events) is,
// as JSON values, what testdata/views/views.golden.json holds: the
// encodings of the implementation that filtered and merged the report as
// JSON maps, before the report was typed end to end. Keys may come in
// another order; nothing else may differ.
func TestViewsGolden(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "views", "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []viewCase
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	// One line per case and viewer, in the cases' order and the viewers'.
	golden := filepath.Join("testdata", "views", "views.golden.jsonl")
	if *update {
		var b bytes.Buffer
		for _, c := range cases {
			for _, name := range viewerNames {
				line := mustJSON(t, goldenLine{Case: c.Name, Viewer: name, Got: encodings(t, viewers[name], c)})
				b.Write(line)
				b.WriteByte('\n')
			}
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
	want := map[[2]string]map[string]any{}
	for _, line := range bytes.Split(bytes.TrimSpace(b), []byte("\n")) {
		var l struct {
			Case, Viewer string
			Got          map[string]any
		}
		if err := json.Unmarshal(line, &l); err != nil {
			t.Fatal(err)
		}
		want[[2]string{l.Case, l.Viewer}] = l.Got
	}
	if len(want) != len(cases)*len(viewerNames) {
		t.Errorf("%d cases seen by %d viewers, the golden file has %d lines", len(cases), len(viewerNames), len(want))
	}
	for _, c := range cases {
		for _, vname := range viewerNames {
			encs := encodings(t, viewers[vname], c)
			w, ok := want[[2]string{c.Name, vname}]
			if !ok || len(w) != len(encs) {
				t.Errorf("%s seen by %s: encodings %d, golden %d", c.Name, vname, len(encs), len(w))
			}
			for kind, enc := range encs {
				var g any
				if err := json.Unmarshal(enc, &g); err != nil {
					t.Fatalf("%s seen by %s, %s: %v", c.Name, vname, kind, err)
				}
				if !reflect.DeepEqual(g, w[kind]) {
					wb, _ := json.Marshal(w[kind])
					t.Errorf("%s seen by %s, %s:\n got %s\nwant %s", c.Name, vname, kind, enc, wb)
				}
			}
		}
	}
}

// goldenLine is a line of the golden file.
type goldenLine struct {
	Case   string                     `json:"case"`
	Viewer string                     `json:"viewer"`
	Got    map[string]json.RawMessage `json:"got"`
}

// mustJSON is json.Marshal of a value that encodes.
func mustJSON(t *testing.T, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// encodings are what v gets of c: "view" (GET), "list" (its item in a
// listing) and, once done, "verdict", "compile" and "tests" (the events'
// data).
func encodings(t *testing.T, v feedback.Viewer, c viewCase) map[string]json.RawMessage {
	s := c.Sub
	sub := Submission{ID: s.ID, User: s.User, Problem: s.Problem, Language: s.Language, Filename: s.Filename,
		State: s.State, Gen: s.Gen, Attempt: s.Attempt, Verdict: s.Verdict, Error: s.Error,
		CreatedAt: s.CreatedAt, StartedAt: s.StartedAt, FinishedAt: s.FinishedAt, Report: c.Report}
	out := map[string]json.RawMessage{
		"view": mustJSON(t, NewView(Show(v, sub))),
		"list": mustJSON(t, listed{View: NewView(Show(v, sub))}),
	}
	if sub.State != StateDone {
		return out
	}
	// The backend's encoding of the whole view, as a verdict event of a
	// result just applied carries it.
	done := sub
	done.Encoded = Encode(Show(feedback.Viewer{Admin: true}, sub))
	out["verdict"] = eventData(v, Event{Name: "verdict", Result: &done})
	if plain := eventData(v, Event{Name: "verdict", Result: &sub}); !bytes.Equal(plain, out["verdict"]) {
		t.Errorf("%s seen by %+v: the verdict encoded by the backend is %s, encoded again %s", c.Name, v, out["verdict"], plain)
	}
	var tests []json.RawMessage
	if c.Report != nil {
		out["compile"] = mustJSON(t, c.Report.Compile)
		for _, tr := range c.Report.Tests {
			tests = append(tests, eventData(v, Event{Name: "test", Test: &tr}))
		}
	}
	out["tests"] = mustJSON(t, tests)
	return out
}
