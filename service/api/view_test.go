package api

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/feedback"
	"github.com/puzzlejudge/judge/core/judging"
	"github.com/puzzlejudge/judge/core/verdict"
)

func TestView(t *testing.T) {
	created := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	rep := &judging.Report{Problem: "a-plus-b", Language: "c", Verdict: verdict.WA, Tests: []judging.TestResult{{Name: "1", Verdict: verdict.WA}},
		Compile: judging.CompileReport{OK: true}, Limits: judging.LimitsReport{TimeMs: 1000}, MaxTimeMs: 3}
	for _, tc := range []struct {
		name    string
		sub     Submission
		want    map[string]any
		without []string
	}{
		{"queued", Submission{ID: "01A", User: "ann", Problem: "a-plus-b", Language: "c", State: StateQueued, Gen: 1, CreatedAt: created},
			map[string]any{"id": "01A", "state": "queued", "attempt": 0.0, "created_at": "2026-11-23T09:00:00.000Z", "started_at": nil},
			[]string{"verdict", "tests", "compile"}},
		{"judging", Submission{ID: "01A", State: StateJudging, Attempt: 2, Report: rep},
			map[string]any{"state": "judging", "attempt": 2.0},
			[]string{"verdict", "tests"}},
		{"done", Submission{ID: "01A", State: StateDone, Attempt: 1, Verdict: "WA", Report: rep, FinishedAt: created},
			map[string]any{"state": "done", "verdict": "WA", "max_time_ms": 3.0, "finished_at": "2026-11-23T09:00:00.000Z"},
			nil},
	} {
		b, err := json.Marshal(NewView(Show(feedback.Viewer{Admin: true}, tc.sub)))
		if err != nil {
			t.Fatal(err)
		}
		var got map[string]any
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		for k, v := range tc.want {
			if got[k] != v {
				t.Errorf("%s: %s = %#v, want %#v", tc.name, k, got[k], v)
			}
		}
		for _, k := range tc.without {
			if _, ok := got[k]; ok {
				t.Errorf("%s: has %s before done", tc.name, k)
			}
		}
		if tc.sub.State == StateDone {
			for _, k := range []string{"tests", "compile", "limits"} {
				if _, ok := got[k]; !ok {
					t.Errorf("%s: no %s at the top level", tc.name, k)
				}
			}
		}
		links, _ := got["links"].(map[string]any)
		if links["events"] != "/api/v1/submissions/01A/events" {
			t.Errorf("%s: links = %v", tc.name, links)
		}
	}
}
