package service

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/puzzlejudge/judge/core/judging"
	"github.com/puzzlejudge/judge/service/api"
)

// hub fans a submission's live events out to its event streams and wakes
// the requests waiting for its result, in this process. It keeps the
// events of each submission's current generation for a while after the
// verdict, so a client that reconnects resumes where it left off.
type hub struct {
	mu   sync.Mutex
	subs map[string]*feed
	keep time.Duration
	now  func() time.Time
	// contests wakes the standings streams of a contest whose
	// submission is judged.
	contests contestBell
}

// feed is one submission's events of one generation and who listens.
type feed struct {
	gen    int
	events []api.Event
	// listeners are woken at each event, or, those whose value is true,
	// at the verdict only.
	listeners map[chan struct{}]bool
	done      time.Time // when the verdict came; zero before
	// result is the done submission of the verdict finish added (its
	// Encoded its whole view's JSON); nil for other verdicts.
	result *api.Submission
}

func newHub(keep time.Duration) *hub {
	return &hub{subs: map[string]*feed{}, keep: keep, now: time.Now}
}

// eventID names the n-th event (from 1) of a generation: "gen.n".
func eventID(gen, n int) string { return fmt.Sprintf("%d.%d", gen, n) }

// parseEventID reads an id eventID made; ok is false for anything else.
func parseEventID(id string) (gen, n int, ok bool) {
	g, s, found := strings.Cut(id, ".")
	if !found {
		return 0, 0, false
	}
	gen, err1 := strconv.Atoi(g)
	n, err2 := strconv.Atoi(s)
	return gen, n, err1 == nil && err2 == nil && gen > 0 && n >= 0
}

// publish appends an event of generation gen of submission id (its ID
// is the hub's to give) and wakes its listeners. Events of an older
// generation than the feed's are dropped; a newer generation starts the
// feed over.
func (h *hub) publish(id string, gen int, ev api.Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.add(id, gen, ev)
}

// publishTest publishes the event of test number index (from 0) of the
// current attempt, only when it is the next row: a live event lost on
// the way must not shift the rows after it (the verdict brings the
// missing ones from the report, in order).
func (h *hub) publishTest(id string, gen, index int, test *judging.TestResult) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if f := h.subs[id]; f == nil || f.gen != gen || f.tests() != index {
		return
	}
	h.add(id, gen, api.Event{Name: "test", Test: test})
}

// tests counts the test rows of the current attempt.
func (f *feed) tests() int {
	n := 0
	for _, ev := range f.events {
		switch ev.Name {
		case "state":
			n = 0
		case "test":
			n++
		}
	}
	return n
}

// add is publish with mu held.
func (h *hub) add(id string, gen int, ev api.Event) {
	f := h.subs[id]
	if f == nil {
		f = &feed{gen: gen, listeners: map[chan struct{}]bool{}}
		h.subs[id] = f
	}
	if gen < f.gen {
		return
	}
	if gen > f.gen {
		f.gen, f.events, f.done, f.result = gen, nil, time.Time{}, nil
	}
	if !f.done.IsZero() {
		return // one verdict per generation; later events are repeats
	}
	ev.ID = eventID(gen, len(f.events)+1)
	f.events = append(f.events, ev)
	if ev.Name == "verdict" {
		f.done = h.now()
		h.gc()
	}
	for ch, verdictOnly := range f.listeners {
		if verdictOnly && ev.Name != "verdict" {
			continue
		}
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// finish ends generation gen of submission id with its verdict, result
// (the done submission, its report rep). The compile and test events of
// the last attempt that live delivery has not brought (lost, or still on
// the way) are added from the report first, under one lock, so a
// follower sees every row before the verdict and none twice.
func (h *hub) finish(id string, gen int, rep *judging.Report, result api.Submission) {
	h.mu.Lock()
	defer h.mu.Unlock()
	haveCompile, haveTests := false, 0
	if f := h.subs[id]; f != nil && f.gen == gen {
		for _, ev := range f.events {
			switch ev.Name {
			case "state": // a new attempt: its rows start over
				haveCompile, haveTests = false, 0
			case "compile":
				haveCompile = true
			case "test":
				haveTests++
			}
		}
	}
	var tests []judging.TestResult
	if rep != nil {
		if !haveCompile {
			h.add(id, gen, compileEvent(&rep.Compile))
		}
		tests = rep.Tests
	}
	for i := min(haveTests, len(tests)); i < len(tests); i++ {
		h.add(id, gen, api.Event{Name: "test", Test: &tests[i]})
	}
	f := h.subs[id]
	if f != nil && f.gen == gen && !f.done.IsZero() {
		return // one verdict per generation
	}
	h.add(id, gen, api.Event{Name: "verdict", Result: &result})
	if f = h.subs[id]; f != nil && f.gen == gen {
		f.result = &result
	}
}

// compileEvent is the event of a compile step, its JSON encoded once for
// every follower.
func compileEvent(c *judging.CompileReport) api.Event {
	data, _ := json.Marshal(c)
	return api.Event{Name: "compile", Data: data}
}

// result is the done submission whose verdict finish added for id's
// latest generation the hub knows, encoded; false when it has none.
func (h *hub) result(id string) (api.Submission, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	f := h.subs[id]
	if f == nil || f.done.IsZero() || f.result == nil {
		return api.Submission{}, false
	}
	return *f.result, true
}

// finished reports whether the hub has a verdict for id's latest
// generation it knows.
func (h *hub) finished(id string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	f := h.subs[id]
	return f != nil && !f.done.IsZero()
}

// listen registers for wake-ups about id, at each event or, verdictOnly,
// at the verdict only (a request waiting for the result is not woken by
// every test); call the returned stop when done.
func (h *hub) listen(id string, verdictOnly bool) (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	h.mu.Lock()
	f := h.subs[id]
	if f == nil {
		f = &feed{listeners: map[chan struct{}]bool{}}
		h.subs[id] = f
	}
	f.listeners[ch] = verdictOnly
	h.mu.Unlock()
	return ch, func() {
		h.mu.Lock()
		delete(f.listeners, ch)
		if len(f.listeners) == 0 && len(f.events) == 0 && h.subs[id] == f {
			delete(h.subs, id)
		}
		h.mu.Unlock()
	}
}

// since returns the events of id's generation gen after the n-th, and the
// generation the hub holds (0 when it holds none).
func (h *hub) since(id string, gen, n int) ([]api.Event, int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	f := h.subs[id]
	if f == nil || f.gen == 0 {
		return nil, 0
	}
	if gen != f.gen {
		n = 0
	}
	if n >= len(f.events) {
		return nil, f.gen
	}
	return append([]api.Event(nil), f.events[n:]...), f.gen
}

// gc forgets feeds whose verdict is older than keep and that nobody
// follows. Called with mu held.
func (h *hub) gc() {
	now := h.now()
	for id, f := range h.subs {
		if len(f.listeners) == 0 && !f.done.IsZero() && now.Sub(f.done) > h.keep {
			delete(h.subs, id)
		}
	}
}
