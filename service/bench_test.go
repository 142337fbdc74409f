package service

import (
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/puzzlejudge/judge/service/api"
	"github.com/puzzlejudge/judge/service/store"
)

// The benchmarks run the whole service in the test process, so that
// `go test -bench . -cpuprofile` shows where its time goes (the
// bench/service command measures the real binary from outside).

// BenchmarkSubmitToVerdict is one submission in flight: POST, then GET
// ?wait=30s until its verdict, an accepted a-plus-b in C (compile cache
// warm after the first).
func BenchmarkSubmitToVerdict(b *testing.B) {
	s := newStack(b, func(c *Config) { c.API.Rate = -1 })
	src := source(b, "a-plus-b/accepted/sum.c")
	body := api.NewSubmission{Problem: "a-plus-b", Filename: "sum.c", Source: src}
	post := func() {
		code, _, out := s.call(b, "POST", "/api/v1/submissions", s.user, body)
		if code != http.StatusAccepted {
			b.Fatalf("POST: %d %v", code, out)
		}
		id := out["id"].(string)
		code, _, out = s.call(b, "GET", "/api/v1/submissions/"+id+"?wait=30s", s.user, nil)
		if code != http.StatusOK || out["verdict"] != "AC" {
			b.Fatalf("GET %s: %d %v", id, code, out)
		}
	}
	post() // the compile cache
	b.ResetTimer()
	for range b.N {
		post()
	}
}

// BenchmarkPost is POSTs alone, many at once from many users, with no
// worker taking the jobs: what each costs the server in a burst.
func BenchmarkPost(b *testing.B) {
	s := newStack(b, func(c *Config) {
		c.Slots = 0
		c.MaxJobs = 100000
		c.API.MaxQueued = 1 << 30 // counted, as by default, never reached
		c.API.Rate = -1
	})
	src := source(b, "a-plus-b/accepted/sum.c")
	body := api.NewSubmission{Problem: "a-plus-b", Filename: "sum.c", Source: src}
	users := make([]string, 64)
	for i := range users {
		users[i] = s.token(b, fmt.Sprintf("u%02d", i), store.RoleUser)
	}
	var next atomic.Int64
	b.SetParallelism(8)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		tok := users[next.Add(1)%int64(len(users))]
		for pb.Next() {
			if code, _, out := s.call(b, "POST", "/api/v1/submissions", tok, body); code != http.StatusAccepted {
				b.Errorf("POST: %d %v", code, out)
				return
			}
		}
	})
}
