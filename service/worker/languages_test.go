package worker

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/service/queue"
)

// TestWorkerOffersPresentLanguages: a worker looks for its languages'
// tools when it starts; one whose compiler is missing is left out of its
// registry entry, and a job in it ends IE naming the missing tool, while
// the others are judged.
func TestWorkerOffersPresentLanguages(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	r := newRig(t, ctx, queue.Config{})
	rust := *r.eng.Config.Languages["rust"]
	rust.Compile = append([]string{"no-such-rustc"}, rust.Compile[1:]...)
	rust.Version = []string{"no-such-rustc", "--version"}
	r.eng.Config.Languages["rust"] = &rust
	ac := r.job("ac", "sum.c", source(t, "solutions/a-plus-b/accepted/sum.c"))
	rs := r.job("rs", "main.rs", "fn main() {}")
	rs.Language = "rust"
	for _, j := range []queue.Job{ac, rs} {
		if _, err := r.q.Publish(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	wctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	var mu sync.Mutex
	var logged []string
	w := &Worker{JS: r.js, Engine: r.eng, CacheDir: t.TempDir(), ID: "w1", Log: func(s string) {
		mu.Lock()
		defer mu.Unlock()
		logged = append(logged, s)
	}}
	go func() { done <- w.Run(wctx) }()
	if f := r.final(t, ctx, "ac"); f.Report.Verdict != verdict.AC {
		t.Errorf("ac: %s %q", f.Report.Verdict, f.Report.Error)
	}
	want := "language rust is not offered by worker w1: no-such-rustc not found in the box (install: apt-get install -y rustc)"
	if f := r.final(t, ctx, "rs"); f.Report.Verdict != verdict.IE || !strings.Contains(f.Report.Error, want) {
		t.Errorf("rs: %s %q, want IE %q", f.Report.Verdict, f.Report.Error, want)
	}
	ws, err := r.q.Workers(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(ws) != 1 || slices.Contains(ws[0].Languages, "rust") || !slices.Contains(ws[0].Languages, "c") || !slices.Contains(ws[0].Languages, "python") {
		t.Errorf("registry %+v, want w1 offering c and python, not rust", ws)
	}
	stop()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if !slices.ContainsFunc(logged, func(s string) bool {
		return strings.Contains(s, "language rust not offered: no-such-rustc not found in the box")
	}) {
		t.Errorf("the log does not say rust is left out: %q", logged)
	}
}
