package api

import (
	"encoding/json"
	"testing"
	"time"
)

// TestStandingsTeams: the rows of a contest open to everyone are the
// users who submitted, without the admins (the jury's test runs) and
// disabled accounts; a contest listing its participants keeps an admin
// it lists and drops a disabled one; each row carries the display name,
// or the account's name without one; and the statistics count only the
// runs of the teams shown.
func TestStandingsTeams(t *testing.T) {
	r := newContestRig(t)
	for _, u := range []string{
		`{"name":"root","role":"admin"}`,
		`{"name":"ann","display_name":"Ann's Team","kind":"team"}`,
		`{"name":"bob"}`,
		`{"name":"carl","display_name":"Carl"}`,
	} {
		if a := r.do(t, "POST", "/api/v1/users", "admin-token", u); a.code != 201 {
			t.Fatalf("create %s: %d %s", u, a.code, a.body)
		}
	}
	if a := r.do(t, "PATCH", "/api/v1/users/carl", "admin-token", `{"disabled":true}`); a.code != 200 {
		t.Fatalf("disable carl: %d %s", a.code, a.body)
	}
	problems := []ContestProblem{{Label: "A", Slug: "a-plus-b"}}
	r.c.add(Contest{ID: "open", Name: "Open", Scoring: "icpc", Penalty: 20, Problems: problems})
	r.c.add(Contest{ID: "listed", Name: "Listed", Scoring: "icpc", Penalty: 20, Problems: problems, Participants: []string{"ann", "root", "carl"}})
	for _, id := range []string{"open", "listed"} {
		for i, s := range []struct{ user, lang, verdict string }{
			{"root", "c", "AC"}, {"root", "c", "WA"},
			{"ann", "py", "WA"}, {"ann", "c", "AC"},
			{"bob", "c", "WA"},
			{"carl", "py", "AC"},
			{"dave", "c", "WA"}, // no account: a user by his name
		} {
			r.c.judged(id, Submission{ID: id + string(rune('a'+i)), User: s.user, Problem: "a-plus-b", Language: s.lang,
				Verdict: s.verdict, CreatedAt: day0.Add(time.Duration(i) * time.Minute)})
		}
	}
	type row struct{ team, display string }
	for _, c := range []struct {
		contest, token string
		rows           []row
		tries, solved  int
		byLang         map[string]LangStatsView
	}{
		{"open", "bob-token", []row{{"ann", "Ann's Team"}, {"bob", "bob"}, {"dave", "dave"}}, 4, 1,
			map[string]LangStatsView{"c": {Tries: 3, Solved: 1}, "py": {Tries: 1}}},
		{"open", "admin-token", []row{{"ann", "Ann's Team"}, {"bob", "bob"}, {"dave", "dave"}}, 4, 1,
			map[string]LangStatsView{"c": {Tries: 3, Solved: 1}, "py": {Tries: 1}}},
		{"listed", "ann-token", []row{{"root", "root"}, {"ann", "Ann's Team"}}, 4, 2,
			map[string]LangStatsView{"c": {Tries: 3, Solved: 2}, "py": {Tries: 1}}},
	} {
		a := r.do(t, "GET", "/api/v1/contests/"+c.contest+"/standings", c.token, "")
		var v StandingsView
		if a.code != 200 || json.Unmarshal(a.body, &v) != nil {
			t.Fatalf("%s as %s: %d %s", c.contest, c.token, a.code, a.body)
		}
		var got []row
		for _, r := range v.Rows {
			got = append(got, row{r.Team, r.DisplayName})
		}
		if len(got) != len(c.rows) {
			t.Errorf("%s as %s: rows %v, want %v", c.contest, c.token, got, c.rows)
		} else {
			for i := range got {
				if got[i] != c.rows[i] {
					t.Errorf("%s as %s: rows %v, want %v", c.contest, c.token, got, c.rows)
					break
				}
			}
		}
		st := v.Stats[0]
		if st.Tries != c.tries || st.Solved != c.solved || len(st.ByLanguage) != len(c.byLang) {
			t.Errorf("%s as %s: stats %+v, want %d tries, %d solved, %v", c.contest, c.token, st, c.tries, c.solved, c.byLang)
		}
		for lang, want := range c.byLang {
			if st.ByLanguage[lang] != want {
				t.Errorf("%s as %s: %s %+v, want %+v", c.contest, c.token, lang, st.ByLanguage[lang], want)
			}
		}
		// The field as JSON names it, beside the account's name.
		var raw struct {
			Rows []map[string]any `json:"rows"`
		}
		if json.Unmarshal(a.body, &raw) != nil || raw.Rows[0]["team"] != c.rows[0].team || raw.Rows[0]["display_name"] != c.rows[0].display {
			t.Errorf("%s: the first row's JSON %v", c.contest, raw.Rows[0])
		}
	}
}
