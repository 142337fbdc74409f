package main

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"
)

// pct returns the p-th percentile (0 < p ≤ 100) of ds by the nearest-rank
// method; zero for no samples.
func pct(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := int(float64(len(s))*p/100+0.999999) - 1
	return s[min(max(i, 0), len(s)-1)]
}

// mean is the mean of ds; zero for no samples.
func mean(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	var sum time.Duration
	for _, d := range ds {
		sum += d
	}
	return sum / time.Duration(len(ds))
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// targets records each figure against its target, for the closing
// summary.
type targets struct {
	missed []string
	n      int
}

// check prints one figure with its target (at most want when atMost,
// else at least want) and PASS or MISS.
func (t *targets) check(name string, got float64, unit string, atMost bool, want float64) {
	t.n++
	op, ok := "≥", got >= want
	if atMost {
		op, ok = "≤", got <= want
	}
	mark := "PASS"
	if !ok {
		mark = "MISS"
		t.missed = append(t.missed, name)
	}
	fmt.Printf("  %-44s %9.2f %-4s target %s %g %-4s %s\n", name, got, unit, op, want, unit, mark)
}

// loadavg returns the 1, 5 and 15 minute load averages as the kernel
// prints them.
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown (" + err.Error() + ")"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return strings.TrimSpace(string(b))
	}
	return strings.Join(f[:3], " ")
}

func numCPU() int { return runtime.NumCPU() }
