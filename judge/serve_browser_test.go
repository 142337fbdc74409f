package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// watchScript runs in the page before its own script: it notes the
// submission's state when the page loaded and, at every change of the
// page, how many test rows have a verdict and what the verdict shows, so
// the test can see rows fill in before the verdict.
const watchScript = `document.addEventListener("DOMContentLoaded", function () {
  var sub = document.getElementById("submission");
  if (!sub) return;
  window.__pj = {initial: sub.getAttribute("data-state"), log: []};
  var v = document.getElementById("verdict");
  new MutationObserver(function () {
    var filled = 0;
    document.querySelectorAll("#tests tbody td.v").forEach(function (td) {
      if (td.textContent !== "…" && td.textContent !== "") filled++;
    });
    window.__pj.log.push({filled: filled, verdict: v.textContent});
  }).observe(sub, {subtree: true, childList: true, characterData: true, attributes: true});
});`

// pageState is what the test reads from a submission page.
type pageState struct {
	State         string    `json:"state"`
	Verdict       string    `json:"verdict"`
	VerdictLong   string    `json:"verdictLong"`
	Summary       string    `json:"summary"`
	Rows          []rowText `json:"rows"`
	Compile       string    `json:"compile"`
	CompileOutput string    `json:"compileOutput"`
	CompileShown  bool      `json:"compileShown"`
	Facts         string    `json:"facts"`
	Scripts       int       `json:"scripts"` // besides the page's own (/static/)
	Images        int       `json:"images"`
	Live          *struct {
		Initial string `json:"initial"`
		Log     []struct {
			Filled  int    `json:"filled"`
			Verdict string `json:"verdict"`
		} `json:"log"`
	} `json:"live"`
}

type rowText struct {
	Name    string `json:"name"`
	Verdict string `json:"verdict"`
	Time    string `json:"time"`
	Memory  string `json:"memory"`
	Message string `json:"message"`
	Diff    string `json:"diff"`
}

const readPage = `(function () {
  var rows = [];
  document.querySelectorAll("#tests tbody tr").forEach(function (r) {
    var d = r.querySelector("pre.diff");
    rows.push({name: r.cells[0].textContent, verdict: r.cells[1].textContent, time: r.cells[2].textContent,
      memory: r.cells[3].textContent, message: r.cells[4].textContent, diff: d ? d.textContent : ""});
  });
  var co = document.getElementById("compile-output");
  return {state: document.getElementById("submission").getAttribute("data-state"),
    verdict: document.getElementById("verdict").textContent.trim(), rows: rows,
    verdictLong: document.getElementById("verdict-long").textContent, summary: document.getElementById("summary").textContent,
    compile: document.getElementById("compile").textContent, compileOutput: co.textContent, compileShown: !co.hidden,
    facts: document.querySelector("dl.facts").textContent, scripts: document.querySelectorAll('script:not([src^="/static/"])').length,
    images: document.querySelectorAll("img").length, live: window.__pj || null};
})()`

// browserRun is one signed-in tab against a serve.
type browserRun struct {
	t    *testing.T
	tab  context.Context
	base string
}

func (b *browserRun) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.tab, 2*time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
}

func eval[T any](b *browserRun, js string) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.tab, time.Minute)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		b.t.Fatalf("evaluate %.40q: %v", js, err)
	}
	return v
}

// signIn signs in with a token through the sign-in form.
func (b *browserRun) signIn(token string) {
	b.t.Helper()
	b.do("sign in",
		chromedp.Navigate(b.base+"/"),
		chromedp.WaitVisible(chromedp.ID("token")),
		chromedp.SendKeys(chromedp.ID("token"), token),
		chromedp.Submit(chromedp.ID("token")),
		chromedp.WaitVisible(chromedp.CSS("nav")),
	)
	if loc := eval[string](b, "location.pathname"); loc != "/problems" {
		b.t.Fatalf("after signing in the page is %s, want /problems", loc)
	}
}

func (b *browserRun) signOut() {
	b.t.Helper()
	b.do("sign out", chromedp.Click(chromedp.CSS("nav form button")), chromedp.WaitVisible(chromedp.ID("token")))
}

