package main

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// hostileSum is an accepted a-plus-b solution whose comment is markup
// that would close the source's box and run a script if it were not
// escaped.
const hostileSum = "#include <stdio.h>\n// </code></pre><script>alert(1)</script><img src=x onerror=alert(2)>\n" +
	"int main(void) { long a, b; if (scanf(\"%ld %ld\", &a, &b) != 2) return 1; printf(\"%ld\\n\", a + b); return 0; }\n"

// TestServeSessionsInBrowser drives a real `judge serve` with headless
// chromium: alice signs in (her cookie is HttpOnly and not her token),
// submits a source with markup in it and sees it on the submission page
// as text, coloured, with a Download link; she signs out, and the old
// cookie, put back into the browser, lands on the sign-in page. The
// admin makes printable credentials and the page prints as cards only.
// Screenshots go to $PUZZLEJUDGE_SCREENSHOTS.
func TestServeSessionsInBrowser(t *testing.T) {
	chromiumPath(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	srv := startServe(t, ctx)
	alice := srv.userToken(t, "alice")
	shots := screenshotDir(t)
	browser := newBrowser(t, ctx)
	dialogs := watchDialogs(t, browser)
	b := &browserRun{t: t, tab: browser, base: srv.url}
	b.signIn(alice)
	session := sessionCookie(t, b)
	if session.Value == alice || strings.Contains(alice, session.Value) || !session.HTTPOnly || session.SameSite != network.CookieSameSiteLax {
		t.Errorf("alice's session cookie %+v: want HttpOnly, SameSite=Lax and not her token", session)
	}
	if js := eval[string](b, "document.cookie"); strings.Contains(js, session.Value) {
		t.Error("the page's script can read the session cookie")
	}

	id, st := b.submit(chromedp.SendKeys(chromedp.ID("filename"), "hostile.c"), chromedp.Blur(chromedp.ID("filename")),
		chromedp.SetValue(chromedp.ID("source"), hostileSum))
	if st.Verdict != "AC" || st.Images != 0 || st.Scripts != 0 {
		t.Errorf("hostile.c: verdict %q, %d images and %d scripts (want AC, 0 and 0 besides the page's own)", st.Verdict, st.Images, st.Scripts)
	}
	type sourceBox struct {
		Text, Lang, Download string
		Keywords             []string
		Comment              string
		Wide                 bool
	}
	box := eval[sourceBox](b, `(function () {
	  var c = document.getElementById("source-code");
	  var com = c.querySelector(".tok-com");
	  return {Text: c.textContent, Lang: c.getAttribute("data-highlighted") || "",
	    Download: document.getElementById("download").getAttribute("href"),
	    Keywords: Array.prototype.map.call(c.querySelectorAll(".tok-kw"), function (e) { return e.textContent; }),
	    Comment: com ? com.textContent : "", Wide: document.documentElement.scrollWidth > window.innerWidth};
	})()`)
	if box.Text != hostileSum {
		t.Errorf("the source box shows %q, want the source as sent", box.Text)
	}
	kws := strings.Join(box.Keywords, " ")
	if box.Lang != "c" || !strings.HasPrefix(kws, "#include int void long if return") || !strings.HasPrefix(box.Comment, "// </code></pre><script>") {
		t.Errorf("the source is not coloured: language %q, keywords %q, comment %q", box.Lang, box.Keywords, box.Comment)
	}
	if box.Download != "/submissions/"+id+"/source" || box.Wide {
		t.Errorf("download link %q; page wider than the window: %v", box.Download, box.Wide)
	}
	screenshot(t, b.tab, shots, "submission-source")
	// The download, with the browser's session.
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.url+box.Download, nil)
	req.AddCookie(&http.Cookie{Name: session.Name, Value: session.Value})
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body := readBody(t, resp)
	// A form's textarea sends its lines ended with CRLF (as HTML says);
	// the page shows them as lines, the download has the bytes stored.
	if resp.StatusCode != http.StatusOK || body != strings.ReplaceAll(hostileSum, "\n", "\r\n") || resp.Header.Get("Content-Disposition") != "attachment; filename=hostile.c" {
		t.Errorf("download: %d %v %q", resp.StatusCode, resp.Header, body)
	}

	// Signing out ends the session: the old cookie, put back, is refused.
	b.signOut()
	if _, err := chromedp.Call(b.tab, network.SetCookie, network.SetCookieParams{Name: session.Name, Value: session.Value, URL: srv.url, HTTPOnly: &session.HTTPOnly}); err != nil {
		t.Fatal(err)
	}
	b.do("the old cookie", chromedp.Navigate(srv.url+"/submissions/"+id), chromedp.WaitVisible(chromedp.ID("token")))
	if got := eval[string](b, `location.pathname + " " + document.querySelector("p.notice").textContent`); got != "/signin Your session has ended; sign in again." {
		t.Errorf("the old cookie after sign-out: %q, want the sign-in page saying the session ended", got)
	}

	// The admin's printable credentials: cards only on paper.
	b.signIn(srv.admin)
	b.do("users page", chromedp.Navigate(srv.url+"/admin/users"), chromedp.WaitVisible(chromedp.ID("new-user")))
	screenshot(t, b.tab, shots, "admin-users")
	b.do("credentials", chromedp.Navigate(srv.url+"/admin/credentials"), chromedp.WaitVisible(chromedp.ID("make-credentials")),
		chromedp.SetValue(chromedp.ID("prefix"), "desk"), chromedp.SetValue(chromedp.ID("count"), "4"),
		chromedp.SetValue(chromedp.ID("display"), "Desk"), chromedp.Submit(chromedp.ID("prefix")),
		chromedp.WaitVisible(chromedp.ID("credentials")))
	// The print rules are in the stylesheet, which a loaded machine may
	// not have applied yet when the cards are visible: the load event
	// waits for it.
	if _, err := chromedp.Run(b.tab, chromedp.Poll[bool](`document.readyState === "complete"`, chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		t.Fatalf("the credentials page did not finish loading: %v", err)
	}
	if _, err := chromedp.Call(b.tab, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
		t.Fatal(err)
	}
	type printed struct {
		Cards   int
		Shown   []string
		Servers []string
	}
	p := eval[printed](b, `(function () {
	  var shown = [];
	  document.querySelectorAll("header, nav.sub, h1, p.notice").forEach(function (e) { if (e.offsetParent !== null) shown.push(e.tagName + " " + e.textContent.slice(0, 30)); });
	  return {Cards: document.querySelectorAll("article.credential").length, Shown: shown,
	    Servers: Array.prototype.map.call(document.querySelectorAll(".credential .server"), function (e) { return e.textContent; })};
	})()`)
	if p.Cards != 4 || len(p.Shown) != 0 || len(p.Servers) != 4 || p.Servers[0] != srv.url {
		t.Errorf("printed credentials: %d cards with servers %q, and %q still shown on paper", p.Cards, p.Servers, p.Shown)
	}
	screenshot(t, b.tab, shots, "credentials-print")
	if d := dialogs(); len(d) != 0 {
		t.Errorf("a script ran from a source: dialogs %q", d)
	}
}

// sessionCookie is the browser's session cookie for the server.
func sessionCookie(t *testing.T, b *browserRun) *network.Cookie {
	t.Helper()
	res, err := chromedp.Call(b.tab, network.GetCookies, network.GetCookiesParams{URLs: []string{b.base}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Cookies {
		if c.Name == "pj_session" {
			return c
		}
	}
	t.Fatal("no session cookie in the browser")
	return nil
}

// readBody reads and closes an answer's body.
func readBody(t *testing.T, resp *http.Response) string {
	t.Helper()
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
