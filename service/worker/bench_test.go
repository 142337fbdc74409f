package worker

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/service/queue"
)

// BenchmarkQueueOverhead measures, with one submission in flight, the time
// from publishing a job to its final being applied, against grading the
// same submission in process with the same engine (compile cache hits in
// both), alternating the two; it prints both and the difference at p50
// and p99.
func BenchmarkQueueOverhead(b *testing.B) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	r := newRig(b, ctx, queue.Config{})
	src := source(b, "solutions/a-plus-b/accepted/sum.c")
	w := &Worker{JS: r.js, Engine: r.eng, CacheDir: b.TempDir(), ID: "bench", FetchWait: 30 * time.Second}
	wctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- w.Run(wctx) }()
	defer func() { stop(); <-done }()

	p, err := problem.Find(r.eng.Config.ProblemsDir, "a-plus-b")
	if err != nil {
		b.Fatal(err)
	}
	lang := r.eng.Config.Languages["c"]
	file := filepath.Join(b.TempDir(), "sum.c")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
	viaQueue := func(i int) time.Duration {
		j := r.job(fmt.Sprintf("b%d-%d", b.N, i), "sum.c", src)
		start := time.Now()
		if _, err := r.q.Publish(ctx, j); err != nil {
			b.Fatal(err)
		}
		for {
			select {
			case f := <-r.applied:
				if f.SubmissionID != j.SubmissionID {
					continue
				}
				if f.Report.Verdict != verdict.AC {
					b.Fatalf("%s: %s %s", j.SubmissionID, f.Report.Verdict, f.Report.Error)
				}
				return time.Since(start)
			case <-ctx.Done():
				b.Fatal("no final")
			}
		}
	}
	inProcess := func() time.Duration {
		start := time.Now()
		rep, err := r.eng.Grader.Grade(ctx, grade.Submission{Problem: p, Source: file, Language: lang}, grade.Options{})
		if err != nil || rep.Verdict != verdict.AC {
			b.Fatalf("in process: %v %v", rep, err)
		}
		return time.Since(start)
	}
	// Warm up: the package fetch and the compile cache.
	viaQueue(-1)
	inProcess()
	var q, g []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		q = append(q, viaQueue(i))
		g = append(g, inProcess())
	}
	b.StopTimer()
	qp50, qp99 := pct(q, 50), pct(q, 99)
	gp50, gp99 := pct(g, 50), pct(g, 99)
	b.ReportMetric(float64((qp50-gp50).Microseconds())/1000, "overhead-p50-ms")
	b.ReportMetric(float64((qp99-gp99).Microseconds())/1000, "overhead-p99-ms")
	fmt.Printf("a-plus-b in C, 16 tests, n=%d: %-12s p50 %8.1f ms  p99 %8.1f ms\n", b.N, "in process", ms(gp50), ms(gp99))
	fmt.Printf("a-plus-b in C, 16 tests, n=%d: %-12s p50 %8.1f ms  p99 %8.1f ms\n", b.N, "via queue", ms(qp50), ms(qp99))
	fmt.Printf("a-plus-b in C, 16 tests, n=%d: %-12s p50 %8.1f ms  p99 %8.1f ms\n", b.N, "overhead", ms(qp50-gp50), ms(qp99-gp99))
	// Each queued run less the in-process run right after it.
	d := make([]time.Duration, len(q))
	for i := range q {
		d[i] = q[i] - g[i]
	}
	fmt.Printf("a-plus-b in C, 16 tests, n=%d: %-12s p50 %8.1f ms  p99 %8.1f ms\n", b.N, "paired diff", ms(pct(d, 50)), ms(pct(d, 99)))
}

func pct(ds []time.Duration, p int) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	i := (len(s)*p + 99) / 100
	return s[max(0, min(len(s)-1, i-1))]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
