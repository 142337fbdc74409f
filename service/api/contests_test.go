package api

import (
	"bufio"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// spring is the body that creates the rig's contest: 10:00 to 15:00 on
// the rig's day, frozen the last hour, ann taking part.
const spring = `{"id":"spring-26","name":"Spring","start":"2026-04-01T10:00:00Z","duration_seconds":18000,
	"freeze_seconds":3600,"participants":["ann"],"problems":[{"slug":"a-plus-b"}]}`

func TestContestCRUD(t *testing.T) {
	r := newContestRig(t)
	if a := r.do(t, "POST", "/api/v1/contests", "ann-token", spring); a.code != http.StatusForbidden {
		t.Fatalf("create as a user: %d %s", a.code, a.body)
	}
	a := r.do(t, "POST", "/api/v1/contests", "admin-token", spring)
	if a.code != http.StatusCreated {
		t.Fatalf("create: %d %s", a.code, a.body)
	}
	var v ContestView
	if err := json.Unmarshal(a.body, &v); err != nil {
		t.Fatal(err)
	}
	if v.ID != "spring-26" || v.State != ContestUpcoming || v.Scoring != "icpc" || v.PenaltyMinutes != 20 ||
		!v.HideProblemsBeforeStart || v.Everyone || len(v.Participants) != 1 || v.FreezeSeconds != 3600 ||
		len(v.Problems) != 1 || v.Problems[0] != (ContestProblem{"A", "a-plus-b", "A plus B"}) ||
		time.Time(v.End) != day0.Add(6*time.Hour) || time.Time(v.Freeze) != day0.Add(5*time.Hour) {
		t.Fatalf("created %+v", v)
	}
	for _, c := range []struct {
		name, method, path, token, body string
		status                          int
		field, msg                      string
	}{
		{"again", "POST", "/api/v1/contests", "admin-token", spring, 409, "", ""},
		{"no id", "POST", "/api/v1/contests", "admin-token", `{"name":"x","problems":[{"slug":"a-plus-b"}]}`, 422, "id", "missing"},
		{"a bad id", "POST", "/api/v1/contests", "admin-token", `{"id":"Spring/26","name":"x","problems":[{"slug":"a-plus-b"}]}`, 422, "id", "use 1 to 64 of a-z"},
		{"unknown problem", "POST", "/api/v1/contests", "admin-token", `{"id":"x","name":"x","problems":[{"slug":"nope"}]}`, 422, "problems", "no problem"},
		{"end and duration", "POST", "/api/v1/contests", "admin-token",
			`{"id":"x","name":"x","start":"2026-04-01T10:00:00Z","end":"2026-04-01T11:00:00Z","duration_seconds":5,"problems":[{"slug":"a-plus-b"}]}`, 422, "duration_seconds", "not both"},
		{"edit as a user", "PATCH", "/api/v1/contests/spring-26", "ann-token", `{"name":"y"}`, 403, "", ""},
		{"edit an unknown one", "PATCH", "/api/v1/contests/nope", "admin-token", `{"name":"y"}`, 404, "", "no contest"},
		{"change the id", "PATCH", "/api/v1/contests/spring-26", "admin-token", `{"id":"other"}`, 422, "id", "cannot change"},
		{"show an unknown one", "GET", "/api/v1/contests/nope", "ann-token", "", 404, "", "no contest"},
		{"delete as a user", "DELETE", "/api/v1/contests/spring-26", "ann-token", "", 403, "", ""},
	} {
		a := r.do(t, c.method, c.path, c.token, c.body)
		m := a.json()
		if a.code != c.status || c.field != "" && m["field"] != c.field || !strings.Contains(string(a.body), c.msg) {
			t.Errorf("%s: %d %s, want %d field %q msg %q", c.name, a.code, a.body, c.status, c.field, c.msg)
		}
	}
	// A user sees neither the participants nor, before the start, the
	// problems.
	a = r.do(t, "GET", "/api/v1/contests/spring-26", "bob-token", "")
	if m := a.json(); a.code != 200 || m["problems_hidden"] != true || len(m["problems"].([]any)) != 0 || m["participants"] != nil {
		t.Fatalf("bob before the start: %d %s", a.code, a.body)
	}
	a = r.do(t, "PATCH", "/api/v1/contests/spring-26", "admin-token", `{"name":"Spring 26","scoring":"ioi","everyone":true}`)
	if m := a.json(); a.code != 200 || m["name"] != "Spring 26" || m["scoring"] != "ioi" || m["everyone"] != true || m["penalty_minutes"] != 20.0 {
		t.Fatalf("edit: %d %s", a.code, a.body)
	}
	if a := r.do(t, "GET", "/api/v1/contests", "bob-token", ""); a.code != 200 || !strings.Contains(string(a.body), `"id":"spring-26"`) {
		t.Fatalf("list: %d %s", a.code, a.body)
	}
	r.c.judged("spring-26", Submission{ID: "S1", User: "ann", Problem: "a-plus-b"})
	if a := r.do(t, "DELETE", "/api/v1/contests/spring-26", "admin-token", ""); a.code != 409 {
		t.Fatalf("delete with submissions: %d %s", a.code, a.body)
	}
}

// TestContestAdmission: who may submit when, inside the contest and
// outside it.
func TestContestAdmission(t *testing.T) {
	r := newContestRig(t)
	if a := r.do(t, "POST", "/api/v1/contests", "admin-token", spring); a.code != 201 {
		t.Fatal(a.code, string(a.body))
	}
	var seen []NewSubmission
	r.b.submitErr = func(_ int, in NewSubmission) error { seen = append(seen, in); return nil }
	in := func(problem string) string {
		return `{"problem":"` + problem + `","contest":"spring-26","language":"c","source":"int main(){}"}`
	}
	outside := sub("a-plus-b", "c", "", "int main(){}")
	before, during, after := day0, day0.Add(2*time.Hour), day0.Add(7*time.Hour)
	for _, c := range []struct {
		name        string
		at          time.Time
		token, body string
		status      int
		field, msg  string
	}{
		{"before the start", before, "ann-token", in("A"), 403, "contest", "contest spring-26 has not started; it starts at 2026-04-01T10:00:00Z"},
		{"an admin before the start", before, "admin-token", in("A"), 202, "", ""},
		{"outside, hidden before the start", before, "bob-token", outside, 404, "problem", `no problem \"a-plus-b\"`},
		{"outside, by an admin", before, "admin-token", outside, 202, "", ""},
		{"during, by label", during, "ann-token", in("A"), 202, "", ""},
		{"during, by slug", during, "ann-token", in("a-plus-b"), 202, "", ""},
		{"not a participant", during, "bob-token", in("A"), 403, "contest", "you do not take part in contest spring-26"},
		{"not a problem of it", during, "ann-token", in("B"), 422, "problem", "not a problem of contest spring-26"},
		{"outside, once started", during, "bob-token", outside, 202, "", ""},
		{"after the end", after, "ann-token", in("A"), 403, "contest", "contest spring-26 is over; it ended at 2026-04-01T15:00:00Z"},
		{"unknown contest", during, "ann-token", `{"problem":"A","contest":"nope","language":"c","source":"x"}`, 404, "contest", "no contest"},
		{"in a batch", before, "ann-token", batch(in("A")), 403, "submissions[0].contest", "has not started"},
	} {
		r.clock.set(c.at)
		seen = nil
		path := "/api/v1/submissions"
		if strings.HasPrefix(c.body, `{"submissions"`) {
			path += "/batch"
		}
		a := r.do(t, "POST", path, c.token, c.body)
		m := a.json()
		if a.code != c.status || c.field != "" && m["field"] != c.field || !strings.Contains(string(a.body), c.msg) {
			t.Errorf("%s: %d %s, want %d field %q msg %q", c.name, a.code, a.body, c.status, c.field, c.msg)
			continue
		}
		if c.status == 202 && (len(seen) != 1 || seen[0].Problem != "a-plus-b") {
			t.Errorf("%s: the backend was given %+v, want the problem by slug", c.name, seen)
		}
		if c.status != 202 && len(seen) != 0 {
			t.Errorf("%s: refused, yet the backend was given %+v", c.name, seen)
		}
	}
	// The problem list hides the contest's problem from users before the
	// start, not from admins, and not after.
	r.clock.set(before)
	if a := r.do(t, "GET", "/api/v1/problems", "bob-token", ""); strings.Contains(string(a.body), "a-plus-b") {
		t.Errorf("problems before the start, as bob: %s", a.body)
	}
	if a := r.do(t, "GET", "/api/v1/problems", "admin-token", ""); !strings.Contains(string(a.body), "a-plus-b") {
		t.Errorf("problems before the start, as admin: %s", a.body)
	}
	r.clock.set(during)
	if a := r.do(t, "GET", "/api/v1/problems", "bob-token", ""); !strings.Contains(string(a.body), "a-plus-b") {
		t.Errorf("problems during, as bob: %s", a.body)
	}
}

// TestContestStandingsFreeze: the standings as JSON, frozen for a user
// after the freeze and live for an admin, and the stream that sends
// them again when a submission is judged.
func TestContestStandingsFreeze(t *testing.T) {
	r := newContestRig(t)
	if a := r.do(t, "POST", "/api/v1/contests", "admin-token", strings.Replace(spring, `"participants":["ann"]`, `"participants":["ann","bob"]`, 1)); a.code != 201 {
		t.Fatal(a.code, string(a.body))
	}
	start := day0.Add(time.Hour)
	r.c.judged("spring-26", Submission{ID: "S1", User: "ann", Problem: "a-plus-b", Language: "c", Verdict: "WA", CreatedAt: start.Add(10 * time.Minute)})
	r.c.judged("spring-26", Submission{ID: "S2", User: "ann", Problem: "a-plus-b", Language: "c", Verdict: "AC", CreatedAt: start.Add(30 * time.Minute)})
	// bob solves it after the freeze (4 h from the start).
	r.c.judged("spring-26", Submission{ID: "S3", User: "bob", Problem: "a-plus-b", Language: "py", Verdict: "AC", CreatedAt: start.Add(4*time.Hour + 5*time.Minute)})
	r.clock.set(start.Add(4*time.Hour + 30*time.Minute))
	get := func(token string) StandingsView {
		a := r.do(t, "GET", "/api/v1/contests/spring-26/standings", token, "")
		var v StandingsView
		if a.code != 200 || json.Unmarshal(a.body, &v) != nil {
			t.Fatalf("standings as %s: %d %s", token, a.code, a.body)
		}
		return v
	}
	user, admin := get("ann-token"), get("admin-token")
	if !user.Frozen || user.State != ContestFrozen || len(user.Rows) != 2 || user.Rows[0].Team != "ann" ||
		user.Rows[0].PenaltyMinutes != 50 || !user.Rows[0].Cells[0].FirstToSolve || user.Rows[1].Cells[0].Pending != 1 || user.Rows[1].Solved != 0 {
		t.Errorf("frozen standings for ann: %+v", user)
	}
	if want := start.Add(4 * time.Hour); !time.Time(user.Freeze).Equal(want) || !time.Time(admin.Freeze).Equal(want) {
		t.Errorf("the freeze: %v for ann, %v for the admin; want %v", time.Time(user.Freeze), time.Time(admin.Freeze), want)
	}
	if admin.Frozen || admin.Rows[1].Solved != 1 || admin.Rows[1].PenaltyMinutes != 245 || admin.Stats[0].Solved != 2 ||
		admin.Stats[0].ByLanguage["py"] != (LangStatsView{Tries: 1, Solved: 1}) {
		t.Errorf("live standings for the admin: %+v", admin)
	}
	a := r.do(t, "GET", "/api/v1/contests/spring-26/problems/A/stats", "bob-token", "")
	if m := a.json(); a.code != 200 || m["stats"].(map[string]any)["solved"] != 1.0 {
		t.Errorf("stats for bob: %d %s", a.code, a.body)
	}
	if a := r.do(t, "GET", "/api/v1/contests/spring-26/problems/Z/stats", "bob-token", ""); a.code != 404 {
		t.Errorf("stats of no problem: %d %s", a.code, a.body)
	}

	// The stream sends the table at once, and again at a judging.
	req, _ := http.NewRequest("GET", r.srv.URL+"/api/v1/contests/spring-26/standings/events", nil)
	req.Header.Set("Authorization", "Bearer admin-token")
	resp, err := r.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	next := func() StandingsView {
		for sc.Scan() {
			if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				var v StandingsView
				if err := json.Unmarshal([]byte(data), &v); err != nil {
					t.Fatal(err)
				}
				return v
			}
		}
		t.Fatalf("the stream ended: %v", sc.Err())
		return StandingsView{}
	}
	if v := next(); v.Stats[0].Tries != 3 {
		t.Fatalf("first event: %+v", v.Stats)
	}
	r.c.judged("spring-26", Submission{ID: "S4", User: "bob", Problem: "a-plus-b", Language: "py", Verdict: "WA", CreatedAt: start.Add(4*time.Hour + 20*time.Minute)})
	if v := next(); v.Stats[0].Tries != 4 {
		t.Fatalf("event after a judging: %+v", v.Stats)
	}
}

func TestParseProblems(t *testing.T) {
	for _, c := range []struct {
		in, want, err string
	}{
		{"sum,echo", "A=sum B=echo", ""},
		{"A=sum, B=echo", "A=sum B=echo", ""},
		{"X1=sum\nY=echo", "X1=sum Y=echo", ""},
		{"=sum", "", `"=sum": want LABEL=slug or slug`},
		{" , ", "", "none given"},
	} {
		ps, err := ParseProblems(c.in)
		var got []string
		for _, p := range ps {
			got = append(got, p.Label+"="+p.Slug)
		}
		if strings.Join(got, " ") != c.want || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) || c.err == "" && err != nil {
			t.Errorf("ParseProblems(%q) = %v, %v; want %s %s", c.in, got, err, c.want, c.err)
		}
	}
	for i, want := range map[int]string{0: "A", 25: "Z", 26: "AA", 27: "AB", 51: "AZ", 52: "BA"} {
		if got := DefaultLabel(i); got != want {
			t.Errorf("DefaultLabel(%d) = %s, want %s", i, got, want)
		}
	}
}
