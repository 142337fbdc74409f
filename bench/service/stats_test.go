package main

import (
	"bufio"
	"strings"
	"testing"
	"time"
)

func TestPct(t *testing.T) {
	ms := func(ns ...int) []time.Duration {
		var ds []time.Duration
		for _, n := range ns {
			ds = append(ds, time.Duration(n)*time.Millisecond)
		}
		return ds
	}
	hundred := make([]int, 100)
	for i := range hundred {
		hundred[i] = 100 - i // 100..1, unsorted
	}
	for _, c := range []struct {
		name string
		ds   []time.Duration
		p    float64
		want time.Duration
	}{
		{"empty", nil, 50, 0},
		{"one", ms(7), 99, 7 * time.Millisecond},
		{"median of odd", ms(3, 1, 2), 50, 2 * time.Millisecond},
		{"median of even is the lower", ms(4, 1, 3, 2), 50, 2 * time.Millisecond},
		{"p99 of 100", ms(hundred...), 99, 99 * time.Millisecond},
		{"p100 of 100", ms(hundred...), 100, 100 * time.Millisecond},
	} {
		if got := pct(c.ds, c.p); got != c.want {
			t.Errorf("%s: pct(%v) = %v, want %v", c.name, c.p, got, c.want)
		}
	}
}

func TestNextEvent(t *testing.T) {
	for _, c := range []struct {
		name, stream string
		want         []string
		wantErr      string
	}{
		{"retry then events", "retry: 2000\n\nevent: state\ndata: {}\n\nevent: test\nid: 1.2\ndata: {}\n\n", []string{"state", "test"}, "EOF"},
		{"comments skipped", ": keep-alive\n\nevent: verdict\r\ndata: {}\r\n\r\n", []string{"verdict"}, "EOF"},
		{"cut inside an event", "event: state\ndata: {", nil, "the stream ended inside an event"},
		{"ends without an event", "retry: 1000\n: reconnect\n\n", nil, "EOF"},
	} {
		r := bufio.NewReader(strings.NewReader(c.stream))
		var got []string
		var err error
		for {
			var name string
			if name, err = nextEvent(r); err != nil {
				break
			}
			got = append(got, name)
		}
		if strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("%s: events %q, want %q", c.name, got, c.want)
		}
		if err.Error() != c.wantErr {
			t.Errorf("%s: ends with %q, want %q", c.name, err, c.wantErr)
		}
	}
}

func TestMeanBetween(t *testing.T) {
	before := map[string]float64{`pj_judge_seconds_sum{language="c"}`: 1, `pj_judge_seconds_count{language="c"}`: 10, "pj_queue_wait_seconds_sum": 0.5, "pj_queue_wait_seconds_count": 5}
	after := map[string]float64{`pj_judge_seconds_sum{language="c"}`: 3, `pj_judge_seconds_count{language="c"}`: 20, "pj_queue_wait_seconds_sum": 0.5, "pj_queue_wait_seconds_count": 5}
	if v, ok := meanBetween(before, after, `pj_judge_seconds{language="c"}`); !ok || v != 0.2 {
		t.Errorf("labelled histogram: %v %v, want 0.2 true", v, ok)
	}
	if _, ok := meanBetween(before, after, "pj_queue_wait_seconds"); ok {
		t.Error("nothing observed between the scrapes, yet a mean")
	}
	if _, ok := meanBetween(before, after, "pj_missing_seconds"); ok {
		t.Error("an absent metric has a mean")
	}
}
