package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/puzzlejudge/judge/authoring/verify"
	"github.com/puzzlejudge/judge/core/report"
)

// verifyLive shows a verification as it goes, on stderr, while the report
// waits for the end on stdout. On a terminal it prints each check as it
// ends, with a status line below (steps done, elapsed). Without one, or
// under CI, it prints one line per finished solution (and per check that
// did not pass), each with a timestamp, so that a CI log shows progress.
type verifyLive struct {
	w        io.Writer
	style    report.Style
	terminal bool
	start    time.Time
	now      func() time.Time

	mu          sync.Mutex
	done, total int
	drawn       time.Time // when the status line was last drawn
	shown       bool      // a status line is on screen
}

func newVerifyLive(w io.Writer, style report.Style) *verifyLive {
	return &verifyLive{
		w:        w,
		style:    style,
		terminal: isTerminal(w) && os.Getenv("CI") == "",
		start:    time.Now(),
		now:      time.Now,
	}
}

// check is the verifier's OnCheck.
func (l *verifyLive) check(problem string, c *verify.Check) {
	l.mu.Lock()
	defer l.mu.Unlock()
	line := verify.CheckLine(problem, c, l.style)
	if l.terminal {
		l.clear()
		fmt.Fprintln(l.w, line)
		l.draw()
		return
	}
	if c.Solution == nil && (c.Status == verify.Pass || c.Status == verify.Skip) {
		return
	}
	fmt.Fprintf(l.w, "%s %s  (%s)\n", l.now().Format("15:04:05"), line, l.counts())
}

// progress is the verifier's Progress.
func (l *verifyLive) progress(done, total int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.done, l.total = done, total
	if l.terminal && l.now().Sub(l.drawn) >= 100*time.Millisecond {
		l.clear()
		l.draw()
	}
}

// finish removes the status line.
func (l *verifyLive) finish() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.clear()
}

func (l *verifyLive) counts() string {
	return fmt.Sprintf("%d/%d steps, %.1f s", l.done, l.total, l.now().Sub(l.start).Seconds())
}

func (l *verifyLive) clear() {
	if l.shown {
		fmt.Fprint(l.w, "\r\x1b[K")
		l.shown = false
	}
}

func (l *verifyLive) draw() {
	if l.total == 0 {
		return
	}
	fmt.Fprint(l.w, l.style.Dim("verify: "+l.counts()))
	l.shown, l.drawn = true, l.now()
}
