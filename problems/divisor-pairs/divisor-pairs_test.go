package divisorpairs_test

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/problems/internal/problemtest"
)

// pairs is a second solver, sharing nothing with the solutions: the sum
// of floor(n/a) taken a block at a time, each block the values of a that
// give the same quotient, so O(sqrt(n)) blocks without the symmetry trick
// of accepted/sqrt.go.
func pairs(n int64) int64 {
	var total int64
	for a := int64(1); a <= n; {
		q := n / a
		last := n / q
		total += q * (last - a + 1)
		a = last + 1
	}
	return total
}

// TestExpectedOutputs checks every .out against the second solver, and
// the small inputs also by brute force.
func TestExpectedOutputs(t *testing.T) {
	for _, in := range problemtest.Inputs(t) {
		n := readInt(t, in)
		want := pairs(n)
		if got := readInt(t, strings.TrimSuffix(in, ".in")+".out"); got != want {
			t.Errorf("%s: n = %d: .out says %d, want %d", in, n, got, want)
		}
		if n <= 1000 {
			var brute int64
			for a := int64(1); a <= n; a++ {
				for b := int64(1); a*b <= n; b++ {
					brute++
				}
			}
			if brute != want {
				t.Errorf("n = %d: brute force %d, blocks %d", n, brute, want)
			}
		}
	}
}

// TestSubtasks: the small tests are within the small subtask's bound.
func TestSubtasks(t *testing.T) {
	for _, in := range problemtest.Inputs(t) {
		if n := readInt(t, in); strings.Contains(in, "small-") && n > 1_000_000 {
			t.Errorf("%s: n = %d is past the small subtask's 10^6", in, n)
		}
	}
}

func readInt(t *testing.T, path string) int64 {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return n
}

func TestMain(m *testing.M) { problemtest.Main(m) }

func TestValidatorAcceptsAllTests(t *testing.T) { problemtest.CheckAccepted(t, problemtest.Inputs(t)) }

func TestValidatorRejectsBrokenInputs(t *testing.T) {
	problemtest.CheckRejected(t, map[string]string{
		"zero":         "0\n",
		"too large":    "1000000000001\n",
		"leading zero": "007\n",
		"negative":     "-5\n",
		"two numbers":  "1 2\n",
		"no newline":   "5",
		"empty":        "",
	})
}

func TestGenerator(t *testing.T) {
	for seed := 1; seed <= 20; seed++ {
		out := problemtest.Generate(t, strconv.Itoa(seed), "--max", "1000000")
		n, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
		if err != nil || n < 1 || n > 1_000_000 {
			t.Errorf("seed %d: %q, want n in [1, 10^6]", seed, out)
		}
	}
}
