package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// sleeperC answers a-plus-b correctly after sleeping 2.5 s (within the
// 3 s wall limit), so it is accepted and holds the worker while using no
// CPU.
const sleeperC = "#include <stdio.h>\n#include <time.h>\nint main(void){long a,b;if(scanf(\"%ld %ld\",&a,&b)!=2)return 1;struct timespec t={2,500000000};nanosleep(&t,0);printf(\"%ld\\n\",a+b);return 0;}\n"

// sse measures the event streams while the worker is held by sleeping
// submissions, so that the submissions subscribed to stay queued and
// their streams idle: the time from subscribing (a new connection each
// time) to the first event, over first subscriptions one after another;
// then the server's RSS growth with idle clients subscribed at once.
func sse(ctx context.Context, c *client, srv *server, users []string, first, idle int, t *targets) error {
	src, err := os.ReadFile(acceptedC)
	if err != nil {
		return err
	}
	// Hold the worker for about 15 s or more, whatever the cores: each
	// sleeper takes ⌈16/cores⌉ rounds of 2.5 s.
	rounds := (testsWanted + runtime.NumCPU() - 1) / runtime.NumCPU()
	sleepers := max(1, int(15/(2.5*float64(rounds))+0.999))
	var held []answerOf
	for i := range sleepers {
		tok := users[i%len(users)]
		code, id, err := c.post(ctx, tok, "a-plus-b", sleeperC)
		if err != nil {
			return err
		}
		if code != 202 {
			return fmt.Errorf("POST of the sleeper: %d, want 202", code)
		}
		held = append(held, answerOf{id, tok})
	}
	for end := time.Now().Add(30 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		v, err := c.get(ctx, held[0].tok, held[0].id, 0)
		if err != nil {
			return err
		}
		if v.State == "judging" {
			break
		}
		if v.State == "done" || time.Now().After(end) {
			return fmt.Errorf("the sleeper %s is %s, want judging", v.ID, v.State)
		}
	}
	const nTargets = 10
	var targets []answerOf
	for i := range nTargets {
		tok := users[(sleepers+i)%len(users)]
		code, id, err := c.post(ctx, tok, "a-plus-b", string(src))
		if err != nil {
			return err
		}
		if code != 202 {
			return fmt.Errorf("POST: %d, want 202", code)
		}
		targets = append(targets, answerOf{id, tok})
	}

	// Time to the first event, one subscription at a time.
	var firsts []time.Duration
	for i := range first {
		a := targets[i%len(targets)]
		sctx, cancel := context.WithCancel(ctx)
		t0 := time.Now()
		r, err := subscribe(sctx, c, a.tok, a.id)
		if err == nil {
			_, err = nextEvent(r)
		}
		d := time.Since(t0)
		cancel()
		if err != nil {
			return fmt.Errorf("event stream of %s: %w", a.id, err)
		}
		firsts = append(firsts, d)
	}

	// Idle clients, all at once.
	before, err := srv.rss()
	if err != nil {
		return err
	}
	ictx, stop := context.WithCancel(ctx)
	var connected, extra atomic.Int64
	var wg sync.WaitGroup
	errc := make(chan error, 1)
	gate := make(chan struct{}, 100) // connections being opened at once
	t0 := time.Now()
	for i := range idle {
		a := targets[i%len(targets)]
		gate <- struct{}{}
		wg.Go(func() {
			r, err := subscribe(ictx, c, a.tok, a.id)
			if err == nil {
				_, err = nextEvent(r)
			}
			<-gate
			if err != nil {
				if ictx.Err() == nil {
					select {
					case errc <- fmt.Errorf("idle event stream of %s: %w", a.id, err):
					default:
					}
				}
				return
			}
			connected.Add(1)
			for {
				if _, err := nextEvent(r); err != nil {
					return
				}
				extra.Add(1)
			}
		})
	}
	for connected.Load() < int64(idle) {
		select {
		case err := <-errc:
			stop()
			wg.Wait()
			return err
		case <-time.After(10 * time.Millisecond):
		}
	}
	connectAll := time.Since(t0)
	time.Sleep(2 * time.Second) // let the server settle
	after, err := srv.rss()
	if err != nil {
		stop()
		wg.Wait()
		return err
	}
	still := 0
	for _, a := range targets {
		v, err := c.get(ctx, a.tok, a.id, 0)
		if err != nil {
			stop()
			wg.Wait()
			return err
		}
		if v.State == "queued" {
			still++
		}
	}
	stop()
	wg.Wait()

	fmt.Printf("\n2. SSE: event streams of queued submissions while the worker is held (%d sleeping submission(s))\n", sleepers)
	fmt.Printf("  %-44s p50 %8.2f ms   p99 %8.2f ms   (%d subscriptions, a new connection each)\n", "time to the first event", ms(pct(firsts, 50)), ms(pct(firsts, 99)), first)
	t.check("SSE first event p50", ms(pct(firsts, 50)), "ms", true, 50)
	t.check("SSE first event p99", ms(pct(firsts, 99)), "ms", true, 50)
	growth := float64(after-before) / 1e6
	fmt.Printf("  %d idle clients connected in %.2f s: server RSS %.1f MB before, %.1f MB with them (%.1f kB a client); %d of %d subscribed submissions still queued at the end, %d events beyond the first\n",
		idle, connectAll.Seconds(), float64(before)/1e6, float64(after)/1e6, float64(after-before)/1e3/float64(idle), still, len(targets), extra.Load())
	if still < len(targets) || extra.Load() > 0 {
		fmt.Println("  (some streams were not idle throughout: the worker reached their submissions; the figure below includes that)")
	}
	t.check(fmt.Sprintf("SSE: RSS growth with %d idle clients", idle), growth, "MB", true, 50)

	// Everything judged, once.
	for _, a := range append(held, targets...) {
		v, err := c.waitDone(ctx, a.tok, a.id, 5*time.Minute)
		if err == nil {
			err = wantAccepted(v)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// answerOf is an accepted submission and the token that made it.
type answerOf struct{ id, tok string }

// subscribe opens a submission's event stream.
func subscribe(ctx context.Context, c *client, token, id string) (*bufio.Reader, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/api/v1/submissions/"+url.PathEscape(id)+"/events", nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Accept", "text/event-stream")
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		resp.Body.Close()
		return nil, fmt.Errorf("%d %s, want 200 text/event-stream", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	// The body closes when ctx ends.
	return bufio.NewReader(resp.Body), nil
}

// nextEvent reads up to the end of the next event (a block with an
// "event:" line), skipping comments and retry-only blocks, and returns
// its name.
func nextEvent(r *bufio.Reader) (string, error) {
	name := ""
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			if name == "" {
				return "", err
			}
			return "", errors.New("the stream ended inside an event")
		}
		line = strings.TrimRight(line, "\r\n")
		if v, ok := strings.CutPrefix(line, "event:"); ok {
			name = strings.TrimSpace(v)
		}
		if line == "" && name != "" {
			return name, nil
		}
	}
}
