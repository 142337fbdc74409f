package api

import (
	"testing"
	"time"
)

func TestRateLimiter(t *testing.T) {
	now := time.Unix(1000, 0)
	l := newRateLimiter(3, 3*time.Second)
	l.now = func() time.Time { return now }
	steps := []struct {
		advance time.Duration
		user    string
		n       int
		ok      bool
		after   time.Duration
	}{
		{0, "ann", 2, true, 0},
		{0, "ann", 1, true, 0},
		{0, "ann", 1, false, time.Second},
		{0, "bob", 3, true, 0}, // buckets are per user
		{500 * time.Millisecond, "ann", 1, false, 500 * time.Millisecond},
		{500 * time.Millisecond, "ann", 1, true, 0},
		{10 * time.Second, "ann", 3, true, 0}, // refills to the rate, no more
		{0, "ann", 1, false, time.Second},
		{0, "cat", 4, false, 3 * time.Second}, // more than the rate: a full window
	}
	for i, s := range steps {
		now = now.Add(s.advance)
		ok, after := l.take(s.user, s.n)
		if ok != s.ok || after != s.after {
			t.Errorf("step %d (%s takes %d): ok=%v after=%v, want ok=%v after=%v", i, s.user, s.n, ok, after, s.ok, s.after)
		}
	}
	if ok, _ := newRateLimiter(-1, time.Second).take("x", 1000); !ok {
		t.Error("a negative rate limits; want no limit")
	}
}
