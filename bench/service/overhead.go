package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/puzzlejudge/judge/config"
	"github.com/puzzlejudge/judge/engine"
	"github.com/puzzlejudge/judge/grade"
	"github.com/puzzlejudge/judge/problem"
	"github.com/puzzlejudge/judge/verdict"
)

// overhead measures what the service adds to grading, one submission in
// flight: pair by pair, POST→verdict (the GET with ?wait=30s) of the
// accepted a-plus-b C source through the service, and the same source
// graded in this process by the same judging stack (engine, sharing the
// compile cache, so both are cache hits). It prints the percentiles of
// both and of the pairwise difference, and the service's own timestamps
// split its time into queue wait, judging and the rest (HTTP, store,
// wake-up).
func overhead(ctx context.Context, c *client, users []string, n int, t *targets) error {
	cfg, err := config.Load("", nil)
	if err != nil {
		return fmt.Errorf("configuration: %w", err)
	}
	eng, err := engine.Open(cfg, engine.Options{})
	if err != nil {
		return fmt.Errorf("judging stack: %w", err)
	}
	defer eng.Close()
	p, err := problem.Find(cfg.ProblemsDir, "a-plus-b")
	if err != nil {
		return err
	}
	lang := cfg.Languages["c"]
	if lang == nil {
		return fmt.Errorf("no language c in the configuration")
	}
	src, err := os.ReadFile(acceptedC)
	if err != nil {
		return err
	}
	local := func() (time.Duration, error) {
		t0 := time.Now()
		rep, err := eng.Grader.Grade(ctx, grade.Submission{Problem: p, Source: acceptedC, Language: lang}, grade.Options{})
		d := time.Since(t0)
		if err != nil {
			return 0, err
		}
		if rep.Verdict != verdict.AC || len(rep.Tests) != testsWanted {
			return 0, fmt.Errorf("in-process grading of %s: %s with %d tests, want AC with %d", acceptedC, rep.Verdict, len(rep.Tests), testsWanted)
		}
		return d, nil
	}
	var svc, inproc, diff, wait, judging, rest []time.Duration
	for i := -3; i < n; i++ { // three warm-up pairs, not counted
		tok := users[(i+len(users))%len(users)]
		l, err := local()
		if err != nil {
			return err
		}
		t0 := time.Now()
		code, id, err := c.post(ctx, tok, "a-plus-b", string(src))
		if err != nil {
			return err
		}
		if code != 202 {
			return fmt.Errorf("POST with one submission in flight: %d, want 202", code)
		}
		v, err := c.get(ctx, tok, id, 30*time.Second)
		d := time.Since(t0)
		if err != nil {
			return err
		}
		if err := wantAccepted(v); err != nil {
			return err
		}
		if i < 0 {
			continue
		}
		svc, inproc, diff = append(svc, d), append(inproc, l), append(diff, d-l)
		if v.CreatedAt != nil && v.StartedAt != nil && v.FinishedAt != nil {
			wait = append(wait, v.StartedAt.Sub(*v.CreatedAt))
			judging = append(judging, v.FinishedAt.Sub(*v.StartedAt))
			rest = append(rest, d-v.FinishedAt.Sub(*v.CreatedAt))
		}
	}
	fmt.Printf("\n1. service overhead: POST→verdict (GET ?wait=30s) less in-process grading, a-plus-b in C (%d tests, compile cache warm), one in flight, %d pairs\n", testsWanted, n)
	row := func(name string, ds []time.Duration) {
		fmt.Printf("  %-44s p50 %8.2f ms   p99 %8.2f ms\n", name, ms(pct(ds, 50)), ms(pct(ds, 99)))
	}
	row("through the service (POST→verdict)", svc)
	row("in-process grading (engine, same source)", inproc)
	row("difference, pair by pair", diff)
	if len(wait) == len(svc) {
		fmt.Println("  the service's own timestamps (millisecond resolution):")
		row("  queue wait (started − created)", wait)
		row("  judging (finished − started)", judging)
		row("  the rest (HTTP, store, wake-up)", rest)
	}
	t.check("overhead p50 (pairwise difference)", ms(pct(diff, 50)), "ms", true, 5)
	t.check("overhead p99 (pairwise difference)", ms(pct(diff, 99)), "ms", true, 20)
	return nil
}

// wantAccepted is an error unless the submission was judged AC, once.
func wantAccepted(v view) error {
	if v.State != "done" || v.Verdict != "AC" || v.Attempt != 1 {
		return fmt.Errorf("submission %s: state %q verdict %q attempt %d, want done, AC, attempt 1", v.ID, v.State, v.Verdict, v.Attempt)
	}
	return nil
}
