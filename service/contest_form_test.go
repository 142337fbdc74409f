package service

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestContestFormFreezeRefused: the organiser's form refuses, with 422
// and the API's one-line reason on the form, a freeze not shorter than
// the contest, on a new contest and on an edit that shortens the window
// alone, and a freeze on a practice contest; a refused edit changes
// nothing.
func TestContestFormFreezeRefused(t *testing.T) {
	s := newStack(t, func(c *Config) { c.Slots = 0 })
	admin := s.signIn(t, s.admin)
	_, _, page := s.browse(t, admin, "/admin/contests", nil)
	tok := csrf(t, page)
	form := func(fields ...string) url.Values {
		v := url.Values{"csrf": {tok}, "id": {"spring-26"}, "name": {"Spring"}, "start": {"2026-04-01T10:00:00Z"},
			"duration": {"1h30m"}, "freeze": {"30m"}, "problems": {"a-plus-b"}, "scoring": {"icpc"}, "penalty": {"20"}}
		for i := 0; i < len(fields); i += 2 {
			v.Set(fields[i], fields[i+1])
		}
		return v
	}
	for _, c := range []struct {
		name, path string
		form       url.Values
		msg        string
	}{
		{"new, freeze longer", "/admin/contests", form("freeze", "2h"), "freeze_seconds: the freeze (2h) must be shorter than the contest (1h30m)"},
		{"new, freeze as long", "/admin/contests", form("freeze", "1h30m"), "freeze_seconds: the freeze (1h30m) must be shorter than the contest (1h30m)"},
		{"new practice with a freeze", "/admin/contests", form("practice", "on", "freeze", "10m"), "freeze_seconds: a practice contest has no freeze (10m given)"},
	} {
		code, _, body := s.browse(t, admin, c.path, c.form)
		if code != http.StatusUnprocessableEntity || !strings.Contains(body, `<p class="notice" id="form-message">`+c.msg+`</p>`) {
			t.Errorf("%s: %d, want 422 with %q on the form", c.name, code, c.msg)
		}
	}
	if code, loc, _ := s.browse(t, admin, "/admin/contests", form()); code != http.StatusSeeOther || loc != "/admin/contests/spring-26?saved=1" {
		t.Fatalf("a freeze shorter than the contest: %d to %q", code, loc)
	}
	code, _, body := s.browse(t, admin, "/admin/contests/spring-26", form("duration", "30m"))
	if msg := "freeze_seconds: the freeze (30m) must be shorter than the contest (30m)"; code != http.StatusUnprocessableEntity || !strings.Contains(body, msg) {
		t.Errorf("an edit to a window as long as the freeze: %d, want 422 with %q", code, msg)
	}
	if _, _, out := s.call(t, "GET", "/api/v1/contests/spring-26", s.admin, nil); out["end"] != "2026-04-01T11:30:00.000Z" || out["freeze_seconds"] != 1800.0 {
		t.Errorf("after the refused edit: %v", out)
	}
}
