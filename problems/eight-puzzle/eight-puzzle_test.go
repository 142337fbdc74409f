package eightpuzzle_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/problems/internal/eightpuzzle"
	"github.com/puzzlejudge/judge/problems/internal/problemtest"
)

// The second solver, the reading of the inputs and the checks of the
// validator and the generator are shared with eight-puzzle-ii in
// problems/internal/eightpuzzle; the generic checks, with the other problem
// packages in problems/internal/problemtest.

// TestExpectedOutputs checks every .out: the right headers, n equal to the BFS
// distance, and a move string of n legal moves from the start to the target.
// (The files hold the alphabetically smallest path, as in eight-puzzle-ii,
// but here any shortest path is accepted, so only that is required.)
func TestExpectedOutputs(t *testing.T) {
	var cov eightpuzzle.Coverage
	for _, in := range eightpuzzle.Inputs(t) {
		cs := eightpuzzle.ReadCases(t, in)
		got, err := os.ReadFile(strings.TrimSuffix(in, ".in") + ".out")
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(got), "\n")
		if len(lines) != 2*len(cs)+1 || lines[len(lines)-1] != "" {
			t.Errorf("%s: expected output should have %d lines", in, 2*len(cs))
			continue
		}
		for k, c := range cs {
			d := len(eightpuzzle.GreedyPath(c.Start, c.Target, false))
			cov.Add(d)
			if lines[2*k] != fmt.Sprintf("Case %d: %d", k+1, d) {
				t.Errorf("%s case %d: header %q, want %d moves", in, k+1, lines[2*k], d)
			}
			if end, ok := playMoves(c.Start, lines[2*k+1]); !ok || end != c.Target || len(lines[2*k+1]) != d {
				t.Errorf("%s case %d: %q is not a shortest path", in, k+1, lines[2*k+1])
			}
		}
		cov.EndFile()
	}
	cov.Check(t)
}

// playMoves applies a move string; ok is false if the blank leaves the board
// or a letter is not one of d, l, r, u.
func playMoves(start, moveStr string) (string, bool) {
	b := eightpuzzle.ParseBoard(start)
	for i := 0; i < len(moveStr); i++ {
		m := strings.IndexByte("dlru", moveStr[i])
		if m < 0 {
			return "", false
		}
		var ok bool
		if b, ok = eightpuzzle.Apply(b, m); !ok {
			return "", false
		}
	}
	var sb strings.Builder
	for _, v := range b {
		if v == 0 {
			sb.WriteByte('X')
		} else {
			sb.WriteByte('0' + v)
		}
	}
	return sb.String(), true
}

func TestMain(m *testing.M) { problemtest.Main(m) }

func TestValidator(t *testing.T) { eightpuzzle.CheckValidator(t) }

func TestGenerator(t *testing.T) { eightpuzzle.CheckGenerator(t) }

// ---------------------------------------------------------------------------
// Checker tests.

