package service

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/service/store"
	"github.com/puzzlejudge/judge/service/web"
)

// noRedirect is a client that shows redirects instead of following them.
var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// browse sends a page request with cookie (nil for none) and form (nil
// for a GET) and returns the status, the redirect's target and the body.
func (s *stack) browse(t testing.TB, cookie *http.Cookie, path string, form url.Values) (int, string, string) {
	t.Helper()
	method, body := "GET", io.Reader(nil)
	if form != nil {
		method, body = "POST", strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, s.srv.URL+path, body)
	if err != nil {
		t.Fatal(err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if cookie != nil {
		req.AddCookie(cookie)
	}
	resp, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Location"), string(b)
}

// signIn signs in with token through the form and returns the session's
// cookie, checking its attributes.
func (s *stack) signIn(t testing.TB, token string) *http.Cookie {
	t.Helper()
	req, _ := http.NewRequest("POST", s.srv.URL+"/signin", strings.NewReader(url.Values{"token": {token}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/problems" {
		t.Fatalf("sign in: %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	for _, c := range resp.Cookies() {
		if c.Name != web.SessionCookie {
			continue
		}
		if c.Value == "" || strings.Contains(c.Value, token) || strings.Contains(token, c.Value) {
			t.Fatalf("the session cookie %q holds the token", c.Value)
		}
		if !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != "/" || c.MaxAge <= 0 || c.MaxAge > 12*3600 {
			t.Errorf("session cookie %+v: want HttpOnly, SameSite=Lax, Path=/ and a Max-Age within 12 h", c)
		}
		return &http.Cookie{Name: c.Name, Value: c.Value}
	}
	t.Fatal("sign in set no session cookie")
	return nil
}

var csrfField = regexp.MustCompile(`name="csrf" value="([0-9a-f]+)"`)

// csrf reads a page's form token.
func csrf(t testing.TB, body string) string {
	t.Helper()
	m := csrfField.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no CSRF token on the page:\n%s", body)
	}
	return m[1]
}

// TestWebSessions: signing in makes a session whose cookie is not the
// token; an old cookie that holds a raw token is refused; signing out
// needs the form's token, ends the session, and a copy of the cookie
// then goes to the sign-in page; revoking the token or disabling the
// account ends the sessions opened with it at once.
func TestWebSessions(t *testing.T) {
	s := newStack(t, func(c *Config) { c.Slots = 0 })
	const signinAgain = "/signin?expired=1"
	if code, loc, _ := s.browse(t, &http.Cookie{Name: web.SessionCookie, Value: s.user}, "/problems", nil); code != http.StatusSeeOther || loc != signinAgain {
		t.Errorf("an old cookie holding a token: %d to %q, want the sign-in page", code, loc)
	}
	if code, _, body := s.browse(t, nil, "/signin", url.Values{"token": {"pj_nonsense"}}); code != http.StatusUnauthorized || !strings.Contains(body, "That token is not valid.") {
		t.Errorf("a wrong token: %d", code)
	}
	c := s.signIn(t, s.user)
	code, _, body := s.browse(t, c, "/problems", nil)
	if code != http.StatusOK || !strings.Contains(body, "Sign out ann") {
		t.Fatalf("problems after sign-in: %d", code)
	}
	if code, _, _ := s.browse(t, c, "/signout", url.Values{"csrf": {"00"}}); code != http.StatusForbidden {
		t.Errorf("sign-out with a wrong form token: %d, want 403", code)
	}
	if code, _, _ := s.browse(t, c, "/problems", nil); code != http.StatusOK {
		t.Errorf("the session after a refused sign-out: %d", code)
	}
	if code, loc, _ := s.browse(t, c, "/signout", url.Values{"csrf": {csrf(t, body)}}); code != http.StatusSeeOther || loc != "/signin" {
		t.Errorf("sign out: %d to %q", code, loc)
	}
	if code, loc, _ := s.browse(t, c, "/problems", nil); code != http.StatusSeeOther || loc != signinAgain {
		t.Errorf("the old cookie after sign-out: %d to %q, want the sign-in page", code, loc)
	}

	// Revoking the token ends its sessions; so does disabling the account.
	ctx := context.Background()
	tok, plain, err := s.svc.st.CreateToken(ctx, newTokenFor("bob"))
	if err != nil {
		t.Fatal(err)
	}
	c = s.signIn(t, plain)
	if code, _, _ := s.call(t, "DELETE", "/api/v1/tokens/"+tok.ID, s.admin, nil); code != http.StatusNoContent {
		t.Fatalf("revoke: %d", code)
	}
	if code, loc, _ := s.browse(t, c, "/problems", nil); code != http.StatusSeeOther || loc != signinAgain {
		t.Errorf("a session of a revoked token: %d to %q", code, loc)
	}
	c = s.signIn(t, s.user)
	if code, _, out := s.call(t, "PATCH", "/api/v1/users/ann", s.admin, map[string]any{"disabled": true}); code != http.StatusOK {
		t.Fatalf("disable ann: %d %v", code, out)
	}
	if code, loc, _ := s.browse(t, c, "/problems", nil); code != http.StatusSeeOther || loc != signinAgain {
		t.Errorf("a session of a disabled account: %d to %q", code, loc)
	}
	if code, _, body := s.browse(t, nil, "/signin", url.Values{"token": {s.user}}); code != http.StatusForbidden || !strings.Contains(body, "disabled") {
		t.Errorf("a disabled account signing in: %d", code)
	}
}

// TestWebSessionExpiry: a session ends at its lifetime however much it is
// used.
func TestWebSessionExpiry(t *testing.T) {
	const life = 2 * time.Second
	s := newStack(t, func(c *Config) { c.Slots = 0; c.Sessions.Lifetime = life })
	start := time.Now()
	c := s.signIn(t, s.user)
	if code, _, _ := s.browse(t, c, "/problems", nil); code != http.StatusOK {
		t.Fatalf("a new session: %d", code)
	}
	// Waiting for the clock itself: the session's end is the subject.
	time.Sleep(time.Until(start.Add(life + 100*time.Millisecond)))
	if code, loc, _ := s.browse(t, c, "/problems", nil); code != http.StatusSeeOther || loc != "/signin?expired=1" {
		t.Errorf("a session past its lifetime: %d to %q", code, loc)
	}
}

// newTokenFor is a user token for name, made straight in the store.
func newTokenFor(name string) store.NewToken {
	return store.NewToken{User: name, Role: store.RoleUser, Name: "test"}
}
