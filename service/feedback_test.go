package service

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/service/api"
	"github.com/puzzlejudge/judge/service/client"
)

// echoC copies its input to its output: on a-plus-b it is wrong on every
// test, and a report that shows the checker's diff hands the submitter
// every test's input and answer.
const echoC = "#include <stdio.h>\nint main(void) { int c; while ((c = getchar()) != EOF) putchar(c); return 0; }\n"

// guessOneC answers hidden-number's sample (n = 10, x = 7) right and
// every other test "! 1": right on tests 1 and 2, wrong on test 3 (n = 2,
// x = 2), whose interactor's message names the hidden number.
const guessOneC = "#include <stdio.h>\nint main(void) { long long n; if (scanf(\"%lld\", &n) != 1) return 0;\n" +
	"printf(\"! %d\\n\", n == 10 ? 7 : 1); fflush(stdout); return 0; }\n"

// secretKeys are the fields a contestant may see of a secret test.
var secretKeys = map[string]bool{"name": true, "verdict": true, "time_ms": true, "wall_ms": true, "memory_kb": true, "sample": true, "score": true, "message": true}

// submitSource posts a source for a problem and returns its id.
func (s *stack) submitSource(t testing.TB, token, problem, filename, src string) string {
	t.Helper()
	code, _, out := s.call(t, "POST", "/api/v1/submissions", token, api.NewSubmission{Problem: problem, Filename: filename, Source: src})
	if code != http.StatusAccepted {
		t.Fatalf("POST %s: %d %v", filename, code, out)
	}
	return out["id"].(string)
}

// follow collects a submission's events, live while it is judged.
func (s *stack) follow(token, id string) (func() ([]client.Event, error), error) {
	var mu sync.Mutex
	var evs []client.Event
	done := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		_, err := s.client(token).Follow(ctx, id, func(e client.Event) { mu.Lock(); evs = append(evs, e); mu.Unlock() })
		done <- err
	}()
	return func() ([]client.Event, error) {
		err := <-done
		mu.Lock()
		defer mu.Unlock()
		return evs, err
	}, nil
}

// resume reads a submission's events after the one with id last.
func (s *stack) resume(t *testing.T, token, id, last string) []client.Event {
	t.Helper()
	req, _ := http.NewRequest("GET", s.srv.URL+"/api/v1/submissions/"+id+"/events", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Last-Event-ID", last)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var evs []client.Event
	_ = client.ReadEvents(resp.Body, func(e client.Event) bool {
		if e.Name != "" {
			evs = append(evs, e)
		}
		return e.Name != "verdict"
	})
	return evs
}

// page fetches a submission's web page as the holder of token.
func (s *stack) page(t *testing.T, token, id string) string {
	t.Helper()
	req, _ := http.NewRequest("GET", s.srv.URL+"/submissions/"+id, nil)
	req.AddCookie(s.signIn(t, token))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("page of %s: %d", id, resp.StatusCode)
	}
	return readAll(t, resp)
}

// secretAnswers are a problem's tests that are not samples: each one's
// input and expected output, trimmed.
func secretAnswers(t *testing.T, problem string) map[string][2]string {
	t.Helper()
	dir := filepath.Join("..", "problems", problem, "tests")
	ins, err := filepath.Glob(filepath.Join(dir, "*.in"))
	if err != nil || len(ins) == 0 {
		t.Fatalf("tests of %s: %v", problem, err)
	}
	out := map[string][2]string{}
	for _, in := range ins {
		name := strings.TrimSuffix(filepath.Base(in), ".in")
		if strings.HasPrefix(name, "sample") {
			continue
		}
		a, err1 := os.ReadFile(in)
		b, err2 := os.ReadFile(strings.TrimSuffix(in, ".in") + ".out")
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		out[name] = [2]string{strings.TrimSpace(string(a)), strings.TrimSpace(string(b))}
	}
	return out
}

