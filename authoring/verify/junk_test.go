package verify

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestMakeJunk(t *testing.T) {
	tests := []struct {
		name   string
		source string
		want   map[string]string // kind to the junk made, "" for any
		absent []string          // kinds that cannot be made
	}{{
		name:   "numbers",
		source: "1 2\n",
		want: map[string]string{
			"empty file":           "",
			"truncated":            "1 ",
			"doubled whitespace":   "1  2\n",
			"missing whitespace":   "12\n",
			"no final newline":     "1 2",
			"leading space":        " 1 2\n",
			"extra blank line":     "1 2\n\n",
			"Windows line endings": "1 2\r\n",
			"value out of range":   hugeValue + " 2\n",
		},
		absent: []string{"bad character"},
	}, {
		name:   "board without numbers",
		source: "bw\nwb\n",
		want: map[string]string{
			"doubled whitespace": "bw\n\nwb\n",
			"missing whitespace": "bwwb\n",
			"bad character":      "~w\nwb\n",
		},
		absent: []string{"value out of range"},
	}, {
		name:   "single token",
		source: "7\n",
		want: map[string]string{
			"value out of range": hugeValue + "\n",
		},
		absent: []string{"doubled whitespace", "missing whitespace"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := makeJunk([]string{"s"}, map[string][]byte{"s": []byte(tt.source)}, [][]byte{[]byte(tt.source)})
			kinds := map[string][]string{}
			for _, j := range got {
				kinds[j.kind] = append(kinds[j.kind], string(j.data))
				if string(j.data) == tt.source {
					t.Errorf("junk %q equals the valid input", j.kind)
				}
			}
			for k, w := range tt.want {
				if len(kinds[k]) == 0 {
					t.Errorf("no %q junk", k)
				} else if w != "" && !slices.Contains(kinds[k], w) {
					t.Errorf("%q junk = %q, want %q", k, kinds[k], w)
				}
			}
			for _, k := range tt.absent {
				if len(kinds[k]) > 0 {
					t.Errorf("unexpected %q junk %q", k, kinds[k])
				}
			}
		})
	}
}

func TestMakeJunkOutOfRangeBothEnds(t *testing.T) {
	got := makeJunk([]string{"s"}, map[string][]byte{"s": []byte("3\n1 2 3\n")}, nil)
	var values []string
	for _, j := range got {
		if j.kind == "value out of range" {
			values = append(values, string(j.data))
		}
	}
	want := []string{hugeValue + "\n1 2 3\n", "3\n1 2 -" + hugeValue + "\n"}
	if !slices.Equal(values, want) {
		t.Errorf("out of range junk = %q, want %q", values, want)
	}
}

func TestSamplesInStatement(t *testing.T) {
	stmt := "# T\n\n## Samples\n\n```\n1 2  \n3 4\n```\n\ntext\n\n~~~text\nout\n~~~\n"
	blocks := codeBlocks([]byte(stmt))
	tests := []struct {
		sample string
		want   bool
	}{
		{"1 2\n3 4\n", true},
		{"3 4\n", true},
		{"out\n", true},
		{"\n\nout\n\n", true},
		{"1 2 3 4\n", false},
		{"text\n", false},
		{"", true},
	}
	for _, tt := range tests {
		if got := contains(blocks, normalize(tt.sample)); got != tt.want {
			t.Errorf("contains(%q) = %v, want %v", tt.sample, got, tt.want)
		}
	}
}

func TestHasHeading(t *testing.T) {
	md := []byte("# Title\n\n## Input format\n\ntext Output\n### output\n")
	for _, tt := range []struct {
		word string
		want bool
	}{{"Input", true}, {"Output", true}, {"Samples", false}, {"Title", true}} {
		if got := hasHeading(md, tt.word); got != tt.want {
			t.Errorf("hasHeading(%q) = %v, want %v", tt.word, got, tt.want)
		}
	}
}

// TestPoolStopOnFail checks that a sequence stops at its first failure
// in order, that later running jobs are cancelled, and that every job is
// counted once.
func TestPoolStopOnFail(t *testing.T) {
	tests := []struct {
		name       string
		stopOnFail bool
		fails      []int // jobs that fail
		wantRun    int   // at most this many jobs started
		wantFirst  int
	}{
		{"no failure", true, nil, 10, 10},
		{"stops", true, []int{3}, 3 + 1 + 4, 3},
		{"lowest failure wins", true, []int{2, 3}, 2 + 1 + 4, 2},
		{"runs all without stop", false, []int{3}, 10, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var mu sync.Mutex
			started := 0
			s := newSequence(tt.stopOnFail)
			for i := range 10 {
				s.add(func(ctx context.Context) bool {
					mu.Lock()
					started++
					mu.Unlock()
					// A job after the first failure holds its worker until
					// the failure cancels it: jobs are instant otherwise,
					// and the workers could run every job while the
					// failing one's worker waits for a CPU to record it.
					if tt.stopOnFail && len(tt.fails) > 0 && i > slices.Min(tt.fails) {
						<-ctx.Done()
					}
					return slices.Contains(tt.fails, i)
				})
			}
			done := 0
			p := &pool{workers: 4, done: func(n int) { mu.Lock(); done += n; mu.Unlock() }}
			p.add(s, 0)
			p.run(context.Background())
			if done != 10 {
				t.Errorf("counted %d jobs done, want 10", done)
			}
			if started > tt.wantRun {
				t.Errorf("started %d jobs, want at most %d", started, tt.wantRun)
			}
			if s.firstFail != tt.wantFirst {
				t.Errorf("first failure %d, want %d", s.firstFail, tt.wantFirst)
			}
		})
	}
}

// TestPoolOneAtATime checks that the jobs of sequences that stop at a
// failure run one at a time while another sequence has work.
func TestPoolOneAtATime(t *testing.T) {
	var mu sync.Mutex
	running := map[string]int{}
	most := map[string]int{}
	p := &pool{workers: 2}
	for _, name := range []string{"a", "b"} {
		s := newSequence(true)
		n := 10
		if name == "b" {
			n = 40 // b outlasts a
		}
		for range n {
			s.add(func(ctx context.Context) bool {
				mu.Lock()
				running[name]++
				most[name] = max(most[name], running[name])
				mu.Unlock()
				time.Sleep(time.Millisecond)
				mu.Lock()
				running[name]--
				mu.Unlock()
				return false
			})
		}
		p.add(s, 0)
	}
	p.run(context.Background())
	if most["a"] != 1 {
		t.Errorf("sequence a ran %d jobs at once, want 1 while b had work", most["a"])
	}
}

func TestPoolOrder(t *testing.T) {
	var order []string
	var mu sync.Mutex
	p := &pool{workers: 1}
	seq := func(name string, n int, then func()) *sequence {
		s := newSequence(false)
		for i := range n {
			s.add(func(ctx context.Context) bool {
				mu.Lock()
				order = append(order, name+strings.Repeat("'", i))
				mu.Unlock()
				if then != nil {
					then()
				}
				return false
			})
		}
		return s
	}
	p.add(seq("c", 2, nil), 2)
	p.add(seq("a", 2, nil), 1)
	p.add(seq("b", 1, nil), 1)
	// A job adds a sequence that ranks before everything left.
	p.add(seq("first", 1, func() { p.add(seq("added", 1, nil), 0) }), 0)
	p.run(context.Background())
	if got, want := strings.Join(order, " "), "first added a a' b c c'"; got != want {
		t.Errorf("order %q, want %q: by rank, then in the order added", got, want)
	}
}