func runChecker(t *testing.T, chk, in, exp string, output []byte) (int, string) {
	t.Helper()
	f := filepath.Join(t.TempDir(), "out")
	if err := os.WriteFile(f, output, 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, err := problemtest.Run(chk, nil, in, f, exp)
	code := 0
	if err != nil {
		var exit interface{ ExitCode() int } // an *exec.ExitError
		if !errors.As(err, &exit) {
			t.Fatalf("running checker: %v", err)
		}
		code = exit.ExitCode()
	}
	msg := string(stderr)
	if strings.Count(strings.TrimSuffix(msg, "\n"), "\n") != 0 {
		t.Errorf("checker message is not one line: %q", msg)
	}
	return code, msg
}

// otherOutput answers every case of in with the shortest path that prefers
// the alphabetically LAST letter, a valid answer different from the .out.
func otherOutput(t *testing.T, in string) []byte {
	var sb strings.Builder
	for k, c := range eightpuzzle.ReadCases(t, in) {
		p := eightpuzzle.GreedyPath(c.Start, c.Target, true)
		fmt.Fprintf(&sb, "Case %d: %d\n%s\n", k+1, len(p), p)
	}
	return []byte(sb.String())
}

func TestCheckerAcceptsAllShortestPaths(t *testing.T) {
	chk := problemtest.Build(t, "./checker")
	differ := 0
	for _, in := range eightpuzzle.Inputs(t) {
		exp := strings.TrimSuffix(in, ".in") + ".out"
		want, _ := os.ReadFile(exp)
		if code, msg := runChecker(t, chk, in, exp, want); code != 0 {
			t.Errorf("%s: checker rejects the expected output: %d %s", in, code, msg)
		}
		other := otherOutput(t, in)
		if !bytes.Equal(other, want) {
			differ++
		}
		if code, msg := runChecker(t, chk, in, exp, other); code != 0 {
			t.Errorf("%s: checker rejects another shortest path: %d %s", in, code, msg)
		}
	}
	if differ < 10 {
		t.Errorf("only %d files where another shortest path differs from the expected one", differ)
	}
}

func TestCheckerVerdicts(t *testing.T) {
	chk := problemtest.Build(t, "./checker")
	dir := t.TempDir()
	// sample plus an n = 0 case in the middle and at the end
	in := filepath.Join(dir, "in")
	exp := filepath.Join(dir, "exp")
	os.WriteFile(in, []byte("4\n12X453786\n12345678X\n564178X23\n7568X4123\n12345678X\n12345678X\n1234X5678\n1234X5678\n"), 0o644)
	os.WriteFile(exp, []byte("Case 1: 2\ndd\nCase 2: 8\nurrulldr\nCase 3: 0\n\nCase 4: 0\n\n"), 0o644)
	const (
		ac = 0
		wa = 1
		pe = 2
		je = 3
	)
	tests := []struct {
		name, out string
		code      int
		msg       string // substring of the message
	}{
		{"expected", "Case 1: 2\ndd\nCase 2: 8\nurrulldr\nCase 3: 0\n\nCase 4: 0\n\n", ac, ""},
		{"other shortest path", "Case 1: 2\ndd\nCase 2: 8\nurrulldr\nCase 3: 0\n\nCase 4: 0\n", ac, ""},
		{"no empty lines, one line", "Case 1: 2 dd Case 2: 8 urrulldr Case 3: 0 Case 4: 0", ac, ""},
		{"CRLF and extra blanks", "Case 1: 2\r\ndd\r\n\r\nCase  2:\t8\r\nurrulldr\r\nCase 3: 0\r\n\r\nCase 4: 0\r\n", ac, ""},
		{"wrong n, valid longer path", "Case 1: 2\ndd\nCase 2: 10\nurrulldrlr\nCase 3: 0\n\nCase 4: 0\n", wa, "case 2"},
		{"n too small", "Case 1: 1\nd\nCase 2: 8\nurrulldr\nCase 3: 0\n\nCase 4: 0\n", wa, "case 1"},
		{"n = 0 not recognised", "Case 1: 2\ndd\nCase 2: 8\nurrulldr\nCase 3: 12\ndruldruldrul\nCase 4: 0\n", wa, "case 3"},
		{"illegal move", "Case 1: 2\nrr\nCase 2: 8\nurrulldr\nCase 3: 0\n\nCase 4: 0\n", wa, "off the board"},
		{"illegal move later", "Case 1: 2\ndd\nCase 2: 8\nurrulldd\nCase 3: 0\n\nCase 4: 0\n", wa, "case 2"},
		{"right length, wrong end", "Case 1: 2\nll\nCase 2: 8\nurrulldr\nCase 3: 0\n\nCase 4: 0\n", wa, "not to the target"},
		{"tile letters", "Case 1: 2\nuu\nCase 2: 8\ndlldrrul\nCase 3: 0\n\nCase 4: 0\n", wa, "case 1"},
		{"string shorter than n", "Case 1: 2\nd\nCase 2: 8\nurrulldr\nCase 3: 0\n\nCase 4: 0\n", wa, "case 1"},
		{"string longer than n", "Case 1: 2\nddu\nCase 2: 8\nurrulldr\nCase 3: 0\n\nCase 4: 0\n", wa, "case 1"},
		{"missing last case", "Case 1: 2\ndd\nCase 2: 8\nurrulldr\nCase 3: 0\n\n", wa, "case 4"},
		{"missing move string", "Case 1: 2\ndd\nCase 2: 8\n", wa, "case 2"},
		{"empty output", "", wa, "case 1"},
		{"extra garbage", "Case 1: 2\ndd\nCase 2: 8\nurrulldr\nCase 3: 0\n\nCase 4: 0\n\nhello\n", pe, "extra"},
		{"extra case", "Case 1: 2\ndd\nCase 2: 8\nurrulldr\nCase 3: 0\n\nCase 4: 0\n\nCase 5: 0\n", pe, "extra"},
		{"garbage on empty line", "Case 1: 2\ndd\nCase 2: 8\nurrulldr\nCase 3: 0\n-\nCase 4: 0\n", pe, "case 4"},
		{"lower-case header", "case 1: 2\ndd\nCase 2: 8\nurrulldr\nCase 3: 0\n\nCase 4: 0\n", pe, "case 1"},
		{"missing colon", "Case 1 2\ndd\nCase 2: 8\nurrulldr\nCase 3: 0\n\nCase 4: 0\n", pe, "case 1"},
		{"wrong case number", "Case 1: 2\ndd\nCase 3: 8\nurrulldr\nCase 3: 0\n\nCase 4: 0\n", pe, "case 2"},
		{"n not a number", "Case 1: two\ndd\nCase 2: 8\nurrulldr\nCase 3: 0\n\nCase 4: 0\n", pe, "case 1"},
		{"n negative", "Case 1: -2\ndd\nCase 2: 8\nurrulldr\nCase 3: 0\n\nCase 4: 0\n", pe, "case 1"},
		{"n leading zero", "Case 1: 02\ndd\nCase 2: 8\nurrulldr\nCase 3: 0\n\nCase 4: 0\n", pe, "case 1"},
		{"n huge", "Case 1: 99999999999999999999\ndd\n", pe, "case 1"},
		{"upper-case moves", "Case 1: 2\nDD\nCase 2: 8\nurrulldr\nCase 3: 0\n\nCase 4: 0\n", pe, "case 1"},
		{"moves with spaces", "Case 1: 2\nd d\nCase 2: 8\nurrulldr\nCase 3: 0\n\nCase 4: 0\n", wa, "case 1"},
		{"binary garbage", "\x00\xff\xfe garbage \x01\x02", pe, "case 1"},
	}
	for _, tc := range tests {
		code, msg := runChecker(t, chk, in, exp, []byte(tc.out))
		if code != tc.code || !strings.Contains(msg, tc.msg) {
			t.Errorf("%s: checker exit %d %q, want exit %d with %q", tc.name, code, msg, tc.code, tc.msg)
		}
	}
	// hostile sizes: a 20 MB line of moves, a 20 MB line without spaces in the
	// header, and 2 million tokens; each must end quickly with WA or PE
	huge := []struct {
		name string
		out  []byte
		code int
	}{
		{"huge move string", append([]byte("Case 1: 2\n"), bytes.Repeat([]byte("d"), 20<<20)...), wa},
		{"huge header token", bytes.Repeat([]byte("C"), 20<<20), pe},
		{"many tokens", append([]byte("Case 1: 2\ndd\nCase 2: 8\nurrulldr\nCase 3: 0\n\nCase 4: 0\n"), bytes.Repeat([]byte("x "), 2<<20)...), pe},
	}
	for _, h := range huge {
		start := time.Now()
		code, msg := runChecker(t, chk, in, exp, h.out)
		if code != h.code || len(msg) > 300 {
			t.Errorf("%s: checker exit %d, message of %d bytes; want exit %d and a short message", h.name, code, len(msg), h.code)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: checker took %v", h.name, d)
		}
	}
	// broken expected output or input is a judge error, not a contestant verdict
	badExp := filepath.Join(dir, "badexp")
	os.WriteFile(badExp, []byte("Case 1: 2\ndd\n"), 0o644)
	if code, _ := runChecker(t, chk, in, badExp, []byte("Case 1: 2\ndd\n")); code != je {
		t.Errorf("broken expected output: exit %d, want %d", code, je)
	}
	if code, _ := runChecker(t, chk, filepath.Join(dir, "missing"), exp, nil); code != je {
		t.Errorf("missing input file: exit %d, want %d", code, je)
	}
}

// TestStatementSamples checks that the fenced blocks under "## Samples" in
// statement.md are, in order, the input and output of sample-1, sample-2, ...
func TestStatementSamples(t *testing.T) { problemtest.CheckStatementSamples(t) }
