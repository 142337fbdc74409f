package main

import (
	"context"
	"fmt"
	"maps"
	"os"
	"slices"
	"sync"
	"time"
)

// burst fires n POSTs at once over one connection per user while a
// submission is being judged, and reports how long the last answer took
// and what the answers were (202, or 503 when the queue is full; 429 is
// a user's own cap). Then it waits until every accepted submission is
// judged and checks each was judged once (done, attempt 1, AC), and that
// the service lists exactly the submissions it accepted in this run.
func burst(ctx context.Context, c *client, admin string, users []string, n int, t *targets) error {
	src, err := os.ReadFile(acceptedC)
	if err != nil {
		return err
	}
	// Judging runs: a few submissions from users outside the burst, the
	// first of them being judged when the burst starts.
	const busy = 4
	senders, others := users[:len(users)-busy], users[len(users)-busy:]
	type answer struct {
		code int
		id   string
		tok  string
		lat  time.Duration
		err  error
	}
	var pre []answer
	for _, tok := range others {
		code, id, err := c.post(ctx, tok, "a-plus-b", string(src))
		if err != nil {
			return err
		}
		if code != 202 {
			return fmt.Errorf("POST before the burst: %d, want 202", code)
		}
		pre = append(pre, answer{code: code, id: id, tok: tok})
	}
	first, firstTok := pre[0].id, pre[0].tok
	for end := time.Now().Add(30 * time.Second); ; {
		v, err := c.get(ctx, firstTok, first, 0)
		if err != nil {
			return err
		}
		if v.State != "queued" {
			break
		}
		if time.Now().After(end) {
			return fmt.Errorf("submission %s still queued after 30 s", first)
		}
		time.Sleep(2 * time.Millisecond)
	}

	answers := make([]answer, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for u, tok := range senders {
		wg.Go(func() {
			<-start
			for i := u; i < n; i += len(senders) {
				s := time.Now()
				code, id, err := c.post(ctx, tok, "a-plus-b", string(src))
				answers[i] = answer{code: code, id: id, tok: tok, lat: time.Since(s), err: err}
			}
		})
	}
	t0 := time.Now()
	close(start)
	wg.Wait()
	elapsed := time.Since(t0)
	codes := map[int]int{}
	var lats []time.Duration
	noAnswer := 0
	var firstErr error
	for _, a := range answers {
		if a.err != nil {
			noAnswer++
			firstErr = a.err
			continue
		}
		codes[a.code]++
		lats = append(lats, a.lat)
	}
	fmt.Printf("\n4. burst: %d POSTs at once over %d connections while judging runs\n", n, len(senders))
	fmt.Printf("  answered in %.3f s; each POST p50 %.1f ms, p99 %.1f ms\n", elapsed.Seconds(), ms(pct(lats, 50)), ms(pct(lats, 99)))
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(codes)) {
		parts = append(parts, fmt.Sprintf("%d × %d", codes[k], k))
	}
	fmt.Printf("  answers: %v; no answer: %d\n", parts, noAnswer)
	if noAnswer > 0 {
		fmt.Printf("  first failure: %v\n", firstErr)
	}
	for k := range codes {
		if k != 202 && k != 503 && k != 429 {
			return fmt.Errorf("burst: %d answers of %d, want 202, 503 or 429", codes[k], k)
		}
	}
	t.check("burst: time until every POST answered", elapsed.Seconds(), "s", true, 2)
	t.check("burst: POSTs without an answer", float64(noAnswer), "", true, 0)

	// Every accepted one judged, once.
	t1 := time.Now()
	jobs := make(chan answer)
	errs := make(chan error, 1)
	var jw sync.WaitGroup
	for range 64 {
		jw.Go(func() {
			for a := range jobs {
				v, err := c.waitDone(ctx, a.tok, a.id, 10*time.Minute)
				if err == nil {
					err = wantAccepted(v)
				}
				if err != nil {
					select {
					case errs <- err:
					default:
					}
				}
			}
		})
	}
	accepted := 0
	for _, a := range pre {
		jobs <- a
	}
	for _, a := range answers {
		if a.err == nil && a.code == 202 {
			accepted++
			jobs <- a
		}
	}
	close(jobs)
	jw.Wait()
	select {
	case err := <-errs:
		return fmt.Errorf("burst: %w", err)
	default:
	}
	drain := time.Since(t1)
	listed, err := c.list(ctx, admin)
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, v := range listed {
		if seen[v.ID] {
			return fmt.Errorf("burst: submission %s listed twice", v.ID)
		}
		seen[v.ID] = true
		if v.State == "done" && v.Attempt != 1 {
			return fmt.Errorf("burst: submission %s judged at attempt %d, want 1", v.ID, v.Attempt)
		}
	}
	for _, a := range answers {
		if a.err == nil && a.code == 202 && !seen[a.id] {
			return fmt.Errorf("burst: accepted submission %s is not listed (lost)", a.id)
		}
	}
	if want := int(c.accepted.Load()); len(listed) != want {
		return fmt.Errorf("burst: the service lists %d submissions, this run had %d accepted", len(listed), want)
	}
	fmt.Printf("  all %d accepted judged once (done, attempt 1, AC) %.1f s after the burst (%.1f/s); the service lists exactly the %d accepted in this run\n",
		accepted, drain.Seconds(), float64(accepted)/drain.Seconds(), len(listed))
	return nil
}