// stringsOf collects the string values in v, but for those of the keys
// name and verdict (a test named "3" whose answer is 3 is no leak).
func stringsOf(v any, out *[]string) {
	switch v := v.(type) {
	case string:
		*out = append(*out, v)
	case []any:
		for _, x := range v {
			stringsOf(x, out)
		}
	case map[string]any:
		for k, x := range v {
			if k != "name" && k != "verdict" {
				stringsOf(x, out)
			}
		}
	}
}

// leaks says what a test as a contestant got it shows of the secret test
// whose input and answer are given: fields beyond the allowed ones, a
// message, the answer or the input in any string.
func leaks(test map[string]any, secret [2]string) []string {
	var bad []string
	for k := range test {
		if !secretKeys[k] {
			bad = append(bad, "field "+k)
		}
	}
	if m, _ := test["message"].(string); m != "" {
		bad = append(bad, fmt.Sprintf("message %q", m))
	}
	var ss []string
	stringsOf(test, &ss)
	for _, s := range ss {
		for _, x := range secret {
			if x != "" && strings.Contains(s, x) {
				bad = append(bad, fmt.Sprintf("%q in %q", x, s))
			}
		}
	}
	sort.Strings(bad)
	return bad
}

// testsOf returns the tests of a report or view JSON.
func testsOf(t *testing.T, v map[string]any) []map[string]any {
	t.Helper()
	raw, _ := v["tests"].([]any)
	var out []map[string]any
	for _, x := range raw {
		m, ok := x.(map[string]any)
		if !ok {
			t.Fatalf("a test that is not an object: %v", x)
		}
		out = append(out, m)
	}
	return out
}

func decode(t *testing.T, data string) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal([]byte(data), &v); err != nil {
		t.Fatalf("not JSON: %q", data)
	}
	return v
}

// checkUserTests checks the tests a contestant got: samples whole (with
// the diff that shows their expected output), secret ones without
// anything of their data. where names the path they came by.
func checkUserTests(t *testing.T, where string, tests []map[string]any, secrets map[string][2]string) {
	t.Helper()
	for _, tc := range tests {
		name, _ := tc["name"].(string)
		if tc["sample"] == true {
			if _, ok := tc["diff"]; !ok {
				t.Errorf("%s: sample %s without its diff: %v", where, name, tc)
			}
			continue
		}
		secret, ok := secrets[name]
		if !ok {
			t.Errorf("%s: test %q is neither a sample nor a secret test", where, name)
			continue
		}
		if tc["verdict"] != "WA" {
			t.Errorf("%s: test %s verdict %v, want WA", where, name, tc["verdict"])
		}
		if bad := leaks(tc, secret); len(bad) > 0 {
			t.Errorf("%s: secret test %s shows a contestant %s", where, name, strings.Join(bad, ", "))
		}
	}
}

var rowRE = regexp.MustCompile(`(?s)<tr data-test="([^"]*)">(.*?)</tr>`)
var msgRE = regexp.MustCompile(`(?s)<td class="msg">(.*?)</td>`)

// pageRows maps each test row of a submission page to its message cell.
func pageRows(html string) map[string]string {
	rows := map[string]string{}
	for _, m := range rowRE.FindAllStringSubmatch(html, -1) {
		if c := msgRE.FindStringSubmatch(m[2]); c != nil {
			rows[m[1]] = strings.TrimSpace(c[1])
		}
	}
	return rows
}

