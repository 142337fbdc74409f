package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestContestInBrowser runs a contest on a real `judge serve`: created
// with `judge contest create`, its page and standings in headless
// chromium, a submission made with `judge submit --server --contest`,
// and the standings page updating over its stream without a reload; the
// terminal's standings; then a contest made with the organiser's form.
// Screenshots go to $PUZZLEJUDGE_SCREENSHOTS.
func TestContestInBrowser(t *testing.T) {
	chromiumPath(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	srv := startServe(t, ctx)
	ann := srv.userToken(t, "ann")
	shots := screenshotDir(t)
	remote := []string{"--server", srv.url, "--token", srv.admin}

	o := runJudge(t, t.TempDir(), nil, append([]string{"contest", "create", "spring-26", "--name", "Spring 26",
		"--start", "now", "--duration", "1h", "--freeze", "10m", "--problems", "A=a-plus-b,B=flip-game", "--users", "ann"}, remote...)...)
	if o.code != 0 || !strings.Contains(o.stdout, "spring-26: Spring 26 (running)") || !strings.Contains(o.stdout, "A   a-plus-b  A plus B") {
		t.Fatalf("judge contest create: exit %d\n%s%s", o.code, o.stdout, o.stderr)
	}
	if o := runJudge(t, t.TempDir(), nil, append([]string{"contest", "list"}, remote...)...); o.code != 0 || !strings.Contains(o.stdout, "spring-26") {
		t.Fatalf("judge contest list: exit %d\n%s%s", o.code, o.stdout, o.stderr)
	}

	b := &browserRun{t: t, tab: newBrowser(t, ctx), base: srv.url}
	b.signIn(ann)
	b.do("the contest list", chromedp.Navigate(srv.url+"/contests"), chromedp.WaitVisible(chromedp.ID("contests")))
	if row := eval[string](b, `document.querySelector("#contests tbody tr").textContent`); !strings.Contains(row, "Spring 26") ||
		!strings.Contains(row, "running") || !strings.Contains(row, "ends in") {
		t.Errorf("the contest list's row: %q", row)
	}
	b.do("the contest page", chromedp.Navigate(srv.url+"/contests/spring-26"), chromedp.WaitVisible(chromedp.ID("contest-problems")))
	if labels := eval[string](b, `Array.prototype.map.call(document.querySelectorAll("#contest-problems tbody tr td:first-child strong"), function (e) { return e.textContent; }).join(",")`); labels != "A,B" {
		t.Errorf("the contest page's labels: %q", labels)
	}
	if n := eval[int](b, `document.querySelectorAll('#contest-problems form input[name="contest"][value="spring-26"]').length`); n != 2 {
		t.Errorf("%d submit forms carry the contest, want 2", n)
	}
	screenshot(t, b.tab, shots, "contest")

	b.do("the standings", chromedp.Navigate(srv.url+"/contests/spring-26/standings"), chromedp.WaitVisible(chromedp.ID("standings-table")))
	if body := eval[string](b, `document.querySelector("#standings-table tbody").textContent`); !strings.Contains(body, "ann") {
		t.Errorf("the standings before any submission: %q, want ann's empty row", body)
	}
	// A mark that a reload would lose.
	eval[bool](b, `window.__stay = true`)
	sum, err := filepath.Abs("../solutions/a-plus-b/accepted/sum.c")
	if err != nil {
		t.Fatal(err)
	}
	o = runJudge(t, t.TempDir(), nil, "submit", "A", sum,
		"--server", srv.url, "--token", ann, "--contest", "spring-26")
	if o.code != 0 || !strings.Contains(o.stdout, "AC") {
		t.Fatalf("judge submit --contest: exit %d\n%s%s", o.code, o.stdout, o.stderr)
	}
	wait, cancelWait := context.WithTimeout(b.tab, time.Minute)
	defer cancelWait()
	if _, err := chromedp.Run(wait, chromedp.Poll[bool](`(function () {
	  var c = document.querySelector("#standings-table tbody tr td.cell");
	  return !!c && c.classList.contains("first") && c.textContent.indexOf("+") === 0;
	})()`, chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		t.Fatalf("the standings did not show the accepted submission: %v", err)
	}
	if !eval[bool](b, `window.__stay === true`) {
		t.Error("the standings page reloaded instead of updating in place")
	}
	screenshot(t, b.tab, shots, "standings-icpc")
	if o := runJudge(t, t.TempDir(), nil, "contest", "standings", "spring-26", "--server", srv.url, "--token", ann); o.code != 0 ||
		!strings.Contains(o.stdout, "RANK  TEAM  SOLVED  PENALTY  A") || !strings.Contains(o.stdout, "1     ann   1       0        + 0*") {
		t.Errorf("judge contest standings: exit %d\n%s%s", o.code, o.stdout, o.stderr)
	}

	// The organiser's form makes an IOI practice contest.
	b.signOut()
	b.signIn(srv.admin)
	b.do("the organiser's page", chromedp.Navigate(srv.url+"/admin/contests"), chromedp.WaitVisible(chromedp.ID("contest-form")),
		chromedp.SendKeys(chromedp.CSS(`#contest-form input[name="id"]`), "ioi-26"),
		chromedp.SendKeys(chromedp.CSS(`#contest-form input[name="name"]`), "IOI 26"),
		chromedp.Click(chromedp.CSS(`#contest-form input[name="practice"]`)),
		chromedp.SendKeys(chromedp.CSS(`#contest-form input[name="problems"]`), "P=divisor-pairs"),
		chromedp.SetValue(chromedp.CSS(`#contest-form select[name="scoring"]`), "ioi"),
	)
	screenshot(t, b.tab, shots, "organiser")
	b.do("save", chromedp.Submit(chromedp.CSS(`#contest-form input[name="name"]`)), chromedp.WaitVisible(chromedp.ID("form-message")))
	if msg := eval[string](b, `document.getElementById("form-message").textContent + " " + location.pathname`); msg != "Saved. /admin/contests/ioi-26" {
		t.Errorf("after saving: %q", msg)
	}
	if o := runJudge(t, t.TempDir(), nil, append([]string{"contest", "show", "ioi-26"}, remote...)...); o.code != 0 ||
		!strings.Contains(o.stdout, "practice: no window") || !strings.Contains(o.stdout, "scoring:  ioi") {
		t.Errorf("judge contest show: exit %d\n%s%s", o.code, o.stdout, o.stderr)
	}

	// Its standings: ann's score of a submission that passes the first
	// group (30 of divisor-pairs' 100), seen by the organiser.
	int32, err := filepath.Abs("../solutions/divisor-pairs/wrong_answer/int32.c")
	if err != nil {
		t.Fatal(err)
	}
	if o := runJudge(t, t.TempDir(), nil, "submit", "P", int32, "--server", srv.url, "--token", ann, "--contest", "ioi-26"); o.code == 0 ||
		!strings.Contains(o.stdout, "WA") {
		t.Fatalf("judge submit --contest ioi-26: exit %d, want 1 (WA)\n%s%s", o.code, o.stdout, o.stderr)
	}
	b.do("the IOI standings", chromedp.Navigate(srv.url+"/contests/ioi-26/standings"), chromedp.WaitVisible(chromedp.ID("standings-table")))
	if row := eval[string](b, `document.querySelector("#standings-table tbody tr").textContent`); !strings.Contains(row, "ann") || !strings.Contains(row, "30") {
		t.Errorf("the IOI standings' first row: %q, want ann with 30", row)
	}
	screenshot(t, b.tab, shots, "standings-ioi")
}
