package clics

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "write the golden files of the endpoints")

// get requests a path as admin or anonymously and returns the status and
// body.
func get(t *testing.T, srv *httptest.Server, path string, admin bool) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if admin {
		req.Header.Set("Authorization", "Bearer admin")
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

// TestGolden checks each endpoint's answer against its golden file under
// testdata/golden, against the specification's shapes (spec_test.go),
// and the objects against the access answer: only the properties it
// lists, and every listed one that is not nullable.
func TestGolden(t *testing.T) {
	c := newChecker()
	srv := httptest.NewServer(NewServer(newFakeSource(wfSnapshot()), Config{Feed: "t"}))
	defer srv.Close()
	status, body := get(t, srv, "/api/contests/wf/access", false)
	if status != http.StatusOK {
		t.Fatalf("GET access = %d %s", status, body)
	}
	listed, err := parseListing(body)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		golden, path string
		admin        bool
		endpoint     string // its shape in endpoints; for NDJSON, each line is an event
		typ          string // the access type of its objects; "" for api and access
	}{
		{"api", "/api", false, "api", ""},
		{"contests", "/api/contests", false, "contests", "contest"},
		{"contest", "/api/contests/wf", false, "contest", "contest"},
		{"judgement-types", "/api/contests/wf/judgement-types", false, "judgement-types", "judgement-types"},
		{"judgement-type", "/api/contests/wf/judgement-types/RTE", false, "judgement-type", "judgement-types"},
		{"languages", "/api/contests/wf/languages", false, "languages", "languages"},
		{"language", "/api/contests/wf/languages/python3", false, "language", "languages"},
		{"problems", "/api/contests/wf/problems", false, "problems", "problems"},
		{"problem", "/api/contests/wf/problems/bananas", false, "problem", "problems"},
		{"teams", "/api/contests/wf/teams", false, "teams", "teams"},
		{"teams.admin", "/api/contests/wf/teams", true, "teams", "teams"},
		{"team", "/api/contests/wf/teams/two", false, "team", "teams"},
		{"state", "/api/contests/wf/state", false, "state", "state"},
		{"submissions", "/api/contests/wf/submissions", false, "submissions", "submissions"},
		{"submissions.team_id", "/api/contests/wf/submissions?team_id=two&problem_id=bananas", false, "submissions", "submissions"},
		{"submission", "/api/contests/wf/submissions/2", false, "submission", "submissions"},
		{"judgements", "/api/contests/wf/judgements", false, "judgements", "judgements"},
		{"judgements.admin", "/api/contests/wf/judgements", true, "judgements", "judgements"},
		{"judgement", "/api/contests/wf/judgements/7", false, "judgement", "judgements"},
		{"scoreboard", "/api/contests/wf/scoreboard", false, "scoreboard", "scoreboard"},
		{"scoreboard.admin", "/api/contests/wf/scoreboard", true, "scoreboard", "scoreboard"},
		{"access", "/api/contests/wf/access", false, "access", ""},
		{"event-feed", "/api/contests/wf/event-feed?stream=false", false, "", ""},
		{"event-feed.admin", "/api/contests/wf/event-feed?stream=false", true, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			status, body := get(t, srv, tt.path, tt.admin)
			if status != http.StatusOK {
				t.Fatalf("GET %s = %d %s", tt.path, status, body)
			}
			ndjson := strings.HasPrefix(tt.golden, "event-feed")
			docs := [][]byte{body}
			if ndjson {
				docs = bytes.Split(bytes.TrimSuffix(body, []byte("\n")), []byte("\n"))
			}
			for _, doc := range docs {
				var errs []string
				switch {
				case ndjson:
					errs = append(c.checkEvent(doc), checkEventListed(t, listed, doc)...)
				default:
					shape, ok := endpoints[tt.endpoint]
					if !ok {
						t.Fatalf("no shape for %s", tt.endpoint)
					}
					errs = c.check(shape, doc)
					if tt.typ != "" {
						errs = append(errs, listed.checkListed(tt.typ, doc)...)
					}
				}
				for _, e := range errs {
					t.Errorf("%s: %s", doc, e)
				}
			}
			if !ndjson {
				var b bytes.Buffer
				if err := json.Indent(&b, body, "", "  "); err != nil {
					t.Fatalf("%s: %v", body, err)
				}
				body = b.Bytes()
			}
			ext := ".json"
			if ndjson {
				ext = ".ndjson"
			}
			path := filepath.Join("testdata", "golden", tt.golden+ext)
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, body, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to write it)", err)
			}
			if !bytes.Equal(body, want) {
				t.Errorf("GET %s:\n%s\nwant (%s):\n%s", tt.path, body, path, want)
			}
		})
	}
}

// checkEventListed checks an event's data against the access answer.
func checkEventListed(t *testing.T, l listing, line []byte) []string {
	t.Helper()
	var ev Event
	if err := json.Unmarshal(line, &ev); err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	if len(ev.Data) == 0 {
		return nil // a deletion that leaves data out
	}
	return l.checkListed(ev.Type, ev.Data)
}
