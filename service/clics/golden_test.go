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
// testdata/golden and against the specification's schema.
func TestGolden(t *testing.T) {
	s := loadSchemas(t)
	srv := httptest.NewServer(NewServer(newFakeSource(wfSnapshot()), Config{Feed: "t"}))
	defer srv.Close()
	tests := []struct {
		golden, path string
		admin        bool
		schema       string // for NDJSON, each line's
	}{
		{"api", "/api", false, "api_information.json"},
		{"contests", "/api/contests", false, "contests.json"},
		{"contest", "/api/contests/wf", false, "contest.json"},
		{"judgement-types", "/api/contests/wf/judgement-types", false, "judgement-types.json"},
		{"judgement-type", "/api/contests/wf/judgement-types/RTE", false, "judgement-type.json"},
		{"languages", "/api/contests/wf/languages", false, "languages.json"},
		{"language", "/api/contests/wf/languages/python3", false, "language.json"},
		{"problems", "/api/contests/wf/problems", false, "problems.json"},
		{"problem", "/api/contests/wf/problems/bananas", false, "problem.json"},
		{"teams", "/api/contests/wf/teams", false, "teams.json"},
		{"teams.admin", "/api/contests/wf/teams", true, "teams.json"},
		{"team", "/api/contests/wf/teams/two", false, "team.json"},
		{"state", "/api/contests/wf/state", false, "state.json"},
		{"submissions", "/api/contests/wf/submissions", false, "submissions.json"},
		{"submissions.team_id", "/api/contests/wf/submissions?team_id=two&problem_id=bananas", false, "submissions.json"},
		{"submission", "/api/contests/wf/submissions/2", false, "submission.json"},
		{"judgements", "/api/contests/wf/judgements", false, "judgements.json"},
		{"judgements.admin", "/api/contests/wf/judgements", true, "judgements.json"},
		{"judgement", "/api/contests/wf/judgements/7", false, "judgement.json"},
		{"scoreboard", "/api/contests/wf/scoreboard", false, "scoreboard.json"},
		{"scoreboard.admin", "/api/contests/wf/scoreboard", true, "scoreboard.json"},
		{"access", "/api/contests/wf/access", false, "access.json"},
		{"event-feed", "/api/contests/wf/event-feed?stream=false", false, "event-feed.json"},
		{"event-feed.admin", "/api/contests/wf/event-feed?stream=false", true, "event-feed.json"},
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
				for _, e := range s.check(tt.schema, doc) {
					t.Errorf("%s: %s", doc, e)
				}
				if ndjson {
					checkEventData(t, s, doc)
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

// checkEventData validates an event's data against its type's schema:
// the event-feed schema accepts any of them, and leaves strictness out.
func checkEventData(t *testing.T, s *schemas, line []byte) {
	t.Helper()
	var ev Event
	if err := json.Unmarshal(line, &ev); err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	schema := map[string]string{
		"contest": "contest.json", "judgement-types": "judgement-type.json", "languages": "language.json",
		"problems": "problem.json", "teams": "team.json", "state": "state.json",
		"submissions": "submission.json", "judgements": "judgement.json",
	}[ev.Type]
	if schema == "" {
		t.Errorf("%s: unexpected event type", line)
		return
	}
	if string(ev.Data) == "null" {
		return
	}
	for _, e := range s.check(schema, ev.Data) {
		t.Errorf("%s: %s", line, e)
	}
}
