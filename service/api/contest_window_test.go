package api

import (
	"net/http"
	"testing"
)

// TestContestFreezeRefused: a freeze not shorter than the contest, a
// negative one and one on a practice contest are 422 naming
// freeze_seconds, on a POST and on a PATCH that changes the freeze or
// the window alone; a refused PATCH changes nothing; making a contest
// practice drops its freeze.
func TestContestFreezeRefused(t *testing.T) {
	r := newContestRig(t)
	if a := r.do(t, "POST", "/api/v1/contests", "admin-token", spring); a.code != http.StatusCreated {
		t.Fatalf("create: %d %s", a.code, a.body)
	}
	const window = `"start":"2026-04-01T10:00:00Z","duration_seconds":5400`
	create := func(fields string) string {
		return `{"id":"x","name":"x",` + fields + `,"problems":[{"slug":"a-plus-b"}]}`
	}
	for _, c := range []struct {
		name, method, body string
		status             int
		msg                string
	}{
		{"create, freeze longer", "POST", create(window + `,"freeze_seconds":7200`), 422,
			"freeze_seconds: the freeze (2h) must be shorter than the contest (1h30m)"},
		{"create, freeze as long", "POST", create(window + `,"freeze_seconds":5400`), 422,
			"freeze_seconds: the freeze (1h30m) must be shorter than the contest (1h30m)"},
		{"create, negative freeze", "POST", create(window + `,"freeze_seconds":-60`), 422,
			"freeze_seconds: the freeze (-1m) is negative"},
		{"create, practice with a freeze", "POST", create(`"practice":true,"freeze_seconds":600`), 422,
			"freeze_seconds: a practice contest has no freeze (10m given)"},
		{"create, no window with a freeze", "POST", create(`"freeze_seconds":600`), 422,
			"freeze_seconds: a practice contest has no freeze (10m given)"},
		{"edit the freeze alone", "PATCH", `{"freeze_seconds":18000}`, 422,
			"freeze_seconds: the freeze (5h) must be shorter than the contest (5h)"},
		{"edit the duration alone", "PATCH", `{"duration_seconds":3600}`, 422,
			"freeze_seconds: the freeze (1h) must be shorter than the contest (1h)"},
		{"edit the end alone", "PATCH", `{"end":"2026-04-01T10:30:00Z"}`, 422,
			"freeze_seconds: the freeze (1h) must be shorter than the contest (30m)"},
		{"edit to practice with a freeze", "PATCH", `{"practice":true,"freeze_seconds":600}`, 422,
			"freeze_seconds: a practice contest has no freeze (10m given)"},
	} {
		path := "/api/v1/contests"
		if c.method == "PATCH" {
			path += "/spring-26"
		}
		a := r.do(t, c.method, path, "admin-token", c.body)
		if m := a.json(); a.code != c.status || m["field"] != "freeze_seconds" || m["error"] != c.msg {
			t.Errorf("%s: %d %s, want %d %q", c.name, a.code, a.body, c.status, c.msg)
		}
	}
	a := r.do(t, "GET", "/api/v1/contests/spring-26", "admin-token", "")
	if m := a.json(); m["freeze_seconds"] != 3600.0 || m["end"] != "2026-04-01T15:00:00.000Z" || m["state"] == ContestPractice {
		t.Errorf("after the refused edits: %s", a.body)
	}
	if a := r.do(t, "GET", "/api/v1/contests/x", "admin-token", ""); a.code != http.StatusNotFound {
		t.Errorf("a refused contest was created: %d %s", a.code, a.body)
	}
	a = r.do(t, "PATCH", "/api/v1/contests/spring-26", "admin-token", `{"duration_seconds":3600,"freeze_seconds":1800}`)
	if m := a.json(); a.code != 200 || m["freeze_seconds"] != 1800.0 || m["freeze"] != "2026-04-01T10:30:00.000Z" {
		t.Errorf("a shorter window with a shorter freeze: %d %s", a.code, a.body)
	}
	a = r.do(t, "PATCH", "/api/v1/contests/spring-26", "admin-token", `{"practice":true}`)
	if m := a.json(); a.code != 200 || m["state"] != ContestPractice || m["freeze_seconds"] != 0.0 || m["freeze"] != nil {
		t.Errorf("made practice: %d %s, want no freeze", a.code, a.body)
	}
}