// TestFeedbackEcho is the echo attack on a-plus-b with every test judged:
// a contestant's JSON, live and replayed events and page show every
// sample whole and nothing of a secret test's input, answer, output,
// diff or message; an admin's show everything.
func TestFeedbackEcho(t *testing.T) {
	s := newStack(t, func(c *Config) { c.AllTests = true })
	secrets := secretAnswers(t, "a-plus-b")
	id := s.submitSource(t, s.user, "a-plus-b", "echo.c", echoC)
	wait, _ := s.follow(s.user, id)
	adminWait, _ := s.follow(s.admin, id)
	out := s.waitDone(t, s.user, id)
	if out["verdict"] != "WA" {
		t.Fatalf("verdict %v, want WA (%v)", out["verdict"], out["error"])
	}
	tests := testsOf(t, out)
	if len(tests) != len(secrets)+1 {
		t.Fatalf("%d tests, want %d", len(tests), len(secrets)+1)
	}
	checkUserTests(t, "GET", tests, secrets)

	// The admin sees every secret test's answer in its diff.
	_, _, full := s.call(t, "GET", "/api/v1/submissions/"+id, s.admin, nil)
	for _, tc := range testsOf(t, full) {
		name, _ := tc["name"].(string)
		d, _ := tc["diff"].(map[string]any)
		text, _ := d["text"].(string)
		if secret, ok := secrets[name]; ok && !strings.Contains(text, secret[1]) {
			t.Errorf("admin: test %s's diff %q lacks the answer %q", name, text, secret[1])
		}
	}

	// The listing carries no tests, and the verdict.
	_, _, list := s.call(t, "GET", "/api/v1/submissions", s.user, nil)
	items, _ := list["submissions"].([]any)
	if len(items) != 1 || items[0].(map[string]any)["tests"] != nil || items[0].(map[string]any)["verdict"] != "WA" {
		t.Errorf("listing: %v", list)
	}

	// The events, as followed while judged, and as replayed after the
	// third (Last-Event-ID).
	for _, tc := range []struct {
		who   string
		token string
		wait  func() ([]client.Event, error)
	}{{"user", s.user, wait}, {"admin", s.admin, adminWait}} {
		evs, err := tc.wait()
		if err != nil {
			t.Fatalf("%s: events: %v", tc.who, err)
		}
		if len(evs) < 4 || evs[len(evs)-1].Name != "verdict" {
			t.Fatalf("%s: events %s", tc.who, eventNames(evs))
		}
		resumed := s.resume(t, tc.token, id, evs[2].ID)
		if len(resumed) == 0 || resumed[len(resumed)-1].Name != "verdict" {
			t.Fatalf("%s: resumed events %s", tc.who, eventNames(resumed))
		}
		for i, list := range [][]client.Event{evs, resumed} {
			where := fmt.Sprintf("%s event stream %d", tc.who, i)
			var rows []map[string]any
			for _, e := range list {
				switch e.Name {
				case "test":
					rows = append(rows, decode(t, e.Data))
				case "verdict":
					final := testsOf(t, decode(t, e.Data))
					if tc.who == "user" {
						checkUserTests(t, where+" verdict", final, secrets)
					} else if b, _ := json.Marshal(final); !strings.Contains(string(b), `"diff"`) || len(final) != len(secrets)+1 {
						t.Errorf("%s: the admin's verdict event lacks the diffs: %s", where, b)
					}
				}
			}
			if tc.who == "user" {
				checkUserTests(t, where, rows, secrets)
			} else {
				for _, r := range rows {
					if secret, ok := secrets[r["name"].(string)]; ok && len(leaks(r, secret)) == 0 {
						t.Errorf("%s: the admin's row of test %v shows no diff: %v", where, r["name"], r)
					}
				}
			}
		}
	}

	// The page: a secret test's row shows its verdict and no message or
	// diff to a contestant, everything to an admin.
	for _, who := range []struct {
		name, token string
		admin       bool
	}{{"user", s.user, false}, {"admin", s.admin, true}} {
		rows := pageRows(s.page(t, who.token, id))
		if len(rows) != len(secrets)+1 {
			t.Fatalf("%s page: %d test rows, want %d", who.name, len(rows), len(secrets)+1)
		}
		for name, msg := range rows {
			_, secret := secrets[name]
			switch {
			case !secret || who.admin:
				if !strings.Contains(msg, `class="diff"`) {
					t.Errorf("%s page: test %s without its diff: %q", who.name, name, msg)
				}
			case msg != "":
				t.Errorf("%s page: secret test %s shows %q", who.name, name, msg)
			}
		}
	}
}

