package service

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/service/api"
	"github.com/puzzlejudge/judge/service/store"
)

// withoutRust makes rust a language whose compiler is not in the box, on
// any machine: its tools are named as no machine has them.
func withoutRust(c *Config) {
	rust := *c.Judge.Languages["rust"]
	rust.Compile = append([]string{"no-such-rustc"}, rust.Compile[1:]...)
	rust.Version = []string{"no-such-rustc", "--version"}
	c.Judge.Languages["rust"] = &rust
}

// TestLanguagesOffered: on a real stack (SQLite, embedded NATS, the local
// worker judging), a language whose compiler is missing is neither
// listed nor accepted: POST refuses it with 422 naming the languages
// offered, before anything is stored; names and aliases are the command
// line's (py), with "did you mean" for a misspelling; the source limit
// is the configuration's; an idempotency key reused for another
// submission is 422.
func TestLanguagesOffered(t *testing.T) {
	s := newStack(t, func(c *Config) {
		withoutRust(c)
		c.Judge.SourceLimit = 2000
	})
	code, _, out := s.call(t, "GET", "/api/v1/languages", s.user, nil)
	if code != http.StatusOK {
		t.Fatalf("languages: %d %v", code, out)
	}
	listed := map[string]map[string]any{}
	for _, l := range out["languages"].([]any) {
		m := l.(map[string]any)
		listed[m["name"].(string)] = m
	}
	if _, ok := listed["rust"]; ok {
		t.Errorf("rust listed without its compiler: %v", listed["rust"])
	}
	py := listed["python"]
	if py == nil || !strings.HasPrefix(py["version"].(string), "Python 3") || py["time_multiplier"] != 2.0 ||
		!slices.Equal(anyStrings(py["aliases"]), []string{"python3", "py"}) || !slices.Equal(anyStrings(py["extensions"]), []string{".py", ".py3"}) {
		t.Errorf("python listed as %v", py)
	}
	if c := listed["c"]; c == nil || !strings.HasPrefix(c["version"].(string), "gcc") {
		t.Errorf("c listed as %v", c)
	}
	sum := source(t, "a-plus-b/accepted/sum.py")
	for _, tc := range []struct {
		name     string
		body     api.NewSubmission
		header   []string
		status   int
		field    string
		msg      []string
		language string // of the submission accepted
	}{
		{name: "an alias, as --lang takes it", body: api.NewSubmission{Problem: "a-plus-b", Language: "py", Source: sum}, status: 202, language: "python"},
		{name: "a name in another case", body: api.NewSubmission{Problem: "a-plus-b", Language: "Python3", Source: sum}, status: 202, language: "python"},
		{name: "a misspelt name", body: api.NewSubmission{Problem: "a-plus-b", Language: "pyhton", Source: sum}, status: 422, field: "language",
			msg: []string{`unknown language "pyhton" (did you mean python?)`, "offered: c, cpp (c++, cxx), go (golang), ", "python (python3, py)"}},
		{name: "a language whose compiler is missing", body: api.NewSubmission{Problem: "a-plus-b", Language: "rust", Source: "fn main() {}"}, status: 422, field: "language",
			msg: []string{"language rust (from \"rust\") is not offered on this server: no-such-rustc not found in the box", "offered: c, "}},
		{name: "its alias", body: api.NewSubmission{Problem: "a-plus-b", Language: "rs", Source: "fn main() {}"}, status: 422, field: "language", msg: []string{"language rust (from \"rs\") is not offered"}},
		{name: "its extension", body: api.NewSubmission{Problem: "a-plus-b", Filename: "main.rs", Source: "fn main() {}"}, status: 422, field: "filename", msg: []string{"language rust (from \"main.rs\") is not offered"}},
		{name: "a source over source_limit", body: api.NewSubmission{Problem: "a-plus-b", Language: "c", Source: strings.Repeat("/", 2001)}, status: 413, field: "source",
			msg: []string{"2001 bytes, over the source limit of"}},
		{name: "a key's first use", body: api.NewSubmission{Problem: "a-plus-b", Language: "c", Source: source(t, "a-plus-b/accepted/sum.c")}, header: []string{"Idempotency-Key", "k1"}, status: 202, language: "c"},
		{name: "the key reused for another source", body: api.NewSubmission{Problem: "a-plus-b", Language: "c", Source: "int main(){}"}, header: []string{"Idempotency-Key", "k1"}, status: 422,
			field: "Idempotency-Key", msg: []string{"already used for another submission"}},
		{name: "the key reused for another language", body: api.NewSubmission{Problem: "a-plus-b", Language: "cpp", Source: source(t, "a-plus-b/accepted/sum.c")}, header: []string{"Idempotency-Key", "k1"}, status: 422,
			field: "Idempotency-Key"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := s.count(t)
			code, _, out := s.call(t, "POST", "/api/v1/submissions", s.user, tc.body, tc.header...)
			if code != tc.status {
				t.Fatalf("%d %v, want %d", code, out, tc.status)
			}
			if tc.status == http.StatusAccepted {
				if out["language"] != tc.language {
					t.Errorf("language %v, want %s", out["language"], tc.language)
				}
				if done := s.waitDone(t, s.user, out["id"].(string)); done["verdict"] != "AC" {
					t.Errorf("verdict %v, want AC", done["verdict"])
				}
				return
			}
			msg, _ := out["error"].(string)
			if out["field"] != tc.field {
				t.Errorf("field %v, want %s (%s)", out["field"], tc.field, msg)
			}
			for _, m := range tc.msg {
				if !strings.Contains(msg, m) {
					t.Errorf("error %q, want it to say %q", msg, m)
				}
			}
			if n := s.count(t); n != before {
				t.Errorf("%d submissions stored by a refusal", n-before)
			}
		})
	}
	// The same key with the same submission is the first submission.
	first := api.NewSubmission{Problem: "a-plus-b", Language: "c", Source: source(t, "a-plus-b/accepted/sum.c")}
	_, _, a := s.call(t, "POST", "/api/v1/submissions", s.user, first, "Idempotency-Key", "k2")
	_, _, b := s.call(t, "POST", "/api/v1/submissions", s.user, first, "Idempotency-Key", "k2")
	if a["id"] == nil || a["id"] != b["id"] {
		t.Errorf("one key, one submission twice: %v and %v", a["id"], b["id"])
	}
}

// count is how many submissions ann has.
func (s *stack) count(t *testing.T) int {
	t.Helper()
	page, err := s.svc.st.List(context.Background(), store.ListQuery{User: "ann", Limit: 200})
	if err != nil {
		t.Fatal(err)
	}
	return len(page.Submissions)
}

func anyStrings(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}
