package api

import (
	"sync"
	"time"
)

// rateLimiter is a token bucket per user: rate submissions per window,
// refilled continuously, bursts up to rate.
type rateLimiter struct {
	rate    int
	window  time.Duration
	mu      sync.Mutex
	buckets map[string]*bucket
	now     func() time.Time
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newRateLimiter(rate int, window time.Duration) *rateLimiter {
	return &rateLimiter{rate: rate, window: window, buckets: map[string]*bucket{}, now: time.Now}
}

// take spends n tokens of user's bucket; when there are not enough it
// spends none and says how long until there will be.
func (l *rateLimiter) take(user string, n int) (bool, time.Duration) {
	if l.rate < 0 {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	perToken := l.window / time.Duration(l.rate)
	b := l.buckets[user]
	if b == nil {
		if len(l.buckets) > 10000 {
			l.prune(now)
		}
		b = &bucket{tokens: float64(l.rate), at: now}
		l.buckets[user] = b
	}
	b.tokens += float64(now.Sub(b.at)) / float64(perToken)
	if b.tokens > float64(l.rate) {
		b.tokens = float64(l.rate)
	}
	b.at = now
	if b.tokens >= float64(n) {
		b.tokens -= float64(n)
		return true, 0
	}
	if n > l.rate {
		return false, l.window
	}
	return false, time.Duration((float64(n) - b.tokens) * float64(perToken))
}

// prune forgets buckets that have refilled completely.
func (l *rateLimiter) prune(now time.Time) {
	for u, b := range l.buckets {
		if now.Sub(b.at) >= l.window {
			delete(l.buckets, u)
		}
	}
}
