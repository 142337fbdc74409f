package store

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/judging"
	"github.com/puzzlejudge/judge/core/verdict"
)

// The benchmarks report submissions per second ("ops/s") for the calls on
// the service's hot path, on every backend available.

// benchReport is a report of 16 tests (about 2 KB of JSON).
var benchReport = func() *judging.Report {
	r := &judging.Report{Verdict: verdict.AC}
	for i := range 16 {
		r.Tests = append(r.Tests, judging.TestResult{Name: fmt.Sprintf("%02d", i+1), Verdict: verdict.AC, TimeMs: 3, MemoryKB: 1400})
	}
	return r
}()

func benchBackends(b *testing.B, f func(b *testing.B, s Store)) {
	for _, be := range backends {
		b.Run(be.name, func(b *testing.B) { f(b, be.open(b)) })
	}
}

func perSecond(b *testing.B) {
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "ops/s")
}

func BenchmarkCreate(b *testing.B) {
	benchBackends(b, func(b *testing.B, s Store) {
		ctx := context.Background()
		n := sub("ann", "sum")
		n.Source = strings.Repeat("x", 1000)
		b.ResetTimer()
		for range b.N {
			if _, _, err := s.Create(ctx, n); err != nil {
				b.Fatal(err)
			}
		}
		perSecond(b)
	})
}

func BenchmarkCreateParallel(b *testing.B) {
	benchBackends(b, func(b *testing.B, s Store) {
		ctx := context.Background()
		b.SetParallelism(4)
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			n := sub("ann", "sum")
			for pb.Next() {
				if _, _, err := s.Create(ctx, n); err != nil {
					b.Error(err)
					return
				}
			}
		})
		perSecond(b)
	})
}

func BenchmarkApplyResult(b *testing.B) {
	benchBackends(b, func(b *testing.B, s Store) {
		ctx := context.Background()
		ids := make([]string, b.N)
		for i := range ids {
			c, _, err := s.Create(ctx, sub("ann", "sum"))
			if err != nil {
				b.Fatal(err)
			}
			ids[i] = c.ID
		}
		b.ResetTimer()
		for _, id := range ids {
			ok, err := s.ApplyResult(ctx, id, 1, Result{Verdict: "AC", Report: benchReport})
			if err != nil || !ok {
				b.Fatalf("ApplyResult = %v, %v", ok, err)
			}
		}
		perSecond(b)
	})
}

func BenchmarkGet(b *testing.B) {
	benchBackends(b, func(b *testing.B, s Store) {
		ctx := context.Background()
		var ids []string
		for range 200 {
			c, _, err := s.Create(ctx, sub("ann", "sum"))
			if err != nil {
				b.Fatal(err)
			}
			s.ApplyResult(ctx, c.ID, 1, Result{Verdict: "AC", Report: benchReport})
			ids = append(ids, c.ID)
		}
		b.ResetTimer()
		for i := range b.N {
			got, err := s.Get(ctx, ids[i%len(ids)])
			if err != nil || got.State != Done {
				b.Fatalf("Get = %v, %v", got.State, err)
			}
		}
		perSecond(b)
	})
}
