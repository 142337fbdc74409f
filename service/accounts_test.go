package service

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/service/api"
)

// TestAccountsOverHTTP: an admin makes a team, issues it a token (shown
// once), lists and revokes tokens; a user gets 403 on every one of those
// endpoints; a disabled account's token gets 403 saying so, and works
// again once the account is enabled; a revoked one gets 401.
func TestAccountsOverHTTP(t *testing.T) {
	s := newStack(t, func(c *Config) { c.Slots = 0 })
	for _, e := range []struct{ method, path string }{
		{"GET", "/api/v1/users"}, {"POST", "/api/v1/users"}, {"PATCH", "/api/v1/users/ann"},
		{"POST", "/api/v1/users/ann/tokens"}, {"GET", "/api/v1/tokens"}, {"DELETE", "/api/v1/tokens/0000000000000000"},
	} {
		if code, _, out := s.call(t, e.method, e.path, s.user, map[string]any{}); code != http.StatusForbidden {
			t.Errorf("%s %s as a user: %d %v, want 403", e.method, e.path, code, out)
		}
	}
	code, _, out := s.call(t, "POST", "/api/v1/users", s.admin, map[string]any{"name": "team7", "display_name": "Seven <b>", "kind": "team", "members": "Ann\nBob"})
	if code != http.StatusCreated || out["kind"] != "team" || out["display_name"] != "Seven <b>" || out["disabled"] != false || out["role"] != "user" {
		t.Fatalf("create team7: %d %v", code, out)
	}
	if code, _, out := s.call(t, "POST", "/api/v1/users", s.admin, map[string]any{"name": "team7"}); code != http.StatusConflict || out["field"] != "name" {
		t.Errorf("team7 again: %d %v, want 409", code, out)
	}
	if code, _, out := s.call(t, "POST", "/api/v1/users", s.admin, map[string]any{"name": "x y"}); code != http.StatusUnprocessableEntity {
		t.Errorf("a bad name: %d %v, want 422", code, out)
	}
	if code, _, _ := s.call(t, "POST", "/api/v1/users/nobody/tokens", s.admin, map[string]any{}); code != http.StatusNotFound {
		t.Errorf("a token for nobody: %d, want 404", code)
	}
	code, hdr, out := s.call(t, "POST", "/api/v1/users/team7/tokens", s.admin, map[string]any{"name": "printed"})
	plain, _ := out["token"].(string)
	id, _ := out["id"].(string)
	if code != http.StatusCreated || !strings.HasPrefix(plain, "pj_") || hdr.Get("Cache-Control") != "no-store" {
		t.Fatalf("issue a token: %d %v", code, out)
	}
	_, _, list := s.call(t, "GET", "/api/v1/tokens", s.admin, nil)
	if toks, _ := list["tokens"].([]any); len(toks) != 3 || strings.Contains(jsonText(t, list), plain) {
		t.Errorf("tokens: %v (want 3, no plaintext)", list)
	}
	_, _, users := s.call(t, "GET", "/api/v1/users", s.admin, nil)
	if us, _ := users["users"].([]any); len(us) != 3 {
		t.Errorf("users: %v, want admin, ann and team7", users)
	}
	steps := []struct {
		name   string
		patch  map[string]any
		status int
		msg    string
	}{
		{"enabled", nil, http.StatusOK, ""},
		{"disabled", map[string]any{"disabled": true}, http.StatusForbidden, "disabled"},
		{"enabled again", map[string]any{"disabled": false, "display_name": "Team Seven"}, http.StatusOK, ""},
	}
	for _, st := range steps {
		if st.patch != nil {
			if code, _, out := s.call(t, "PATCH", "/api/v1/users/team7", s.admin, st.patch); code != http.StatusOK || out["disabled"] != st.patch["disabled"] {
				t.Fatalf("%s: PATCH %d %v", st.name, code, out)
			}
		}
		code, _, out := s.call(t, "GET", "/api/v1/submissions", plain, nil)
		if msg, _ := out["error"].(string); code != st.status || !strings.Contains(msg, st.msg) {
			t.Errorf("%s: team7's token gets %d %v, want %d %q", st.name, code, out, st.status, st.msg)
		}
	}
	if code, _, _ := s.call(t, "DELETE", "/api/v1/tokens/"+id, s.admin, nil); code != http.StatusNoContent {
		t.Fatalf("revoke: %d", code)
	}
	if code, _, _ := s.call(t, "GET", "/api/v1/submissions", plain, nil); code != http.StatusUnauthorized {
		t.Errorf("a revoked token: %d, want 401", code)
	}
}

// TestSourceOverHTTP: a submission's source is its owner's and the
// admins' (byte for byte, a download named by its file), 404 for another
// user; its view links to it.
func TestSourceOverHTTP(t *testing.T) {
	s := newStack(t, func(c *Config) { c.Slots = 0 })
	bob := s.token(t, "bob", "user")
	src := "#include <stdio.h>\n// </pre><script>alert(1)</script>\nint main(){int a,b;scanf(\"%d %d\",&a,&b);printf(\"%d\\n\",a+b);}\n"
	code, _, out := s.call(t, "POST", "/api/v1/submissions", s.user, api.NewSubmission{Problem: "a-plus-b", Filename: "a b\".c", Source: src})
	if code != http.StatusAccepted {
		t.Fatalf("submit: %d %v", code, out)
	}
	id := out["id"].(string)
	path := "/api/v1/submissions/" + id + "/source"
	if out["source_url"] != path {
		t.Errorf("source_url %v, want %s", out["source_url"], path)
	}
	for _, c := range []struct {
		who, token string
		status     int
	}{{"ann", s.user, 200}, {"the admin", s.admin, 200}, {"bob", bob, 404}, {"nobody", "", 401}} {
		req, _ := http.NewRequest("GET", s.srv.URL+path, nil)
		if c.token != "" {
			req.Header.Set("Authorization", "Bearer "+c.token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status {
			t.Errorf("%s: %d, want %d", c.who, resp.StatusCode, c.status)
			continue
		}
		if c.status != 200 {
			if strings.Contains(string(body), "scanf") {
				t.Errorf("%s got the source in a %d", c.who, c.status)
			}
			continue
		}
		if string(body) != src || resp.Header.Get("Content-Type") != "text/plain; charset=utf-8" ||
			resp.Header.Get("Content-Disposition") != `attachment; filename="a b\".c"` {
			t.Errorf("%s: %q %v", c.who, body, resp.Header)
		}
	}
}

// jsonText is v as JSON text.
func jsonText(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
