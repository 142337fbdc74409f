package api

import (
	"net/http"
	"strings"
	"testing"
)

// TestAccountsNeedAdmin: every user and token endpoint is 401 without a
// token and 403 with a user's; an admin's gets through.
func TestAccountsNeedAdmin(t *testing.T) {
	r := newAPIRig(t, Options{})
	endpoints := []struct {
		method, path, body string
		admin              int
	}{
		{"GET", "/api/v1/users", "", http.StatusOK},
		{"POST", "/api/v1/users", `{"name":"team1","kind":"team"}`, http.StatusCreated},
		{"PATCH", "/api/v1/users/team1", `{"disabled":true}`, http.StatusOK},
		{"POST", "/api/v1/users/team1/tokens", `{"name":"printed"}`, http.StatusCreated},
		{"GET", "/api/v1/tokens", "", http.StatusOK},
		{"DELETE", "/api/v1/tokens/t1", "", http.StatusNoContent},
	}
	for _, e := range endpoints {
		name := e.method + " " + e.path
		if a := r.do(t, e.method, e.path, "", e.body); a.code != http.StatusUnauthorized {
			t.Errorf("%s without a token: %d, want 401", name, a.code)
		}
		a := r.do(t, e.method, e.path, "ann-token", e.body)
		if a.code != http.StatusForbidden {
			t.Errorf("%s as ann: %d, want 403", name, a.code)
		}
		checkErrorBody(t, name, a, "")
		if a := r.do(t, e.method, e.path, "admin-token", e.body); a.code != e.admin {
			t.Errorf("%s as the admin: %d %s, want %d", name, a.code, a.body, e.admin)
		}
	}
	if a := r.do(t, "POST", "/api/v1/users", "admin-token", `{"name":"team1"}`); a.code != http.StatusConflict {
		t.Errorf("a taken name: %d, want 409", a.code)
	}
	if a := r.do(t, "POST", "/api/v1/users", "admin-token", `{"display_name":"x"}`); a.code != http.StatusUnprocessableEntity || a.json()["field"] != "name" {
		t.Errorf("no name: %d %s, want 422 naming name", a.code, a.body)
	}
	for _, body := range []string{`{"disabled":true}`, `{"role":"user"}`} {
		if a := r.do(t, "PATCH", "/api/v1/users/root", "admin-token", body); a.code != http.StatusConflict {
			t.Errorf("the admin locking themself out with %s: %d, want 409", body, a.code)
		}
	}
	if a := r.do(t, "DELETE", "/api/v1/tokens/nope", "admin-token", ""); a.code != http.StatusNotFound {
		t.Errorf("revoking an unknown token: %d, want 404", a.code)
	}
}

// TestIssuedTokenShownOnce: an issued token's answer holds its
// plaintext, is not cached, and the listing never holds it.
func TestIssuedTokenShownOnce(t *testing.T) {
	r := newAPIRig(t, Options{})
	a := r.do(t, "POST", "/api/v1/users/bob/tokens", "admin-token", "")
	plain, _ := a.json()["token"].(string)
	if a.code != http.StatusCreated || plain == "" || a.header.Get("Cache-Control") != "no-store" || a.json()["user"] != "bob" {
		t.Fatalf("issue: %d %v %s", a.code, a.header, a.body)
	}
	if l := r.do(t, "GET", "/api/v1/tokens", "admin-token", ""); l.code != http.StatusOK || strings.Contains(string(l.body), plain) {
		t.Errorf("listing: %d %s holds the plaintext", l.code, l.body)
	}
	if a := r.do(t, "GET", "/api/v1/submissions", plain, ""); a.code != http.StatusOK {
		t.Errorf("the issued token: %d", a.code)
	}
}

// TestSource: a submission's source is its owner's and the admins', as
// a text/plain download named by its file; another user gets 404, as for
// the submission; the view links to it.
func TestSource(t *testing.T) {
	r := newAPIRig(t, Options{})
	r.b.mu.Lock()
	id := r.b.add(Submission{User: "ann", Problem: "a-plus-b", Language: "c", Filename: `we"ird é.c`}, "").ID
	r.b.mu.Unlock()
	path := "/api/v1/submissions/" + id + "/source"
	for _, tok := range []string{"ann-token", "admin-token"} {
		a := r.do(t, "GET", path, tok, "")
		if a.code != http.StatusOK || string(a.body) != "source of "+id+"\x00<b>" {
			t.Errorf("%s: %d %q", tok, a.code, a.body)
		}
		for k, want := range map[string]string{
			"Content-Type":           "text/plain; charset=utf-8",
			"Content-Disposition":    `attachment; filename*=utf-8''we%22ird%20%C3%A9.c`,
			"X-Content-Type-Options": "nosniff",
		} {
			if got := a.header.Get(k); got != want {
				t.Errorf("%s: %s %q, want %q", tok, k, got, want)
			}
		}
	}
	if a := r.do(t, "GET", path, "bob-token", ""); a.code != http.StatusNotFound {
		t.Errorf("bob: %d, want 404", a.code)
	}
	if a := r.do(t, "GET", "/api/v1/submissions/"+id, "ann-token", ""); a.json()["source_url"] != path {
		t.Errorf("the view's source_url: %v, want %s", a.json()["source_url"], path)
	}
}

// TestAttachment: a download's name is quoted or encoded so that no file
// name breaks out of the header or names a path.
func TestAttachment(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"sum.c", `attachment; filename=sum.c`},
		{"a b.py", `attachment; filename="a b.py"`},
		{`x"; filename=evil.sh`, `attachment; filename="x\"; filename=evil.sh"`},
		{"line\r\nSet-Cookie: a=b", `attachment; filename="line__Set-Cookie: a=b"`},
		{"../../etc/passwd", `attachment; filename=.._.._etc_passwd`},
		{"", `attachment; filename=submission-S1.txt`},
		{"ü.rs", `attachment; filename*=utf-8''%C3%BC.rs`},
	} {
		if got := Attachment(c.name, "S1"); got != c.want {
			t.Errorf("Attachment(%q) = %s, want %s", c.name, got, c.want)
		}
	}
}
