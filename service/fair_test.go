package service

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/service/api"
	"github.com/puzzlejudge/judge/service/store"
)

// slowSum answers a-plus-b after 0.4 s of CPU time on every test: right,
// well within the 1 s limit, and slow, about 3 s for its 16 tests two at
// a time.
const slowSum = `#include <stdio.h>
#include <time.h>
int main(void) {
	long long a, b;
	if (scanf("%lld %lld", &a, &b) != 2) return 1;
	while (clock() < CLOCKS_PER_SEC * 2 / 5) {
	}
	printf("%lld\n", a + b);
	return 0;
}
`

// post submits a source to a-plus-b as the token's user.
func (s *stack) post(t *testing.T, token, filename, src string) string {
	t.Helper()
	code, _, out := s.call(t, "POST", "/api/v1/submissions", token, api.NewSubmission{Problem: "a-plus-b", Filename: filename, Source: src})
	if code != http.StatusAccepted {
		t.Fatalf("POST %s: %d %v", filename, code, out)
	}
	return out["id"].(string)
}

// TestFairQueue: with one slot, one user's slow submissions do not
// starve another's: ann sends three slow ones, then bob a quick one, and
// bob's is judged right after ann's first, before ann's others, whose
// turns come one at a time. The order is the queue's, not a race: ann's
// second job enters the stream only when her first is done, after bob's.
func TestFairQueue(t *testing.T) {
	s := newStack(t, func(c *Config) { c.Slots = 1 })
	bob := s.token(t, "bob", store.RoleUser)
	var ann []string
	for range 3 {
		ann = append(ann, s.post(t, s.user, "slow.c", slowSum))
	}
	quick := s.post(t, bob, "sum.c", source(t, "a-plus-b/accepted/sum.c"))

	done := s.waitDone(t, bob, quick)
	if done["verdict"] != "AC" {
		t.Fatalf("bob's submission: %v, want AC", done["verdict"])
	}
	ctx := context.Background()
	for _, id := range ann[1:] {
		sub, err := s.svc.st.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if sub.State == store.Done {
			t.Errorf("ann's %s was done before bob's one submission", id)
		}
	}
	var finished []time.Time
	for _, id := range append([]string{ann[0], quick}, ann[1:]...) {
		out := s.waitDone(t, s.admin, id)
		if out["verdict"] != "AC" {
			t.Errorf("%s: %v, want AC", id, out["verdict"])
		}
		sub, err := s.svc.st.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		finished = append(finished, sub.FinishedAt)
	}
	// One slot: ann's first, bob's, ann's second, ann's third.
	for i := 1; i < len(finished); i++ {
		if !finished[i].After(finished[i-1]) {
			t.Errorf("judged out of turn: finish times %v, want ann's first, bob's, then ann's in order", finished)
			break
		}
	}
}

// TestFairQueueCancelPassesTurn: a submission cancelled while its job
// waits in the stream passes its user's turn on when a worker takes the
// job (its final is not applied): the user's next submission is judged
// without waiting for the sweeper, which here would wait ten minutes.
func TestFairQueueCancelPassesTurn(t *testing.T) {
	s := newStack(t, func(c *Config) { c.Slots, c.Sweep = 0, 10*time.Minute })
	first := s.submit(t, s.user, "a-plus-b/accepted/sum.c")
	second := s.submit(t, s.user, "a-plus-b/accepted/sum.c") // waits for ann's turn
	if code, _, out := s.call(t, "DELETE", "/api/v1/submissions/"+first, s.user, nil); code/100 != 2 {
		t.Fatalf("DELETE %s: %d %v", first, code, out)
	}
	if err := s.svc.startWorkers(1); err != nil {
		t.Fatal(err)
	}
	if out := s.waitDone(t, s.user, second); out["verdict"] != "AC" {
		t.Errorf("ann's second submission: %v, want AC", out["verdict"])
	}
}

// busySum answers a-plus-b after 0.5 s of CPU time on every test: right,
// within the 1 s limit, and about 8 s of CPU for the 16 tests.
const busySum = `#include <stdio.h>
#include <time.h>
int main(void) {
	long long a, b;
	if (scanf("%lld %lld", &a, &b) != 2) return 1;
	while (clock() < CLOCKS_PER_SEC / 2) {
	}
	printf("%lld\n", a + b);
	return 0;
}
`

// TestSlowSubmissionHoldsOneSlot: with the two slots a two-core machine
// gets by default, a user's submissions that spend seconds on every test
// hold one slot, and another user's submission is judged in the other
// meanwhile: ann sends two, bob one, and bob's is done while ann's first,
// started first, is still being judged (it needs 8 s of CPU; bob's a few
// milliseconds).
func TestSlowSubmissionHoldsOneSlot(t *testing.T) {
	s := newStack(t, func(c *Config) { c.Slots = DefaultSlots(2) })
	bob := s.token(t, "bob", store.RoleUser)
	// ann sends two: her fair share of two slots is one, so the second
	// waits for her first and leaves the other slot to bob.
	slow := s.post(t, s.user, "busy.c", busySum)
	second := s.post(t, s.user, "busy.c", busySum)
	ctx := context.Background()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		sub, err := s.svc.st.Get(ctx, slow)
		if err != nil {
			t.Fatal(err)
		}
		if sub.State == store.Judging {
			break
		}
		if sub.State == store.Done || time.Now().After(deadline) {
			t.Fatalf("ann's slow submission is %s, want it being judged", sub.State)
		}
		time.Sleep(20 * time.Millisecond) // polling the store for the state
	}
	quick := s.post(t, bob, "sum.c", source(t, "a-plus-b/accepted/sum.c"))
	if out := s.waitDone(t, bob, quick); out["verdict"] != "AC" {
		t.Fatalf("bob's submission: %v, want AC", out["verdict"])
	}
	sub, err := s.svc.st.Get(ctx, slow)
	if err != nil {
		t.Fatal(err)
	}
	if sub.State == store.Done {
		t.Errorf("ann's slow submission was done before bob's quick one: bob's waited behind it")
	}
	for _, id := range []string{slow, second} {
		if out := s.waitDone(t, s.admin, id); out["verdict"] != "AC" {
			t.Errorf("ann's slow submission %s: %v, want AC", id, out["verdict"])
		}
	}
}
