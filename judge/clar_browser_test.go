package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// apiJSON sends a JSON request to a serve's API as token and decodes the
// answer; it fails the test unless the status is want.
func apiJSON(t *testing.T, base, token, method, path string, body any, want int) map[string]any {
	t.Helper()
	var rd *bytes.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	} else {
		rd = bytes.NewReader(nil)
	}
	req, _ := http.NewRequest(method, base+path, rd)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&out)
	if resp.StatusCode != want {
		t.Fatalf("%s %s: %d %v, want %d", method, path, resp.StatusCode, out, want)
	}
	return out
}

// poll waits until js is true in the tab, or fails the test saying what.
func (b *browserRun) poll(what, js string) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.tab, time.Minute)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
}

// TestClarificationsInBrowser drives the clarifications page of a real
// `judge serve` in headless chromium: a contestant asks through the form
// (her question, markup and all, shown as text), the jury's answer
// appears on her open page without a reload, an announcement lights the
// badge on another page, and a reload shows both; the admin sees the
// unanswered question first, gets a new one live with its answer form,
// and answers to everyone through the form, which another user then
// sees while never seeing the private answer. Screenshots go to
// $PUZZLEJUDGE_SCREENSHOTS.
func TestClarificationsInBrowser(t *testing.T) {
	chromiumPath(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	srv := startServe(t, ctx)
	alice, bob := srv.userToken(t, "alice"), srv.userToken(t, "bob")
	shots := screenshotDir(t)
	browser := newBrowser(t, ctx)
	dialogs := watchDialogs(t, browser)
	b := &browserRun{t: t, tab: browser, base: srv.url}

	// alice asks about a-plus-b through the form.
	b.signIn(alice)
	b.do("open the clarifications", chromedp.Navigate(srv.url+"/clarifications"), chromedp.WaitVisible(chromedp.ID("ask-form")))
	if none := eval[bool](b, `document.getElementById("clar-none") !== null`); !none {
		t.Error("a new server's clarifications page does not say there are none")
	}
	const evil = `May a be negative? <img src=x onerror=alert(1)><script>alert(2)</script>`
	b.do("ask", chromedp.SetValue(chromedp.ID("ask-problem"), "a-plus-b"), chromedp.SetValue(chromedp.ID("ask-text"), evil),
		chromedp.Click(chromedp.CSS("#ask-form button")), chromedp.WaitVisible(chromedp.CSS("article.clar")))
	got := eval[[]string](b, `(function () {
	  var a = document.querySelector("article.clar");
	  return [a.getAttribute("data-id"), a.querySelector("pre.question").textContent, a.querySelector(".about").textContent,
	    String(document.querySelectorAll("main img, main script").length), a.querySelector(".answer").textContent];
	})()`)
	id := got[0]
	if got[1] != evil || got[2] != "a-plus-b" || got[3] != "0" || got[4] != "Not answered yet." {
		t.Errorf("alice's question shows as %q, want her text as text about a-plus-b, not answered", got)
	}

	// The jury answers her alone: the answer shows on her open page.
	if _, err := chromedp.Run(b.tab, chromedp.Evaluate[bool](`window.__notReloaded = true`)); err != nil {
		t.Fatal(err)
	}
	apiJSON(t, srv.url, srv.admin, "POST", "/api/v1/clarifications/"+id+"/answer", map[string]any{"text": "Yes: down to <b>-10^9</b>."}, 200)
	b.poll("the answer on the open page", `(function () {
	  var p = document.querySelector("#clar-`+id+` pre.answer");
	  return p !== null && p.textContent === "Yes: down to <b>-10^9</b>.";
	})()`)
	if !eval[bool](b, `window.__notReloaded === true && document.querySelector("#clar-`+id+` .kind").textContent === "Answered"`) {
		t.Error("the page reloaded, or does not mark the question answered")
	}

	// An announcement while alice reads the problems: the header's badge.
	b.do("open the problems", chromedp.Navigate(srv.url+"/problems"), chromedp.WaitVisible(chromedp.CSS("nav")))
	if shown := eval[bool](b, `!document.getElementById("clar-badge").hidden`); shown {
		t.Error("the badge shows on the problems page though alice saw the answer on hers")
	}
	apiJSON(t, srv.url, srv.admin, "POST", "/api/v1/announcements", map[string]any{"text": "The contest is extended by 10 minutes."}, 201)
	b.poll("the badge", `(function () {
	  var e = document.getElementById("clar-badge");
	  return !e.hidden && e.textContent === "1 new clarification";
	})()`)
	screenshot(t, b.tab, shots, "clarification-badge")
	b.do("follow the badge", chromedp.Click(chromedp.ID("clar-badge")), chromedp.WaitVisible(chromedp.ID("ask-form")))
	texts := eval[string](b, `document.getElementById("clar-list").textContent`)
	if !strings.Contains(texts, "The contest is extended by 10 minutes.") || !strings.Contains(texts, "Yes: down to <b>-10^9</b>.") {
		t.Errorf("the reloaded page lacks the announcement or the answer: %q", texts)
	}
	screenshot(t, b.tab, shots, "clarifications")

	// The admin: alice's next question waits first, a new one arrives
	// live with its answer form, answered to everyone through it.
	b.signOut()
	b.signIn(srv.admin)
	q2 := apiJSON(t, srv.url, alice, "POST", "/api/v1/clarifications", map[string]any{"text": "Is C++20 there?"}, 201)
	b.do("open the clarifications as admin", chromedp.Navigate(srv.url+"/clarifications"), chromedp.WaitVisible(chromedp.ID("announce-form")))
	if first := eval[string](b, `document.querySelector("article.clar").id`); first != "clar-"+jsonID(q2) {
		t.Errorf("the admin's first clarification is %s, want the unanswered clar-%s", first, jsonID(q2))
	}
	q3 := apiJSON(t, srv.url, bob, "POST", "/api/v1/clarifications", map[string]any{"text": "Can I print debug output to stderr?"}, 201)
	q3sel := "#clar-" + jsonID(q3)
	b.poll("a new question with its answer form", `document.querySelector("`+q3sel+` form.answer-form textarea") !== null &&
	  document.querySelector("`+q3sel+` form.answer-form").getAttribute("action") === "/clarifications/`+jsonID(q3)+`/answer"`)
	// The page the server renders after the form: its articles are not
	// marked fresh, as those the stream brought are.
	b.do("answer to everyone", chromedp.SetValue(chromedp.CSS(q3sel+" textarea"), "Yes, stderr is ignored."),
		chromedp.Click(chromedp.CSS(q3sel+" input[name=to_all]")), chromedp.Click(chromedp.CSS(q3sel+" button")),
		chromedp.WaitVisible(chromedp.CSS("article"+q3sel+".answer:not(.fresh)")))
	if meta := eval[string](b, `document.querySelector("`+q3sel+` .meta").textContent`); !strings.Contains(meta, "to everyone") || !strings.Contains(meta, "from bob") {
		t.Errorf("after the answer to everyone the admin sees %q", meta)
	}
	screenshot(t, b.tab, shots, "clarifications-admin")

	// alice sees the answer to bob's question, without his name; bob never
	// sees alice's private answer.
	for _, c := range []struct {
		who, token string
		want, not  []string
	}{
		{"alice", alice, []string{"Yes, stderr is ignored.", "Yes: down to", "extended"}, []string{"bob"}},
		{"bob", bob, []string{"Yes, stderr is ignored.", "extended"}, []string{"down to", "negative", "alice", "C++20"}},
	} {
		out := apiJSON(t, srv.url, c.token, "GET", "/api/v1/clarifications", nil, 200)
		data, _ := json.Marshal(out)
		for _, w := range c.want {
			if !bytes.Contains(data, []byte(w)) {
				t.Errorf("%s's clarifications lack %q: %s", c.who, w, data)
			}
		}
		for _, n := range c.not {
			if bytes.Contains(data, []byte(n)) {
				t.Errorf("%s's clarifications hold %q: %s", c.who, n, data)
			}
		}
	}
	if d := dialogs(); len(d) > 0 {
		t.Errorf("the pages opened dialogs %q: a question ran as script", d)
	}
}

// jsonID is a decoded clarification's id as written in the page.
func jsonID(v map[string]any) string {
	b, _ := json.Marshal(v["id"])
	return string(b)
}
