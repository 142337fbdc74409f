package runner

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestCPUPlacer(t *testing.T) {
	p := &cpuPlacer{cpus: []int{0, 2, 5}, runs: make([]int, 3), busy: make([]float64, 3), stat: filepath.Join(t.TempDir(), "missing")}
	steps := []struct {
		op   string // "take" or "give N"
		want int    // what take returns (CPU plus one)
	}{
		{"take", 1}, {"take", 3}, {"take", 6}, // one run each, lowest first
		{"take", 1},   // all busy: the lowest again
		{"give 3", 0}, // CPU 2 is free
		{"take", 3},   // and taken
		{"give 1", 0}, // CPU 0 still has a run
		{"give 6", 0}, // CPU 5 is free
		{"take", 6},   // the only CPU with none
		{"take", 1},   // each has one: the lowest
	}
	for i, s := range steps {
		if s.op == "take" {
			if got := p.take(); got != s.want {
				t.Fatalf("step %d: take = %d, want %d (runs %v)", i, got, s.want, p.runs)
			}
			continue
		}
		cpu, err := strconv.Atoi(strings.TrimPrefix(s.op, "give "))
		if err != nil {
			t.Fatal(err)
		}
		p.give(cpu)
	}
	// Among CPUs with as many of the judge's runs, the one the host kept
	// least busy since the last look.
	stat := filepath.Join(t.TempDir(), "stat")
	write := func(lines string) {
		t.Helper()
		if err := os.WriteFile(stat, []byte("cpu  9 9 9 9 9 9 9 9 9 9\n"+lines+"intr 1 2 3\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	q := &cpuPlacer{cpus: []int{0, 1, 2}, runs: make([]int, 3), busy: make([]float64, 3), stat: stat}
	write("cpu0 100 0 0 100 0 0 0 0 0 0\ncpu1 100 0 0 100 0 0 0 0 0 0\ncpu2 100 0 0 100 0 0 0 0 0 0\n")
	if got := q.take(); got != 1 {
		t.Errorf("first take = %d, want 1 (nothing looked busy yet)", got)
	}
	q.give(1)
	// Since then CPU 0 was busy all the time, CPU 1 half, CPU 2 a tenth
	// (its guest time, 50, is part of its user time).
	write("cpu0 200 0 0 100 0 0 0 0 0 0\ncpu1 150 0 0 150 0 0 0 0 0 0\ncpu2 110 0 0 190 0 0 0 0 50 0\n")
	q.looked = time.Time{}
	for _, want := range []int{3, 2, 1, 3} {
		if got := q.take(); got != want {
			t.Errorf("take = %d, want %d (runs %v, busy %.2f)", got, want, q.runs, q.busy)
		}
	}

	// One CPU or none: nothing is placed.
	if got := (&cpuPlacer{}).take(); got != 0 {
		t.Errorf("take without CPUs = %d, want 0", got)
	}
}

// TestRunsBoundToOneCPU checks that a run is bound to one CPU, another
// than the one a run under way holds, and that a run with AllCPUs has
// every CPU the judge has.
func TestRunsBoundToOneCPU(t *testing.T) {
	own := allowedCPUs(t, "/proc/self/status")
	for _, mode := range []Mode{ModeFull, ModeBasic} {
		t.Run(string(mode), func(t *testing.T) {
			s := modeSandbox(t, mode)
			if len(s.cpus.cpus) < 2 {
				t.Skipf("one CPU (%s): nothing to place", own)
			}
			held := s.cpus.take() // a run under way elsewhere
			defer s.cpus.give(held)
			got := runCPUs(t, s, false)
			if strings.ContainsAny(got, ",-") {
				t.Fatalf("run may use CPUs %s, want one", got)
			}
			if got == strconv.Itoa(held-1) {
				t.Errorf("run bound to CPU %s, which a run under way holds", got)
			}
			if all := runCPUs(t, s, true); all != own {
				t.Errorf("run with AllCPUs may use CPUs %s, want the judge's %s", all, own)
			}
			// The launcher is bound again for the next run.
			if again := runCPUs(t, s, false); strings.ContainsAny(again, ",-") {
				t.Errorf("run after an AllCPUs run may use CPUs %s, want one", again)
			}
		})
	}
}

// runCPUs runs a shell in s and returns the CPUs it may use.
func runCPUs(t *testing.T, s *Sandbox, all bool) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "status")
	res, err := s.Run(context.Background(), Spec{
		Args:    []string{"sh", "-c", "cat /proc/self/status"},
		Stdout:  out,
		AllCPUs: all,
		Limits:  Limits{CPU: 5 * time.Second},
	})
	if err != nil || !res.OK() {
		t.Fatalf("run: %v %+v", err, res)
	}
	return allowedCPUs(t, out)
}

// allowedCPUs reads Cpus_allowed_list from a copy of /proc/PID/status.
func allowedCPUs(t *testing.T, status string) string {
	t.Helper()
	data, err := os.ReadFile(status)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "Cpus_allowed_list:"); ok {
			return strings.TrimSpace(v)
		}
	}
	t.Fatalf("no Cpus_allowed_list in %s", status)
	return ""
}
