package service

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/service/queue"
	"github.com/puzzlejudge/judge/service/store"
)

// TestQueueFigures: with no worker, submissions wait in the queue; a job
// a worker holds is in flight. /api/v1/workers and the admin page show
// both figures. The three submissions are three users': the fair queue
// puts one job a user in the stream (with no workers), the figures
// count the stream's.
func TestQueueFigures(t *testing.T) {
	s := newStack(t, func(c *Config) { c.Slots = 0 })
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for _, user := range []string{s.user, s.token(t, "bob", store.RoleUser), s.token(t, "cid", store.RoleUser)} {
		s.submit(t, user, "a-plus-b/accepted/sum.c")
	}
	// A worker takes one job and holds it unsettled.
	jobs, err := queue.Bind(ctx, s.svc.q.js)
	if err != nil {
		t.Fatal(err)
	}
	d, err := jobs.Next(ctx, 10*time.Second)
	if err != nil || d == nil {
		t.Fatalf("no job to take: %v", err)
	}
	// The figures are read at most once a second: wait for fresh ones.
	var got map[string]any
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		code, _, out := s.call(t, "GET", "/api/v1/workers", s.admin, nil)
		if code != http.StatusOK {
			t.Fatalf("GET /api/v1/workers: %d %v", code, out)
		}
		got, _ = out["queue"].(map[string]any)
		if got["depth"] == 2.0 && got["in_flight"] == 1.0 || time.Now().After(deadline) {
			break
		}
	}
	if got["depth"] != 2.0 || got["in_flight"] != 1.0 {
		t.Fatalf("queue %v, want depth 2 and in_flight 1", got)
	}
	req, err := http.NewRequestWithContext(ctx, "GET", s.srv.URL+"/admin", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.AddCookie(s.signIn(t, s.admin))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	want := fmt.Sprintf("Queue: <strong>%d</strong> waiting for a worker, <strong>%d</strong> being judged", 2, 1)
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), want) {
		t.Errorf("admin page: %d, lacks %q:\n%s", resp.StatusCode, want, body)
	}
	_ = d.Retry(0)
}
