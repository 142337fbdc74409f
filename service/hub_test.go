package service

import (
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/judging"
	"github.com/puzzlejudge/judge/service/api"
)

// TestHubFinish: the verdict brings the compile and test rows live
// delivery missed, after those it brought, each once, numbered on.
func TestHubFinish(t *testing.T) {
	rep := &judging.Report{Compile: judging.CompileReport{OK: true}, Tests: []judging.TestResult{{Name: "1"}, {Name: "2"}, {Name: "3"}}}
	tests := rep.Tests
	state := api.Event{Name: "state"}
	compile := api.Event{Name: "compile", Data: []byte(`{}`)}
	test := func(i int) api.Event { return api.Event{Name: "test", Test: &tests[i]} }
	for _, tc := range []struct {
		name string
		live func(h *hub)
		want string
	}{
		{"nothing live", func(h *hub) {}, "1.1 compile, 1.2 test, 1.3 test, 1.4 test, 1.5 verdict"},
		{"some live", func(h *hub) {
			h.publish("s", 1, state)
			h.publish("s", 1, compile)
			h.publish("s", 1, test(0))
		}, "1.1 state, 1.2 compile, 1.3 test, 1.4 test, 1.5 test, 1.6 verdict"},
		{"all live", func(h *hub) {
			h.publish("s", 1, compile)
			for i := range tests {
				h.publish("s", 1, test(i))
			}
		}, "1.1 compile, 1.2 test, 1.3 test, 1.4 test, 1.5 verdict"},
		{"an older generation held", func(h *hub) {
			h.publish("s", 0, test(0))
			h.publish("s", 0, test(1))
		}, "1.1 compile, 1.2 test, 1.3 test, 1.4 test, 1.5 verdict"},
		{"a second attempt", func(h *hub) {
			h.publish("s", 1, state)
			h.publish("s", 1, compile)
			h.publish("s", 1, test(0))
			h.publish("s", 1, test(1))
			h.publish("s", 1, state)
			h.publish("s", 1, compile)
		}, "1.1 state, 1.2 compile, 1.3 test, 1.4 test, 1.5 state, 1.6 compile, 1.7 test, 1.8 test, 1.9 test, 1.10 verdict"},
		{"late rows after the verdict", func(h *hub) {}, "1.1 compile, 1.2 test, 1.3 test, 1.4 test, 1.5 verdict"},
	} {
		h := newHub(time.Minute)
		tc.live(h)
		if h.finished("s") {
			t.Errorf("%s: finished before the verdict", tc.name)
		}
		h.finish("s", 1, rep, api.Submission{ID: "s", State: api.StateDone, Encoded: []byte(`{"verdict":"AC"}`)})
		h.publish("s", 1, test(2)) // too late: dropped
		evs, gen := h.since("s", 1, 0)
		var got []string
		for _, ev := range evs {
			got = append(got, ev.ID+" "+ev.Name)
		}
		if !h.finished("s") {
			t.Errorf("%s: not finished after the verdict", tc.name)
		}
		if g := strings.Join(got, ", "); g != tc.want || gen != 1 {
			t.Errorf("%s: %s (generation %d), want %s", tc.name, g, gen, tc.want)
		}
		if r, ok := h.result("s"); !ok || r.ID != "s" || string(r.Encoded) != `{"verdict":"AC"}` {
			t.Errorf("%s: result %+v, %v; want the finished submission, encoded", tc.name, r, ok)
		}
		// A repeated final changes nothing; a new generation has no
		// result until its own verdict.
		h.finish("s", 1, rep, api.Submission{ID: "s", State: api.StateDone, Encoded: []byte(`{"verdict":"WA"}`)})
		if r, _ := h.result("s"); string(r.Encoded) != `{"verdict":"AC"}` {
			t.Errorf("%s: a repeated final replaced the result with %s", tc.name, r.Encoded)
		}
		h.publish("s", 2, state)
		if r, ok := h.result("s"); ok {
			t.Errorf("%s: generation 2 has generation 1's result %s", tc.name, r.Encoded)
		}
	}
}

// TestHubListen: a listener of every event is woken by each; one of the
// verdict only, by the verdict alone.
func TestHubListen(t *testing.T) {
	h := newHub(time.Minute)
	all, stopAll := h.listen("s", false)
	defer stopAll()
	verdict, stopVerdict := h.listen("s", true)
	defer stopVerdict()
	woken := func(ch <-chan struct{}) bool {
		select {
		case <-ch:
			return true
		default:
			return false
		}
	}
	for _, name := range []string{"state", "compile", "test"} {
		h.publish("s", 1, api.Event{Name: name, Data: []byte(`{}`)})
		if !woken(all) {
			t.Errorf("a %s event did not wake the listener of every event", name)
		}
		if woken(verdict) {
			t.Errorf("a %s event woke the listener of the verdict", name)
		}
	}
	h.finish("s", 1, nil, api.Submission{ID: "s", State: api.StateDone, Encoded: []byte(`{"verdict":"AC"}`)})
	if !woken(all) || !woken(verdict) {
		t.Error("the verdict did not wake both listeners")
	}
}
