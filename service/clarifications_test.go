package service

import (
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/service/client"
	"github.com/puzzlejudge/judge/service/store"
)

// clarStream follows GET /api/v1/clarifications/events as token, its
// events with a name on the channel; it waits until the stream has
// opened (its id-only first event), so what follows is live.
func (s *stack) clarStream(t *testing.T, token string) <-chan client.Event {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", s.srv.URL+"/api/v1/clarifications/events", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); resp.Body.Close() })
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("clarification stream: %d %s", resp.StatusCode, readAll(t, resp))
	}
	opened := make(chan struct{})
	ch := make(chan client.Event, 64)
	go func() {
		defer close(ch)
		first := true
		_ = client.ReadEvents(resp.Body, func(e client.Event) bool {
			if first && e.ID != "" {
				first = false
				close(opened)
			}
			if e.Name != "" {
				ch <- e
			}
			return true
		})
	}()
	select {
	case <-opened:
	case <-time.After(time.Minute):
		t.Fatal("the clarification stream sent no opening id in a minute")
	}
	return ch
}

// nextClar is a stream's next event, decoded, with its name.
func nextClar(t *testing.T, who string, ch <-chan client.Event) (string, map[string]any) {
	t.Helper()
	select {
	case e, ok := <-ch:
		if !ok {
			t.Fatalf("%s's stream ended", who)
		}
		var v map[string]any
		if err := json.Unmarshal([]byte(e.Data), &v); err != nil {
			t.Fatalf("%s's event %q: %v", who, e.Data, err)
		}
		if e.ID != jsonNumber(v["seq"]) {
			t.Errorf("%s's event id %q, its seq %v", who, e.ID, v["seq"])
		}
		return e.Name, v
	case <-time.After(time.Minute):
		t.Fatalf("%s's stream brought nothing in a minute", who)
	}
	return "", nil
}

func jsonNumber(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestClarificationsLive: on the real stack, a question asked and
// answered reaches the asker's stream at once (this server's poll is an
// hour away); another user's stream gets only the answer to all, never
// the private one; and a second server sharing the store brings the
// answer to its own streams by polling.
func TestClarificationsLive(t *testing.T) {
	a := newStack(t, func(c *Config) { c.Slots = 0; c.ClarPoll = time.Hour })
	b := newStack(t, func(c *Config) {
		c.Slots = 0
		c.ClarPoll = 20 * time.Millisecond
		c.Store = "sqlite:" + filepath.Join(a.svc.cfg.Data, store.DBFile)
	})
	ann, bob := a.user, a.token(t, "bob", store.RoleUser)
	annCh, bobCh := a.clarStream(t, ann), a.clarStream(t, bob)
	bobOnB := b.clarStream(t, bob)

	code, _, out := a.call(t, "POST", "/api/v1/clarifications", ann, map[string]any{"problem": "nope", "text": "?"})
	if code != http.StatusNotFound || out["field"] != "problem" {
		t.Errorf("a question about no problem: %d %v", code, out)
	}
	code, _, q1 := a.call(t, "POST", "/api/v1/clarifications", ann, map[string]any{"problem": "a-plus-b", "text": "Private: may a be negative?"})
	if code != http.StatusCreated || q1["kind"] != "question" || q1["from"] != "ann" {
		t.Fatalf("ask: %d %v", code, q1)
	}
	if name, v := nextClar(t, "ann", annCh); name != "question" || v["question"] != "Private: may a be negative?" {
		t.Errorf("ann's stream: %s %v", name, v)
	}
	path := "/api/v1/clarifications/" + jsonNumber(q1["id"]) + "/answer"
	if code, _, out := a.call(t, "POST", path, a.admin, map[string]any{"text": "Yes, down to -10^9."}); code != http.StatusOK || out["to_all"] != false {
		t.Fatalf("answer: %d %v", code, out)
	}
	if name, v := nextClar(t, "ann", annCh); name != "answer" || v["answer"] != "Yes, down to -10^9." || v["id"] != q1["id"] {
		t.Errorf("ann's stream after the answer: %s %v", name, v)
	}

	code, _, q2 := a.call(t, "POST", "/api/v1/clarifications", ann, map[string]any{"text": "Is C++20 there?"})
	if code != http.StatusCreated {
		t.Fatalf("ask: %d %v", code, q2)
	}
	nextClar(t, "ann", annCh)
	path = "/api/v1/clarifications/" + jsonNumber(q2["id"]) + "/answer"
	if code, _, out := a.call(t, "POST", path, a.admin, map[string]any{"text": "It is.", "to_all": true}); code != http.StatusOK {
		t.Fatalf("answer to all: %d %v", code, out)
	}
	if name, v := nextClar(t, "ann", annCh); name != "answer" || v["id"] != q2["id"] || v["mine"] != true {
		t.Errorf("ann's stream after the answer to all: %s %v", name, v)
	}
	// bob's first event is the answer to all: ann's private question and
	// its answer never reached him, nor her name.
	for _, c := range []struct {
		who string
		ch  <-chan client.Event
	}{{"bob", bobCh}, {"bob on the second server", bobOnB}} {
		name, v := nextClar(t, c.who, c.ch)
		if name != "answer" || v["id"] != q2["id"] || v["question"] != "Is C++20 there?" || v["answer"] != "It is." || v["from"] != nil {
			t.Errorf("%s's first event: %s %v", c.who, name, v)
		}
	}
	code, _, list := b.call(t, "GET", "/api/v1/clarifications", bob, nil)
	if items, _ := list["clarifications"].([]any); code != http.StatusOK || len(items) != 1 {
		t.Errorf("bob's listing on the second server: %d %v", code, list)
	}
}
