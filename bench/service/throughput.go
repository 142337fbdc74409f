package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
	"time"
)

// throughput measures sustained submissions per second with compile-cache
// hits: n submissions of the accepted a-plus-b C source through the
// service, inflight at a time, against back-to-back `judge submit`
// processes of the same source (half before, half after, so that a drift
// in the machine's load falls on both).
func throughput(ctx context.Context, c *client, bin string, users []string, n, inflight, cli int, t *targets) error {
	src, err := os.ReadFile(acceptedC)
	if err != nil {
		return err
	}
	submit := func(k int) (time.Duration, error) {
		t0 := time.Now()
		for range k {
			out, err := exec.CommandContext(ctx, bin, "submit", "a-plus-b", acceptedC).CombinedOutput()
			if err != nil {
				return 0, fmt.Errorf("judge submit a-plus-b %s: %v: %s", acceptedC, err, out)
			}
		}
		return time.Since(t0), nil
	}
	first, err := submit(cli / 2)
	if err != nil {
		return err
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, inflight)
	t0 := time.Now()
	for range inflight {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				tok := users[i%len(users)]
				code, id, err := c.post(ctx, tok, "a-plus-b", string(src))
				if err == nil && code != 202 {
					err = fmt.Errorf("POST: %d, want 202", code)
				}
				var v view
				if err == nil {
					v, err = c.waitDone(ctx, tok, id, 2*time.Minute)
				}
				if err == nil {
					err = wantAccepted(v)
				}
				if err != nil {
					errs <- err
					next.Store(int64(n)) // stop the others
					return
				}
			}
		})
	}
	wg.Wait()
	svc := time.Since(t0)
	select {
	case err := <-errs:
		return err
	default:
	}
	second, err := submit(cli - cli/2)
	if err != nil {
		return err
	}
	svcRate := float64(n) / svc.Seconds()
	cliRate := float64(cli) / (first + second).Seconds()
	fmt.Printf("\n3. throughput, a-plus-b in C (%d tests), compile cache hits\n", testsWanted)
	fmt.Printf("  %-44s %8.2f /s   (%d in %.1f s, %d in flight)\n", "through the service", svcRate, n, svc.Seconds(), inflight)
	fmt.Printf("  %-44s %8.2f /s   (%d in %.1f s)\n", "back-to-back `judge submit` processes", cliRate, cli, (first + second).Seconds())
	t.check("service throughput", svcRate, "/s", false, 8)
	t.check("service / back-to-back judge submit", svcRate/cliRate, "x", false, 1.3)
	return nil
}
