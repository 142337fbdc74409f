package service

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/service/store"
)

// TestOrganiserUsersPage: the users page is the admins' (403 for a user);
// its forms need the session's CSRF token; an admin creates a team (its
// name shown escaped), is refused a taken name, disables and enables it
// (but not their own account),
// issues a token shown once (not cached, never on the page again) and
// revokes it.
func TestOrganiserUsersPage(t *testing.T) {
	s := newStack(t, func(c *Config) { c.Slots = 0 })
	ann := s.signIn(t, s.user)
	if code, _, _ := s.browse(t, ann, "/admin/users", nil); code != http.StatusForbidden {
		t.Errorf("ann on the users page: %d, want 403", code)
	}
	if code, _, _ := s.browse(t, ann, "/admin/users", url.Values{"name": {"x"}}); code != http.StatusForbidden {
		t.Errorf("ann creating a user: %d, want 403", code)
	}
	admin := s.signIn(t, s.admin)
	code, _, body := s.browse(t, admin, "/admin/users", nil)
	if code != http.StatusOK {
		t.Fatalf("users page: %d", code)
	}
	tok := csrf(t, body)
	if code, _, _ := s.browse(t, admin, "/admin/users", url.Values{"name": {"blue"}}); code != http.StatusForbidden {
		t.Errorf("a form without its CSRF token: %d, want 403", code)
	}
	post := func(path string, form url.Values) (int, string, string) {
		t.Helper()
		form.Set("csrf", tok)
		return s.browse(t, admin, path, form)
	}
	code, loc, _ := post("/admin/users", url.Values{"name": {"blue"}, "display_name": {"Blue <i>"}, "kind": {"team"}, "members": {"Ann\nBob"}})
	if code != http.StatusSeeOther || !strings.HasPrefix(loc, "/admin/users?done=") {
		t.Fatalf("create blue: %d to %q", code, loc)
	}
	if _, _, body := s.browse(t, admin, loc, nil); !strings.Contains(body, `value="Blue &lt;i&gt;"`) || strings.Contains(body, "Blue <i>") || !strings.Contains(body, "Created team blue.") {
		t.Errorf("the users page after creating blue does not show it escaped:\n%s", body)
	}
	if code, _, body := post("/admin/users", url.Values{"name": {"blue"}}); code != http.StatusConflict || !strings.Contains(body, "is taken") {
		t.Errorf("blue again: %d", code)
	}
	disabled := func() any {
		_, _, out := s.call(t, "GET", "/api/v1/users", s.admin, nil)
		for _, u := range out["users"].([]any) {
			if m := u.(map[string]any); m["name"] == "blue" {
				return m["disabled"]
			}
		}
		return nil
	}
	for _, action := range []string{"disable", "enable"} {
		if code, _, _ := post("/admin/users/blue", url.Values{"action": {action}}); code != http.StatusSeeOther {
			t.Fatalf("%s blue: %d", action, code)
		}
		if got := disabled(); got != (action == "disable") {
			t.Errorf("after %s: disabled %v", action, got)
		}
	}
	if code, _, body := post("/admin/users/admin", url.Values{"action": {"disable"}}); code != http.StatusConflict || !strings.Contains(body, "your own account") {
		t.Errorf("the admin disabling themself: %d", code)
	}
	req, _ := http.NewRequest("POST", s.srv.URL+"/admin/users/blue/tokens", strings.NewReader(url.Values{"csrf": {tok}, "label": {"laptop"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.AddCookie(admin)
	resp, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	issued := readAll(t, resp)
	m := regexp.MustCompile(`<pre id="issued-token">(pj_[0-9a-f]{16}_[A-Za-z0-9_-]{43})</pre>`).FindStringSubmatch(issued)
	if resp.StatusCode != http.StatusOK || m == nil || resp.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("issue a token: %d %v\n%s", resp.StatusCode, resp.Header, issued)
	}
	plain := m[1]
	if code, _, _ := s.call(t, "GET", "/api/v1/submissions", plain, nil); code != http.StatusOK {
		t.Errorf("the issued token: %d", code)
	}
	_, _, body = s.browse(t, admin, "/admin/users", nil)
	if strings.Contains(body, plain) {
		t.Error("the users page shows an issued token's plaintext")
	}
	id := plain[3:19]
	if !strings.Contains(body, `data-token="`+id+`"`) {
		t.Fatalf("the tokens list lacks %s", id)
	}
	if code, _, _ := post("/admin/tokens/"+id+"/revoke", url.Values{}); code != http.StatusSeeOther {
		t.Fatalf("revoke: %d", code)
	}
	if code, _, _ := s.call(t, "GET", "/api/v1/submissions", plain, nil); code != http.StatusUnauthorized {
		t.Errorf("a token revoked on the page: %d, want 401", code)
	}
}

// TestPrintableCredentials: the credentials form makes N accounts with a
// token each and shows one card per account (name, display name, token,
// the server's address) on a page that prints without the page's
// chrome; the tokens work; the same prefix again is refused whole.
func TestPrintableCredentials(t *testing.T) {
	s := newStack(t, func(c *Config) { c.Slots = 0 })
	admin := s.signIn(t, s.admin)
	_, _, body := s.browse(t, admin, "/admin/credentials", nil)
	tok := csrf(t, body)
	for _, bad := range []url.Values{{"prefix": {"room"}, "count": {"0"}, "kind": {"team"}}, {"prefix": {""}, "count": {"2"}, "kind": {"team"}},
		{"prefix": {"room"}, "count": {"2"}, "kind": {"group"}}, {"prefix": {"room"}, "count": {"501"}, "kind": {"team"}}} {
		bad.Set("csrf", tok)
		if code, _, _ := s.browse(t, admin, "/admin/credentials", bad); code != http.StatusUnprocessableEntity {
			t.Errorf("credentials %v: %d, want 422", bad, code)
		}
	}
	form := url.Values{"csrf": {tok}, "prefix": {"room"}, "count": {"3"}, "kind": {"team"}, "display": {"Room"}}
	code, _, page := s.browse(t, admin, "/admin/credentials", form)
	if code != http.StatusOK {
		t.Fatalf("credentials: %d\n%s", code, page)
	}
	cards := regexp.MustCompile(`(?s)<article class="credential">\s*<h2>([^<]*)</h2>.*?<dd class="name">([^<]*)</dd>.*?<dd class="server">([^<]*)</dd>.*?<code class="token">([^<]*)</code>`).FindAllStringSubmatch(page, -1)
	if len(cards) != 3 {
		t.Fatalf("%d cards, want 3:\n%s", len(cards), page)
	}
	for i, c := range cards {
		wantName, wantDisplay := []string{"room01", "room02", "room03"}[i], []string{"Room 1", "Room 2", "Room 3"}[i]
		if c[1] != wantDisplay || c[2] != wantName || c[3] != s.srv.URL {
			t.Errorf("card %d: %q %q %q, want %q %q %q", i, c[1], c[2], c[3], wantDisplay, wantName, s.srv.URL)
		}
		if code, _, _ := s.call(t, "GET", "/api/v1/submissions", c[4], nil); code != http.StatusOK {
			t.Errorf("card %d's token: %d", i, code)
		}
	}
	resp, err := http.Get(s.srv.URL + "/static/style.css")
	if err != nil {
		t.Fatal(err)
	}
	if css := readAll(t, resp); !strings.Contains(css, "@media print") || !strings.Contains(css, ".noprint { display: none") {
		t.Error("the style sheet has no print rules")
	}
	if code, _, again := s.browse(t, admin, "/admin/credentials", form); code != http.StatusConflict || !strings.Contains(again, "room01 is taken") {
		t.Errorf("the same prefix again: %d", code)
	}
	if _, _, out := s.call(t, "GET", "/api/v1/users", s.admin, nil); len(out["users"].([]any)) != 5 {
		t.Errorf("users after a refused second batch: %v, want admin, ann and 3 rooms", out["users"])
	}
}

// TestSubmissionPageSourceAndButtons: a hostile source (markup, a NUL,
// invalid UTF-8, a very long line) shows on its owner's page as escaped
// text and downloads byte for byte; another user gets 404 for both; the
// admin's page has Rejudge and Cancel, which need the form's token and
// act as the API's do; the owner's has neither and is refused them.
func TestSubmissionPageSourceAndButtons(t *testing.T) {
	s := newStack(t, func(c *Config) { c.Slots = 0 })
	hostile := "int main(){}\n// </code></pre><script>alert(1)</script>\n\x00 \xff\xfe " + strings.Repeat("x", 20000) + "\n"
	sub, _, err := s.svc.st.Create(context.Background(), store.NewSubmission{User: "ann", Problem: "a-plus-b", PackageHash: "h", Language: "c", Filename: "evil.c", Source: hostile})
	if err != nil {
		t.Fatal(err)
	}
	ann, bob, admin := s.signIn(t, s.user), s.signIn(t, s.token(t, "bob", store.RoleUser)), s.signIn(t, s.admin)
	page := "/submissions/" + sub.ID
	code, _, body := s.browse(t, ann, page, nil)
	switch {
	case code != http.StatusOK:
		t.Fatalf("ann's page: %d", code)
	case !strings.Contains(body, `<code id="source-code" data-lang="c">int main(){}`):
		t.Error("ann's page lacks the source")
	case strings.Contains(body, "<script>alert") || !strings.Contains(body, "&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;"):
		t.Error("the source's markup is not escaped")
	case strings.ContainsRune(body, 0) || strings.Contains(body, "\xff") || !strings.Contains(body, "\uFFFD \uFFFD "+strings.Repeat("x", 20000)):
		t.Error("the NUL or the invalid bytes are not shown as U+FFFD")
	case strings.Contains(body, `id="rejudge"`) || strings.Contains(body, `id="cancel"`):
		t.Error("ann's page has the admin's buttons")
	}
	if code, _, got := s.browse(t, ann, page+"/source", nil); code != http.StatusOK || got != hostile {
		t.Errorf("ann's download: %d, %d bytes, want the %d sent", code, len(got), len(hostile))
	}
	for _, p := range []string{page, page + "/source"} {
		if code, _, got := s.browse(t, bob, p, nil); code != http.StatusNotFound || strings.Contains(got, "alert(1)") {
			t.Errorf("bob on %s: %d", p, code)
		}
	}
	if code, _, _ := s.browse(t, ann, page+"/cancel", url.Values{"csrf": {csrf(t, body)}}); code != http.StatusForbidden {
		t.Errorf("ann's cancel button: %d, want 403", code)
	}
	_, _, body = s.browse(t, admin, page, nil)
	if !strings.Contains(body, `id="rejudge"`) || !strings.Contains(body, `id="cancel"`) {
		t.Fatal("the admin's page lacks Rejudge or Cancel")
	}
	tok := csrf(t, body)
	if code, _, _ := s.browse(t, admin, page+"/cancel", url.Values{"csrf": {"00"}}); code != http.StatusForbidden {
		t.Errorf("cancel without the form's token: %d, want 403", code)
	}
	state := func() (string, string, float64) {
		_, _, out := s.call(t, "GET", "/api/v1/submissions/"+sub.ID, s.admin, nil)
		e, _ := out["error"].(string)
		return out["state"].(string), e, out["gen"].(float64)
	}
	if code, loc, _ := s.browse(t, admin, page+"/cancel", url.Values{"csrf": {tok}}); code != http.StatusSeeOther || loc != page {
		t.Fatalf("cancel: %d to %q", code, loc)
	}
	if st, e, _ := state(); st != "done" || e != store.CancelledError {
		t.Errorf("after cancel: %s %q", st, e)
	}
	if code, _, _ := s.browse(t, admin, page+"/cancel", url.Values{"csrf": {tok}}); code != http.StatusConflict {
		t.Errorf("cancel of a done submission: %d, want 409", code)
	}
	if code, loc, _ := s.browse(t, admin, page+"/rejudge", url.Values{"csrf": {tok}}); code != http.StatusSeeOther || loc != page {
		t.Fatalf("rejudge: %d to %q", code, loc)
	}
	if st, _, gen := state(); st != "queued" || gen != 2 {
		t.Errorf("after rejudge: %s, generation %v", st, gen)
	}
}
