package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// slowWrong is a C program that answers a+b+1 after 1.5 s of sleep (no
// CPU time): wrong on the sample, whose diff a user sees, and slow enough
// that the submission page is open, and fills in from its events, before
// the test is judged.
const slowWrong = `#include <stdio.h>
#include <unistd.h>
int main(void){long long a,b;if(scanf("%lld %lld",&a,&b)!=2)return 1;usleep(1500000);printf("%lld\n",a+b+1);return 0;}
`

// TestServeLanguagesInBrowser: the problem page lists the languages the
// server offers with each one's time limit (Python's 2× named) and
// compiler, also on a phone's width; a sample's WA diff, which a user
// may see, reads the same filled in live from the events (the diff's
// JSON, now snake_case) as rendered by the server without JavaScript.
func TestServeLanguagesInBrowser(t *testing.T) {
	chromiumPath(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	srv := startServe(t, ctx)
	b := &browserRun{t: t, tab: newBrowser(t, ctx), base: srv.url}
	b.signIn(srv.userToken(t, "alice"))
	b.do("open the statement", chromedp.Navigate(srv.url+"/problems/a-plus-b"), chromedp.WaitVisible(chromedp.CSS("table.languages")))
	rows := eval[map[string][]string](b, `(function () {
	  var out = {};
	  document.querySelectorAll("table.languages tbody tr").forEach(function (r) {
	    out[r.getAttribute("data-language")] = [r.cells[1].textContent, r.cells[2].textContent];
	  });
	  return out;
	})()`)
	if c := rows["c"]; len(c) != 2 || c[0] != "1000 ms" || !strings.HasPrefix(c[1], "gcc ") {
		t.Errorf("the languages table's c row: %q, want 1000 ms and gcc's version", c)
	}
	if py := rows["python"]; len(py) != 2 || py[0] != "2000 ms (2×)" || !strings.HasPrefix(py[1], "Python 3") {
		t.Errorf("the languages table's python row: %q, want 2000 ms (2×) and Python 3's version", py)
	}
	menu := eval[[]string](b, `Array.prototype.map.call(document.querySelectorAll("#language option"), function (o) { return o.value; })`)
	if len(menu) != len(rows)+1 {
		t.Errorf("the menu offers %q, the table %d languages", menu, len(rows))
	}

	id, live := b.submit(chromedp.SetValue(chromedp.ID("source"), slowWrong), chromedp.SetValue(chromedp.ID("language"), "c"))
	if live.Verdict != "WA" || len(live.Rows) == 0 || !strings.Contains(live.Rows[0].Diff, "+ 1 | ") {
		t.Fatalf("the live page of the wrong sample: verdict %q, rows %+v; want WA with the sample's diff", live.Verdict, live.Rows)
	}
	nojs := &browserRun{t: t, tab: newTab(t, b.tab), base: srv.url}
	if _, err := chromedp.Call(nojs.tab, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	nojs.do("open without JavaScript", chromedp.Navigate(srv.url+"/submissions/"+id), chromedp.WaitReady(chromedp.ID("verdict")))
	if rendered := eval[pageState](nojs, readPage); len(rendered.Rows) == 0 || rendered.Rows[0].Diff != live.Rows[0].Diff {
		t.Errorf("the sample's diff filled in live %q, rendered by the server %q", live.Rows[0].Diff, rendered.Rows)
	}

	phone := &browserRun{t: t, tab: newTab(t, b.tab), base: srv.url}
	phone.do("emulate a phone", chromedp.EmulateViewport(phoneWidth, 844, chromedp.EmulateMobile, chromedp.EmulateScale(3)))
	phone.do("open the statement on a phone", chromedp.Navigate(srv.url+"/problems/a-plus-b"), chromedp.WaitVisible(chromedp.CSS("table.languages")))
	if ok, what := phone.noHorizontalScroll(); !ok {
		t.Errorf("the statement on a phone: %s", what)
	}
	screenshot(t, phone.tab, screenshotDir(t), "phone-statement-languages")
}
