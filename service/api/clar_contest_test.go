package api

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// newClarContestRig is a contest rig with two contests: spring (10:00 to
// 15:00, ann only, its problem A=a-plus-b hidden until the start) and
// open (practice, everyone, A=a-plus-b), its clock at 09:00.
func newClarContestRig(t *testing.T) *contestRig {
	t.Helper()
	r := newContestRig(t)
	start := day0.Add(time.Hour)
	r.c.add(Contest{ID: "spring", Name: "Spring", Start: start, End: start.Add(5 * time.Hour), Scoring: "icpc",
		HideProblems: true, Participants: []string{"ann"}, Problems: []ContestProblem{{Label: "A", Slug: "a-plus-b"}}})
	r.c.add(Contest{ID: "open", Name: "Open", Scoring: "icpc", Problems: []ContestProblem{{Label: "A", Slug: "a-plus-b"}}})
	return r
}

// TestClarificationContestRules: a question or announcement naming a
// contest names an existing one the asker takes part in, and a problem
// of it (by label or slug, stored by slug); a problem a contest hides
// until its start is, to a user, the same 404 as a problem that does not
// exist, asked about in the contest or in general, until the start.
func TestClarificationContestRules(t *testing.T) {
	r := newClarContestRig(t)
	ask := func(contest, problem string) string {
		return clarBody(map[string]any{"contest": contest, "problem": problem, "text": "why?"})
	}
	const q, ann = "/api/v1/clarifications", "/api/v1/announcements"
	type step struct {
		name, path, token, body string
		status                  int
		field, msg              string // the error's field and text, or the problem stored
	}
	before := []step{
		{"no such contest", q, "ann-token", ask("nope", ""), 404, "contest", `no contest "nope"`},
		{"a contest bob is not in", q, "bob-token", ask("spring", ""), 403, "contest", "you do not take part in contest spring"},
		{"a contest bob is not in, naming a problem", q, "bob-token", ask("spring", "A"), 403, "contest", "you do not take part in contest spring"},
		{"not a problem of the contest", q, "ann-token", ask("open", "Z"), 422, "problem", "Z is not a problem of contest open"},
		{"by label", q, "ann-token", ask("open", "A"), 201, "", "a-plus-b"},
		{"by slug", q, "ann-token", ask("open", "a-plus-b"), 201, "", "a-plus-b"},
		{"in general about the contest", q, "ann-token", ask("spring", ""), 201, "", ""},
		{"a hidden problem by label", q, "ann-token", ask("spring", "A"), 404, "problem", `no problem "A"`},
		{"no problem, in the hidden contest", q, "ann-token", ask("spring", "Z"), 404, "problem", `no problem "Z"`},
		{"a hidden problem in general", q, "bob-token", ask("", "a-plus-b"), 404, "problem", `no problem "a-plus-b"`},
		{"no such problem in general", q, "bob-token", ask("", "nope"), 404, "problem", `no problem "nope"`},
		{"an admin about the hidden problem", q, "admin-token", ask("spring", "A"), 201, "", "a-plus-b"},
		{"an admin in general about it", q, "admin-token", ask("", "a-plus-b"), 201, "", "a-plus-b"},
		{"an announcement in no such contest", ann, "admin-token", ask("nope", ""), 404, "contest", `no contest "nope"`},
		{"an announcement about no problem of it", ann, "admin-token", ask("open", "Z"), 422, "problem", "Z is not a problem of contest open"},
		{"an announcement by label", ann, "admin-token", ask("spring", "A"), 201, "", "a-plus-b"},
	}
	after := []step{
		{"the problem by label once started", q, "ann-token", ask("spring", "A"), 201, "", "a-plus-b"},
		{"the problem in general once started", q, "bob-token", ask("", "a-plus-b"), 201, "", "a-plus-b"},
		{"still not bob's contest", q, "bob-token", ask("spring", "A"), 403, "contest", "you do not take part in contest spring"},
	}
	run := func(steps []step) {
		for _, s := range steps {
			a := r.do(t, "POST", s.path, s.token, s.body)
			if a.code != s.status {
				t.Errorf("%s: %d %s, want %d", s.name, a.code, a.body, s.status)
				continue
			}
			if s.status != 201 {
				checkErrorBody(t, s.name, a, s.field)
				if m := a.json(); m["field"] != s.field || !strings.HasSuffix(m["error"].(string), s.msg) {
					t.Errorf("%s: %s, want field %s and %q", s.name, a.body, s.field, s.msg)
				}
			} else if got := a.json()["problem"]; got != s.msg {
				t.Errorf("%s: problem %v stored, want %q", s.name, got, s.msg)
			}
		}
	}
	run(before)
	// A hidden problem's 404 is the one of a problem that does not exist,
	// but for the name.
	hidden := r.do(t, "POST", q, "bob-token", ask("", "a-plus-b"))
	missing := r.do(t, "POST", q, "bob-token", ask("", "nope"))
	if strings.ReplaceAll(string(hidden.body), "a-plus-b", "nope") != string(missing.body) {
		t.Errorf("a hidden problem's answer %s differs from a missing one's %s", hidden.body, missing.body)
	}
	r.clock.set(day0.Add(90 * time.Minute))
	run(after)
	if n := r.b.clarCount(); n != 8 {
		t.Errorf("%d clarifications stored, want the 8 taken", n)
	}
}

// TestClarificationContestAsk: Ask, which the web page's form calls,
// holds a question to the same rules, and gives the problem by slug.
func TestClarificationContestAsk(t *testing.T) {
	r := newClarContestRig(t)
	_, err := r.api.Ask(t.Context(), Principal{User: "bob", Role: RoleUser}, NewClarification{Contest: "spring", Text: "x"})
	if e := asError(err); e.Status != http.StatusForbidden || e.Field != "contest" {
		t.Errorf("bob asks in spring: %v", err)
	}
	v, err := r.api.Ask(t.Context(), Principal{User: "ann", Role: RoleUser}, NewClarification{Contest: "open", Problem: "A", Text: "x"})
	if err != nil || v.Problem != "a-plus-b" || v.Contest != "open" {
		t.Errorf("ann asks about A in open: %+v %v", v, err)
	}
}
