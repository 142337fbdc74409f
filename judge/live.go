package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/report"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/internal/termsafe"
	"golang.org/x/term"
)

// live prints a submission's report while it is judged: in text, the
// header once the program is compiled and each test's line as soon as it
// and every earlier test are final; in jsonl, one object per test the
// same way and a summary at the end; in json, one object at the end. On a
// terminal (and not under CI) a progress line on stderr shows the counts,
// the time so far and the slowest test; it is cleared before anything
// else is printed and drawn again after, so it never mixes with the lines.
type live struct {
	mu      sync.Mutex
	out     io.Writer
	format  string
	text    *report.TextWriter
	bar     *progressLine
	start   time.Time
	started bool // the header (text) is out
	total   int
	done    int
	failed  int
	slowest grade.TestResult
	err     error // the first write error
	stop    chan struct{}
	stopped sync.WaitGroup
}

func newLive(out, errOut io.Writer, format, title string, style report.Style) *live {
	l := &live{out: out, format: format, text: report.NewTextWriter(out, title, style), start: time.Now(), stop: make(chan struct{})}
	if isTerminal(errOut) && os.Getenv("CI") == "" {
		l.bar = &progressLine{w: errOut, width: termWidth(errOut)}
		l.stopped.Add(1)
		go l.tick()
	}
	return l
}

// options returns the grading callbacks that feed l.
func (l *live) options(opt grade.Options) grade.Options {
	opt.OnStart = l.onStart
	opt.OnTest = l.onTest
	opt.OnTestInOrder = l.onTestInOrder
	return opt
}

func (l *live) onStart(rep grade.Report, names []string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.total = len(names)
	l.started = true
	if l.format == "text" {
		l.print(func() error { return l.text.Header(&rep, names) })
	}
	l.draw()
}

// onTest counts a finished test, in any order.
func (l *live) onTest(r grade.TestResult) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.done++
	if r.Verdict != verdict.AC {
		l.failed++
	}
	if l.slowest.Name == "" || r.CPU > l.slowest.CPU {
		l.slowest = r
	}
	l.draw()
}

// onTestInOrder prints a test's line, in test order.
func (l *live) onTestInOrder(r grade.TestResult) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch l.format {
	case "text":
		l.print(func() error { return l.text.Test(r) })
	case "jsonl":
		l.print(func() error { return report.JSONLTestLine(l.out, r) })
	}
	l.draw()
}

// finish clears the progress line and prints what is left of the report:
// the summary, or the whole report when nothing was printed yet (a
// compile error, json).
func (l *live) finish(rep *grade.Report, title string, style report.Style) error {
	l.close()
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.format == "json":
		l.print(func() error { return report.JSON(l.out, rep) })
	case l.format == "jsonl":
		l.print(func() error { return report.JSONLSummaryLine(l.out, rep) })
	case l.started:
		l.print(func() error { return l.text.Summary(rep) })
	default:
		l.print(func() error { return report.Text(l.out, rep, title, style) })
	}
	return l.err
}

// close stops the progress line and clears it.
func (l *live) close() {
	if l.bar == nil {
		return
	}
	select {
	case <-l.stop:
	default:
		close(l.stop)
	}
	l.stopped.Wait()
	l.mu.Lock()
	l.bar.clear()
	l.bar = nil
	l.mu.Unlock()
}

// print clears the progress line, runs write, and keeps its first error.
// l.mu is held.
func (l *live) print(write func() error) {
	if l.bar != nil {
		l.bar.clear()
	}
	if err := write(); err != nil && l.err == nil {
		l.err = err
	}
}

// draw redraws the progress line. l.mu is held.
func (l *live) draw() {
	if l.bar == nil || !l.started {
		return
	}
	s := fmt.Sprintf("judging: %d/%d tests done", l.done, l.total)
	if l.failed > 0 {
		s += fmt.Sprintf(", %d failed", l.failed)
	}
	s += fmt.Sprintf(" · %.1f s", time.Since(l.start).Seconds())
	if l.slowest.Name != "" {
		s += fmt.Sprintf(" · slowest %s (%d ms)", termsafe.Line(l.slowest.Name), l.slowest.TimeMs)
	}
	l.bar.draw(s)
}

func (l *live) tick() {
	defer l.stopped.Done()
	t := time.NewTicker(250 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case <-t.C:
			l.mu.Lock()
			l.draw()
			l.mu.Unlock()
		}
	}
}

// progressLine is one line at the bottom of a terminal, redrawn in place.
type progressLine struct {
	w     io.Writer
	width int
	shown bool
}

func (p *progressLine) draw(s string) {
	if r := []rune(s); p.width > 1 && len(r) >= p.width {
		s = string(r[:p.width-1])
	}
	fmt.Fprint(p.w, "\r\x1b[K"+s)
	p.shown = true
}

func (p *progressLine) clear() {
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.shown = false
	}
}

// termWidth returns the width of the terminal w is, or 80.
func termWidth(w io.Writer) int {
	if f, ok := w.(*os.File); ok {
		if width, _, err := term.GetSize(int(f.Fd())); err == nil && width > 0 {
			return width
		}
	}
	return 80
}