// TestFeedbackInteractive judges "! 1" on hidden-number: the interactor
// names the hidden number in its judge message, which a contestant does
// not see on a secret test and an admin does.
func TestFeedbackInteractive(t *testing.T) {
	s := newStack(t, func(c *Config) { c.AllTests = true })
	secrets := secretAnswers(t, "hidden-number")
	id := s.submitSource(t, s.user, "hidden-number", "one.c", "#include <stdio.h>\nint main(void) { long long n; scanf(\"%lld\", &n); printf(\"! 1\\n\"); fflush(stdout); return 0; }\n")
	user := s.waitDone(t, s.user, id)
	_, _, admin := s.call(t, "GET", "/api/v1/submissions/"+id, s.admin, nil)
	wrong := 0
	adminTests := map[string]map[string]any{}
	for _, tc := range testsOf(t, admin) {
		adminTests[tc["name"].(string)] = tc
	}
	for _, tc := range testsOf(t, user) {
		name := tc["name"].(string)
		if tc["sample"] == true || tc["verdict"] == "AC" {
			continue
		}
		wrong++
		if tc["verdict"] != "WA" {
			t.Errorf("test %s: verdict %v, want WA", name, tc["verdict"])
		}
		if bad := leaks(tc, secrets[name]); len(bad) > 0 {
			t.Errorf("test %s shows a contestant %s", name, strings.Join(bad, ", "))
		}
		if msg, _ := adminTests[name]["message"].(string); !strings.Contains(msg, "the hidden number was") {
			t.Errorf("test %s: the admin sees message %q, want the interactor's", name, msg)
		}
	}
	if wrong < 5 {
		t.Errorf("%d secret tests wrong, want most of them: %v", wrong, user["tests"])
	}
}

// TestLazyJudging: by default a pass/fail problem's judging stops at its
// first failing test, the rest reported as not run (in the JSON, the
// live events and the page); a scoring problem runs every test.
func TestLazyJudging(t *testing.T) {
	s := newStack(t, nil)
	id := s.submitSource(t, s.user, "hidden-number", "guess.c", guessOneC)
	wait, _ := s.follow(s.user, id)
	out := s.waitDone(t, s.user, id)
	var names []string
	for _, tc := range testsOf(t, out) {
		names = append(names, fmt.Sprintf("%v:%v", tc["name"], tc["verdict"]))
	}
	if got := strings.Join(names, " "); out["verdict"] != "WA" || got != "sample-1:AC 1:AC 2:AC 3:WA" {
		t.Errorf("verdict %v, tests %s; want WA after sample-1:AC 1:AC 2:AC 3:WA", out["verdict"], got)
	}
	notRun, _ := json.Marshal(out["not_run"])
	if string(notRun) != `["4","5","6","7","8","9","10","11","12"]` {
		t.Errorf("not_run %s, want tests 4 to 12", notRun)
	}
	evs, err := wait()
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(eventNames(evs), "test"); n != 4 {
		t.Errorf("%d test events, want 4: %s", n, eventNames(evs))
	}
	page := s.page(t, s.user, id)
	if n := strings.Count(page, ">not run<"); n != 9 {
		t.Errorf("the page shows %d tests not run, want 9", n)
	}

	// A scoring problem: "0" is wrong on every test, and every test runs.
	id = s.submitSource(t, s.user, "divisor-pairs", "zero.c", "#include <stdio.h>\nint main(void) { puts(\"0\"); return 0; }\n")
	out = s.waitDone(t, s.user, id)
	if n := len(testsOf(t, out)); n != 7 || out["not_run"] != nil {
		t.Errorf("scoring problem: %d tests judged, not run %v; want all 7", n, out["not_run"])
	}
}