// submit fills the statement's form with fill, submits it and waits for
// the submission page to show the verdict; it returns the submission's id
// and the page as it ended.
func (b *browserRun) submit(fill ...chromedp.Action[chromedp.Void]) (string, pageState) {
	b.t.Helper()
	b.do("open the statement", chromedp.Navigate(b.base+"/problems/a-plus-b"), chromedp.WaitVisible(chromedp.ID("submit-form")))
	b.do("fill the form", fill...)
	b.do("submit", chromedp.Click(chromedp.ID("submit-button")), chromedp.WaitVisible(chromedp.ID("submission")))
	ctx, cancel := context.WithTimeout(b.tab, 3*time.Minute)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("submission").getAttribute("data-state") === "done" &&
		document.getElementById("verdict").textContent.trim() !== "…"`, chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		b.t.Fatalf("the verdict did not show: %v", err)
	}
	id := strings.TrimPrefix(eval[string](b, "location.pathname"), "/submissions/")
	return id, eval[pageState](b, readPage)
}

// language is the submit form's language as picked so far.
func (b *browserRun) language() string {
	b.t.Helper()
	return eval[string](b, `document.getElementById("language").value`)
}

// phoneWidth is the phone's screen width in CSS pixels.
const phoneWidth = 390

// noHorizontalScroll reports whether the page fits a phone's width: no
// content wider than the screen (and so no zooming out to show it), and no
// table that hides columns in a sideways scroll.
func (b *browserRun) noHorizontalScroll() (bool, string) {
	b.t.Helper()
	w := eval[[]int](b, `[document.documentElement.scrollWidth, window.innerWidth,
	  Array.prototype.filter.call(document.querySelectorAll(".scroll"), function (e) { return e.scrollWidth > e.clientWidth; }).length]`)
	return w[0] <= phoneWidth && w[1] <= phoneWidth && w[2] == 0,
		fmt.Sprintf("page %d px wide, shown %d px wide on a %d px screen, %d tables scrolling sideways", w[0], w[1], phoneWidth, w[2])
}

// TestServeInBrowser drives the web page of a real `judge serve` with
// headless chromium: signing in with the admin and a user token, the
// problem list and a statement with its samples, submitting the bundled
// accepted and wrong a-plus-b solutions through the form (the language
// picked from the file name), rows filling in live before the verdict,
// the WA diff, a compile error, a file name naming no language and the
// language then chosen by hand, escaping, the pages without JavaScript
// (and the same text as the events filled in), a phone-sized screen and
// the admin view. Screenshots go to
// $PUZZLEJUDGE_SCREENSHOTS.
func TestServeInBrowser(t *testing.T) {
	chromiumPath(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	srv := startServe(t, ctx)
	alice := srv.userToken(t, "alice")
	shots := screenshotDir(t)
	browser := newBrowser(t, ctx)
	if _, err := chromedp.Call(browser, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: watchScript}); err != nil {
		t.Fatal(err)
	}
	dialogs := watchDialogs(t, browser)
	b := &browserRun{t: t, tab: browser, base: srv.url}
	abs := func(rel string) string {
		p, err := filepath.Abs(filepath.Join("..", rel))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}

	// A wrong token is refused on the sign-in page; the admin signs in and
	// out; then alice.
	b.do("sign in with a wrong token", chromedp.Navigate(srv.url+"/signin"), chromedp.WaitVisible(chromedp.ID("token")),
		chromedp.SendKeys(chromedp.ID("token"), "pj_wrong_token"), chromedp.Submit(chromedp.ID("token")),
		chromedp.WaitVisible(chromedp.CSS("p.notice")))
	if msg := eval[string](b, `document.querySelector("p.notice").textContent + " " + location.pathname`); msg != "That token is not valid. /signin" {
		t.Errorf("a wrong token: %q, want the sign-in page saying the token is not valid", msg)
	}
	b.signIn(srv.admin)
	if nav := eval[string](b, `document.querySelector("nav").textContent`); !strings.Contains(nav, "Admin") || !strings.Contains(nav, "admin") {
		t.Errorf("the admin's navigation %q lacks the admin view or the user", nav)
	}
	b.signOut()
	b.signIn(alice)
	if nav := eval[string](b, `document.querySelector("nav").textContent`); strings.Contains(nav, "Admin") || !strings.Contains(nav, "alice") {
		t.Errorf("alice's navigation %q: want her name and no admin view", nav)
	}

	// The problem list and the statement with its samples.
	tests := eval[string](b, `(function () {
	  var a = document.querySelector('a[href="/problems/a-plus-b"]');
	  return a ? a.closest("tr").cells[3].textContent : "";
	})()`)
	if tests != "16" {
		t.Fatalf("the problem list's a-plus-b row shows %q tests, want 16", tests)
	}
	b.do("open the statement", chromedp.Click(chromedp.CSS(`a[href="/problems/a-plus-b"]`)), chromedp.WaitVisible(chromedp.CSS("article.statement")))
	// The samples: the statement's own section, or the page's from the
	// sample tests.
	pres := eval[[]string](b, `Array.prototype.map.call(document.querySelectorAll("main pre"), function (p) { return p.textContent.trim(); })`)
	in, _ := os.ReadFile(filepath.Join("..", "problems", "a-plus-b", "tests", "sample-1.in"))
	out, _ := os.ReadFile(filepath.Join("..", "problems", "a-plus-b", "tests", "sample-1.out"))
	if !slices.Contains(pres, strings.TrimSpace(string(in))) || !slices.Contains(pres, strings.TrimSpace(string(out))) {
		t.Errorf("the statement's samples: %q, want %q and %q among them", pres, in, out)
	}
	if n := eval[int](b, `document.querySelectorAll("main h1").length`); n != 1 {
		t.Errorf("the statement page has %d titles, want 1", n)
	}
	if h := eval[string](b, `document.querySelector("article.statement h1, article.statement h2").textContent`); h == "" {
		t.Error("the statement's Markdown shows no heading")
	}
	screenshot(t, b.tab, shots, "statement")

	// The accepted solution, uploaded: the language comes from its name.
	acID, ac := b.submit(chromedp.SetUploadFiles(chromedp.ID("file"), []string{abs("solutions/a-plus-b/accepted/sum.c")}),
		chromedp.Func(func(context.Context, *chromedp.Target) error {
			if l := b.language(); l != "c" {
				return fmt.Errorf("language picked for sum.c: %q, want c", l)
			}
			return nil
		}))
	if ac.Verdict != "AC" || len(ac.Rows) != 16 {
		t.Errorf("sum.c: verdict %q with %d rows, want AC with 16", ac.Verdict, len(ac.Rows))
	}
	for _, r := range ac.Rows {
		if r.Verdict != "AC" {
			t.Errorf("sum.c: test %s shows %q, want AC", r.Name, r.Verdict)
		}
	}
	if !strings.Contains(ac.Facts, "sum.c") || !strings.Contains(ac.Facts, "time 1000 ms") {
		t.Errorf("sum.c's facts %q lack the file name or the limits", ac.Facts)
	}
	screenshot(t, b.tab, shots, "submission-ac")

	// The wrong one: WA on a secret test, where judging stops (lazy
	// judging); the tests after it show as not run. alice sees the test's
	// verdict and nothing of its data: no message, no diff, not its
	// answer anywhere on the page (the admin's view of it is below).
	waID, wa := b.submit(chromedp.SetUploadFiles(chromedp.ID("file"), []string{abs("solutions/a-plus-b/wrong_answer/int32.c")}))
	if wa.Verdict != "WA" || len(wa.Rows) != 16 {
		t.Errorf("int32.c: verdict %q with %d rows, want WA with 16", wa.Verdict, len(wa.Rows))
	}
	waTest, waJudged := "", 0
	for _, r := range wa.Rows {
		switch {
		case waTest != "":
			if r.Verdict != "not run" || r.Time != "" || r.Message != "" {
				t.Errorf("int32.c: test %s after the failure shows %+v, want not run", r.Name, r)
			}
		case r.Verdict == "WA":
			waTest = r.Name
			if r.Message != "" || r.Diff != "" {
				t.Errorf("int32.c: alice sees the message %q and the diff %q of secret test %s", r.Message, r.Diff, r.Name)
			}
		}
		if r.Verdict == "AC" || r.Verdict == "WA" {
			waJudged++
		}
	}
	if waTest == "" || strings.HasPrefix(waTest, "sample") {
		t.Fatalf("int32.c: no WA on a secret test: %+v", wa.Rows)
	}
	waAnswer, err := os.ReadFile(filepath.Join("..", "problems", "a-plus-b", "tests", waTest+".out"))
	if err != nil {
		t.Fatal(err)
	}
	if text := eval[string](b, `document.querySelector("main").textContent`); strings.Contains(text, strings.TrimSpace(string(waAnswer))) {
		t.Errorf("int32.c: alice's page shows test %s's answer %s", waTest, waAnswer)
	}
	// As the CLI writes them: "WA (Wrong Answer) on test 3", "5/6 passed   max time 8 ms   max memory 596 KiB".
	if !strings.HasPrefix(wa.VerdictLong, " (Wrong Answer) on test ") || !regexp.MustCompile(`^\d+/\d+ passed   max time \d+ ms   max memory \d+ KiB$`).MatchString(wa.Summary) {
		t.Errorf("int32.c: verdict %q%q and summary %q, not as the CLI writes them", wa.Verdict, wa.VerdictLong, wa.Summary)
	}
	screenshot(t, b.tab, shots, "submission-wa")

	// Pasted source that sleeps half a second a test: its rows fill in
	// live, before the verdict shows.
	slowID, slow := b.submit(chromedp.SendKeys(chromedp.ID("filename"), "slow.c"), chromedp.Blur(chromedp.ID("filename")),
		chromedp.SetValue(chromedp.ID("source"), slowSum))
	switch {
	case slow.Verdict != "AC" || len(slow.Rows) != 16:
		t.Errorf("slow.c: verdict %q with %d rows, want AC with 16", slow.Verdict, len(slow.Rows))
	case slow.Live == nil:
		t.Error("slow.c: the page's watcher did not run")
	case slow.Live.Initial == "done":
		t.Error("slow.c was done before its page loaded: nothing was seen live")
	default:
		early, last := 0, 0
		for _, l := range slow.Live.Log {
			if l.Verdict == "…" && l.Filled > early {
				early = l.Filled
			}
			last = l.Filled
		}
		if early == 0 || last != 16 {
			t.Errorf("slow.c: %d rows filled before the verdict and %d at the end, want some and 16 (log %+v)", early, last, slow.Live.Log)
		}
	}

	// Untrusted text shows as text: a file name and a compile error that
	// are HTML.
	const evilName = `<img src=x onerror=alert(1)>.c`
	ceID, ce := b.submit(chromedp.SendKeys(chromedp.ID("filename"), evilName), chromedp.Blur(chromedp.ID("filename")),
		chromedp.Func(func(context.Context, *chromedp.Target) error {
			if l := b.language(); l != "c" {
				return fmt.Errorf("language picked for %s: %q, want c", evilName, l)
			}
			return nil
		}),
		chromedp.SetValue(chromedp.ID("source"), "int main(void) { <script>alert(2)</script> }\n"))
	if ce.Verdict != "CE" || !ce.CompileShown || !strings.Contains(ce.CompileOutput, "<script>alert(2)</script>") || !strings.HasPrefix(ce.Compile, "CE") {
		t.Errorf("the compile error: verdict %q, compile %q, output shown %v: %q", ce.Verdict, ce.Compile, ce.CompileShown, ce.CompileOutput)
	}
	if len(ce.Rows) != 0 || eval[bool](b, `document.getElementById("tests").offsetParent !== null`) {
		t.Errorf("the compile error shows a table of %d tests, want none", len(ce.Rows))
	}
	if !strings.Contains(ce.Facts, evilName) || ce.Images != 0 || ce.Scripts != 0 {
		t.Errorf("escaping: facts %q, %d images and %d scripts besides the page's own in the page, want the name as text, 0 and 0", ce.Facts, ce.Images, ce.Scripts)
	}
	screenshot(t, b.tab, shots, "submission-ce")

	// A file name that names no language: the form says so; the language
	// can then be chosen by hand.
	b.do("submit notes.txt", chromedp.Navigate(srv.url+"/problems/a-plus-b"), chromedp.WaitVisible(chromedp.ID("submit-form")),
		chromedp.SendKeys(chromedp.ID("filename"), "notes.txt"), chromedp.Blur(chromedp.ID("filename")),
		chromedp.SetValue(chromedp.ID("source"), "int main(void) { return 0; }\n"),
		chromedp.Click(chromedp.ID("submit-button")), chromedp.WaitVisible(chromedp.CSS("p.notice.bad")))
	if msg := eval[string](b, `document.querySelector("p.notice.bad").textContent`); !strings.Contains(msg, "notes.txt") {
		t.Errorf("submitting notes.txt says %q, want the file name named", msg)
	}
	sumC, err := os.ReadFile(abs("solutions/a-plus-b/accepted/sum.c"))
	if err != nil {
		t.Fatal(err)
	}
	_, byHand := b.submit(chromedp.SendKeys(chromedp.ID("filename"), "notes.txt"), chromedp.Blur(chromedp.ID("filename")),
		chromedp.SetValue(chromedp.ID("language"), "c"), chromedp.SetValue(chromedp.ID("source"), string(sumC)))
	if byHand.Verdict != "AC" || !strings.Contains(byHand.Facts, "c notes.txt") {
		t.Errorf("notes.txt in C: verdict %q, facts %q; want AC in c", byHand.Verdict, byHand.Facts)
	}

	// alice's submissions, newest first.
	b.do("open the submissions", chromedp.Navigate(srv.url+"/submissions"), chromedp.WaitVisible(chromedp.CSS("table.list")))
	if got := eval[[]string](b, `Array.prototype.map.call(document.querySelectorAll("table.list tbody tr td:nth-child(6)"), function (td) { return td.textContent; })`); strings.Join(got, " ") != "AC CE AC WA AC" {
		t.Errorf("alice's submissions show the verdicts %q, want AC CE AC WA AC", got)
	}

	// Reading without JavaScript: the server renders the verdict, the rows
	// and the diff.
	nojs := &browserRun{t: t, tab: newTab(t, browser), base: srv.url}
	if _, err := chromedp.Call(nojs.tab, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		id, verdict string
		diff        bool
		live        *pageState // the page as its events left it
	}{{acID, "AC", false, nil}, {waID, "WA", false, &wa}, {slowID, "AC", false, &slow}, {ceID, "CE", false, &ce}} {
		nojs.do("open without JavaScript", chromedp.Navigate(srv.url+"/submissions/"+c.id), chromedp.WaitReady(chromedp.ID("verdict")))
		if js := eval[bool](nojs, `window.__pj !== undefined`); js {
			t.Error("scripts ran in the tab without JavaScript")
		}
		st := eval[pageState](nojs, readPage)
		judged, diff := 0, false
		for _, r := range st.Rows {
			if r.Verdict == "AC" || r.Verdict == "WA" {
				judged++
			}
			diff = diff || r.Diff != ""
		}
		want := 16
		switch c.verdict {
		case "CE":
			want = 0
		case "WA":
			want = waJudged
		}
		if st.Verdict != c.verdict || judged != want || diff != c.diff {
			t.Errorf("without JavaScript %s shows %q, %d judged rows, a diff %v; want %s, %d, %v", c.id, st.Verdict, judged, diff, c.verdict, want, c.diff)
		}
		// What the events filled in reads as what the server renders.
		if c.live != nil {
			live := *c.live
			live.Live, live.Scripts, st.Live, st.Scripts = nil, 0, nil, 0
			if !reflect.DeepEqual(live, st) {
				t.Errorf("%s filled in live differs from its page rendered without JavaScript:\nlive:     %+v\nrendered: %+v", c.id, live, st)
			}
		}
	}

	// An event stream the server refuses (as when the session has ended,
	// made here by answering the tab's stream requests 401): the page says
	// live updates stopped instead of waiting forever.
	refused := &browserRun{t: t, tab: newTab(t, browser), base: srv.url}
	paused := chromedp.Events(refused.tab, fetch.RequestPaused)
	go func() {
		for ev, err := range paused {
			if err != nil {
				return
			}
			_, _ = chromedp.Call(refused.tab, fetch.FulfillRequest, fetch.FulfillRequestParams{RequestID: ev.RequestID, ResponseCode: 401,
				ResponseHeaders: []*fetch.HeaderEntry{{Name: "Content-Type", Value: "text/plain"}}, Body: []byte("sign in again\n")})
		}
	}()
	if _, err := chromedp.Call(refused.tab, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*/events"}}}); err != nil {
		t.Fatal(err)
	}
	refused.do("submit with the stream refused", chromedp.Navigate(srv.url+"/problems/a-plus-b"), chromedp.WaitVisible(chromedp.ID("submit-form")),
		chromedp.SendKeys(chromedp.ID("filename"), "slow.c"), chromedp.Blur(chromedp.ID("filename")),
		chromedp.SetValue(chromedp.ID("source"), slowSum),
		chromedp.Click(chromedp.ID("submit-button")), chromedp.WaitVisible(chromedp.ID("live-stopped")))
	if st := eval[string](refused, `document.getElementById("submission").getAttribute("data-state")`); st == "done" {
		t.Errorf("with its stream refused the page shows the submission %s", st)
	}

	// A phone: nothing wider than the screen.
	phone := &browserRun{t: t, tab: newTab(t, browser), base: srv.url}
	phone.do("emulate a phone", chromedp.EmulateViewport(phoneWidth, 844, chromedp.EmulateMobile, chromedp.EmulateScale(3)))
	for _, p := range []string{"/problems", "/problems/a-plus-b", "/submissions", "/submissions/" + acID, "/submissions/" + waID} {
		phone.do("open "+p+" on a phone", chromedp.Navigate(srv.url+p), chromedp.WaitReady(chromedp.CSS("main")))
		if ok, what := phone.noHorizontalScroll(); !ok {
			t.Errorf("on a phone %s scrolls sideways: %s", p, what)
		}
	}
	screenshot(t, phone.tab, shots, "phone-submission-wa")

	// The admin view: the worker and the submissions.
	b.signOut()
	b.signIn(srv.admin)
	b.do("open the admin view", chromedp.Navigate(srv.url+"/admin"), chromedp.WaitVisible(chromedp.CSS("main h1")))
	admin := eval[string](b, `document.querySelector("main").textContent`)
	if strings.Contains(admin, "No worker is connected.") || !strings.Contains(admin, "alice") || !strings.Contains(admin, "ready") {
		t.Errorf("the admin view lacks the worker, alice's submissions or the service's state:\n%s", admin)
	}
	if n := eval[int](b, `Array.prototype.filter.call(document.querySelectorAll(".scroll"), function (e) { return e.scrollWidth > e.clientWidth; }).length`); n != 0 {
		t.Errorf("the admin view hides %d tables' columns in a sideways scroll on a 1280 px window", n)
	}
	screenshot(t, b.tab, shots, "admin")

	// The admin sees alice's failing secret test whole: its message and
	// the diff with its answer.
	b.do("open alice's WA as the admin", chromedp.Navigate(srv.url+"/submissions/"+waID), chromedp.WaitReady(chromedp.ID("verdict")))
	seen := false
	for _, r := range eval[pageState](b, readPage).Rows {
		if r.Name != waTest {
			continue
		}
		seen = true
		if r.Message == "" || !strings.Contains(r.Diff, "- 1 | "+strings.TrimSpace(string(waAnswer))) {
			t.Errorf("the admin's view of test %s: message %q, diff %q; want both, the diff with the answer %s", r.Name, r.Message, r.Diff, waAnswer)
		}
	}
	if !seen {
		t.Errorf("the admin's view of %s has no row for test %s", waID, waTest)
	}
	phone.do("open the admin view on a phone", chromedp.Navigate(srv.url+"/admin"), chromedp.WaitReady(chromedp.CSS("main")))
	if ok, what := phone.noHorizontalScroll(); !ok {
		t.Errorf("on a phone /admin scrolls sideways: %s", what)
	}
	screenshot(t, phone.tab, shots, "phone-admin")

	// No script of anyone's ever opened a dialog.
	if d := dialogs(); len(d) > 0 {
		t.Errorf("dialogs opened: %q", d)
	}
}
