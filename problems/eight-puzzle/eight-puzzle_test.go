package eightpuzzle_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// ---------------------------------------------------------------------------
// Second solver: plain BFS from the target over boards stored in a map (the
// distance of every reachable board to the target), then a greedy walk from
// the start that always takes the alphabetically first move (d<l<r<u) that
// lowers the distance by one. Every shortest path moves to a board one step
// closer in each move, so the greedy walk spells the smallest shortest path
// letter by letter. The reference solution instead reads parent links of a
// BFS from the start; the two methods share no code.
//
// To keep the test fast the tiles are relabelled so the target becomes
// "tiles 1..8 in reading order, blank where the target's blank is"; a
// relabelling changes neither distances nor move letters, so only 9 BFS
// tables are ever needed.

type board [9]byte // 0 = blank

var moves = []struct {
	letter byte
	ok     func(p int) bool
	delta  int
}{
	{'d', func(p int) bool { return p < 6 }, 3},
	{'l', func(p int) bool { return p%3 > 0 }, -1},
	{'r', func(p int) bool { return p%3 < 2 }, 1},
	{'u', func(p int) bool { return p >= 3 }, -3},
}

func blank(b board) int {
	for i, v := range b {
		if v == 0 {
			return i
		}
	}
	panic("no blank")
}

func apply(b board, m int) (board, bool) {
	p := blank(b)
	if !moves[m].ok(p) {
		return b, false
	}
	q := p + moves[m].delta
	b[p], b[q] = b[q], b[p]
	return b, true
}

var distCache = map[int]map[board]int{}

func distTo(p int) map[board]int {
	if d, ok := distCache[p]; ok {
		return d
	}
	var goal board
	k := byte(1)
	for i := range goal {
		if i != p {
			goal[i] = k
			k++
		}
	}
	dist := map[board]int{goal: 0}
	queue := []board{goal}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		for m := range moves {
			if n, ok := apply(b, m); ok {
				if _, seen := dist[n]; !seen {
					dist[n] = dist[b] + 1
					queue = append(queue, n)
				}
			}
		}
	}
	distCache[p] = dist
	return dist
}

func parseBoard(s string) board {
	var b board
	for i := 0; i < 9; i++ {
		if s[i] != 'X' {
			b[i] = s[i] - '0'
		}
	}
	return b
}

// canonicalStart relabels the start so that the target reads 1..8.
func canonicalStart(s, t string) (board, int) {
	var label [9]byte
	k := byte(1)
	p := 0
	for i := 0; i < 9; i++ {
		if t[i] == 'X' {
			p = i
		} else {
			label[t[i]-'0'] = k
			k++
		}
	}
	b := parseBoard(s)
	for i := range b {
		if b[i] != 0 {
			b[i] = label[b[i]]
		}
	}
	return b, p
}

// greedyPath walks from the start always taking the first (or, with last,
// the final) letter in d,l,r,u order that moves one step closer.
func greedyPath(s, t string, last bool) string {
	b, p := canonicalStart(s, t)
	dist := distTo(p)
	d, ok := dist[b]
	if !ok {
		panic("unreachable case " + s + " " + t)
	}
	var path []byte
	for d > 0 {
		order := []int{0, 1, 2, 3}
		if last {
			slices.Reverse(order)
		}
		for _, m := range order {
			if n, ok := apply(b, m); ok && dist[n] == d-1 {
				b, d = n, d-1
				path = append(path, moves[m].letter)
				break
			}
		}
	}
	return string(path)
}

// ---------------------------------------------------------------------------

type tcase struct{ start, target string }

func readCases(t *testing.T, path string) []tcase {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(data))
	n, err := strconv.Atoi(f[0])
	if err != nil || len(f) != 1+2*n {
		t.Fatalf("%s: malformed", path)
	}
	var cs []tcase
	for i := 0; i < n; i++ {
		cs = append(cs, tcase{f[1+2*i], f[2+2*i]})
	}
	return cs
}

func inputs(t *testing.T) []string {
	ins, err := filepath.Glob("tests/*.in")
	if err != nil || len(ins) == 0 {
		t.Fatal("no tests found")
	}
	samples := 0
	for _, in := range ins {
		if strings.HasPrefix(filepath.Base(in), "sample") {
			samples++
		}
	}
	if samples == 0 || len(ins)-samples < 25 {
		t.Fatalf("want a sample and at least 25 other tests, have %d and %d", samples, len(ins)-samples)
	}
	return ins
}

// TestExpectedOutputs checks every .out: the right headers, n equal to the BFS
// distance, and a move string of n legal moves from the start to the target.
// (The files hold the alphabetically smallest path, as in eight-puzzle-ii,
// but here any shortest path is accepted, so only that is required.)
func TestExpectedOutputs(t *testing.T) {
	covered := map[int]bool{}
	full31 := 0
	for _, in := range inputs(t) {
		cs := readCases(t, in)
		got, err := os.ReadFile(strings.TrimSuffix(in, ".in") + ".out")
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(got), "\n")
		if len(lines) != 2*len(cs)+1 || lines[len(lines)-1] != "" {
			t.Errorf("%s: expected output should have %d lines", in, 2*len(cs))
			continue
		}
		n31 := 0
		for k, c := range cs {
			d := len(greedyPath(c.start, c.target, false))
			covered[d] = true
			if d == 31 {
				n31++
			}
			if lines[2*k] != fmt.Sprintf("Case %d: %d", k+1, d) {
				t.Errorf("%s case %d: header %q, want %d moves", in, k+1, lines[2*k], d)
			}
			if end, ok := playMoves(c.start, lines[2*k+1]); !ok || end != c.target || len(lines[2*k+1]) != d {
				t.Errorf("%s case %d: %q is not a shortest path", in, k+1, lines[2*k+1])
			}
		}
		if n31 == 200 {
			full31++
		}
	}
	for d := 0; d <= 31; d++ {
		if !covered[d] {
			t.Errorf("no case needs exactly %d moves", d)
		}
	}
	if full31 < 2 {
		t.Errorf("want at least two files of 200 cases of 31 moves, have %d", full31)
	}
}

// playMoves applies a move string; ok is false if the blank leaves the board
// or a letter is not one of d, l, r, u.
func playMoves(start, moveStr string) (string, bool) {
	b := parseBoard(start)
	for i := 0; i < len(moveStr); i++ {
		m := strings.IndexByte("dlru", moveStr[i])
		if m < 0 {
			return "", false
		}
		var ok bool
		if b, ok = apply(b, m); !ok {
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

func build(t *testing.T, pkg string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), filepath.Base(pkg))
	cmd := exec.Command("go", "build", "-o", bin, pkg)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", pkg, err, out)
	}
	return bin
}

func run(bin string, stdin []byte, args ...string) ([]byte, string, error) {
	cmd := exec.Command(bin, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	return out.Bytes(), errb.String(), err
}

func TestValidator(t *testing.T) {
	val := build(t, "./validator")
	for _, in := range inputs(t) {
		data, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		if _, msg, err := run(val, data); err != nil {
			t.Errorf("%s rejected: %v %s", in, err, msg)
		}
	}
	good := "2\n12X453786\n12345678X\n564178X23\n7568X4123\n"
	bad := map[string]string{
		"empty":              "",
		"no final newline":   strings.TrimSuffix(good, "\n"),
		"T zero":             "0\n",
		"T too big":          "201\n" + strings.Repeat("12345678X\n12345678X\n", 201),
		"T leading zero":     "02\n12X453786\n12345678X\n564178X23\n7568X4123\n",
		"T not a number":     "two\n12X453786\n12345678X\n",
		"missing case":       "3\n12X453786\n12345678X\n564178X23\n7568X4123\n",
		"missing target":     "1\n12X453786\n",
		"extra line":         good + "12345678X\n",
		"extra empty line":   good + "\n",
		"trailing space":     "1\n12X453786 \n12345678X\n",
		"leading space":      "1\n 12X453786\n12345678X\n",
		"CRLF":               "1\r\n12X453786\r\n12345678X\r\n",
		"short board":        "1\n12X45378\n12345678X\n",
		"long board":         "1\n12X4537869\n12345678X\n",
		"zero tile":          "1\n12X453780\n12345678X\n",
		"lower-case x":       "1\n12x453786\n12345678x\n",
		"repeated tile":      "1\n12X453787\n12345678X\n",
		"two blanks":         "1\n12X45378X\n12345678X\n",
		"unsolvable":         "1\n21345678X\n12345678X\n",
		"unsolvable 2nd":     "2\n12345678X\n12345678X\n8672543X1\n12345687X\n",
		"unsolvable swapped": "2\n12X453786\n12345678X\n564178X23\n7568X4132\n",
		"board on T line":    "12345678X\n",
		"two values on line": "1\n12X453786 12345678X\n",
	}
	for name, in := range bad {
		_, msg, err := run(val, []byte(in))
		if err == nil {
			t.Errorf("validator accepted broken input %q", name)
		} else if !strings.HasPrefix(msg, "line ") || strings.Count(strings.TrimSpace(msg), "\n") != 0 {
			t.Errorf("validator message for %q should be one line naming the line: %q", name, msg)
		}
	}
}

func TestGenerator(t *testing.T) {
	gen := build(t, "./generator")
	val := build(t, "./validator")
	argSets := [][]string{
		{"7"},
		{"8", "--cases", "200"},
		{"9", "--cases", "30", "--min", "0", "--max", "31"},
		{"11", "--cases", "5", "--min", "10", "--max", "20", "--ties"},
		{"12", "--cases", "3", "--min", "29", "--max", "30", "--hard"},
	}
	for _, args := range argSets {
		a, _, err := run(gen, nil, args...)
		if err != nil {
			t.Fatalf("generator %v: %v", args, err)
		}
		b, _, err := run(gen, nil, args...)
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("generator %v is not deterministic", args)
		}
		if _, msg, err := run(val, a); err != nil {
			t.Errorf("generator %v output rejected: %s", args, msg)
		}
	}
	// distances asked for are the distances produced
	out, _, _ := run(gen, nil, "13", "--cases", "40", "--min", "17", "--max", "19")
	f := strings.Fields(string(out))
	for i := 1; i+1 < len(f); i += 2 {
		if d := len(greedyPath(f[i], f[i+1], false)); d < 17 || d > 19 {
			t.Errorf("generator --min 17 --max 19 made a case of %d moves", d)
		}
	}
	// recorded entries of generated.yaml reproduce their files: the random
	// files 1x-* and (not with -short) three files of chosen distances; the
	// rest take too long to rebuild here, their contents are checked above
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.NumCPU())
	for _, e := range generatedEntries(t) {
		some := slices.Contains([]string{"04-dist-00-09", "08-dist-27-31", "30-max31-a"}, e.name)
		if !strings.HasPrefix(e.name, "1") && (testing.Short() || !some) {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			got, _, err := run(gen, nil, append([]string{e.seed}, e.args...)...)
			want, rerr := os.ReadFile(filepath.Join("tests", e.name+".in"))
			if err != nil || rerr != nil || !bytes.Equal(got, want) {
				t.Errorf("generated.yaml entry %s does not reproduce tests/%s.in", e.name, e.name)
			}
		}()
	}
	wg.Wait()
}

type genEntry struct {
	name, seed string
	args       []string
}

// generatedEntries parses tests/generated.yaml (the simple fixed layout this
// package uses: name, seed, args as a flow list of quoted strings).
func generatedEntries(t *testing.T) []genEntry {
	data, err := os.ReadFile("tests/generated.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var es []genEntry
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "- name:"):
			es = append(es, genEntry{name: strings.TrimSpace(strings.TrimPrefix(line, "- name:"))})
		case strings.HasPrefix(line, "seed:"):
			es[len(es)-1].seed = strings.TrimSpace(strings.TrimPrefix(line, "seed:"))
		case strings.HasPrefix(line, "args:"):
			list := strings.Trim(strings.TrimSpace(strings.TrimPrefix(line, "args:")), "[]")
			for _, a := range strings.Split(list, ",") {
				if a = strings.Trim(strings.TrimSpace(a), `"`); a != "" {
					es[len(es)-1].args = append(es[len(es)-1].args, a)
				}
			}
		}
	}
	if len(es) == 0 {
		t.Fatal("generated.yaml lists no tests")
	}
	for _, e := range es {
		if _, err := os.Stat(filepath.Join("tests", e.name+".in")); err != nil {
			t.Errorf("generated.yaml names %s but tests/%s.in is missing", e.name, e.name)
		}
	}
	return es
}

// ---------------------------------------------------------------------------
// Checker tests.

func runChecker(t *testing.T, chk, in, exp string, output []byte) (int, string) {
	t.Helper()
	f := filepath.Join(t.TempDir(), "out")
	if err := os.WriteFile(f, output, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(chk, in, f, exp)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	err := cmd.Run()
	code := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("running checker: %v", err)
		}
		code = ee.ExitCode()
	}
	msg := errb.String()
	if strings.Count(strings.TrimSuffix(msg, "\n"), "\n") != 0 {
		t.Errorf("checker message is not one line: %q", msg)
	}
	return code, msg
}

// otherOutput answers every case of in with the shortest path that prefers
// the alphabetically LAST letter, a valid answer different from the .out.
func otherOutput(t *testing.T, in string) []byte {
	var sb strings.Builder
	for k, c := range readCases(t, in) {
		p := greedyPath(c.start, c.target, true)
		fmt.Fprintf(&sb, "Case %d: %d\n%s\n", k+1, len(p), p)
	}
	return []byte(sb.String())
}

func TestCheckerAcceptsAllShortestPaths(t *testing.T) {
	chk := build(t, "./checker")
	differ := 0
	for _, in := range inputs(t) {
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
	chk := build(t, "./checker")
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
func TestStatementSamples(t *testing.T) {
	data, err := os.ReadFile("statement.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i := strings.Index(text, "\n## Samples")
	if i < 0 {
		t.Fatal("statement.md has no ## Samples section")
	}
	for _, h := range []string{"\n## Input", "\n## Output", "\n## Limits"} {
		if !strings.Contains(text, h) {
			t.Errorf("statement.md lacks %q", strings.TrimSpace(h))
		}
	}
	var blocks []string
	var cur []string
	in := false
	for _, line := range strings.Split(text[i:], "\n") {
		if strings.HasPrefix(line, "```") {
			if in {
				blocks = append(blocks, strings.Join(cur, "\n")+"\n")
			}
			in, cur = !in, nil
			continue
		}
		if in {
			cur = append(cur, line)
		}
	}
	samples, _ := filepath.Glob("tests/sample-*.in")
	if len(samples) == 0 || len(blocks) != 2*len(samples) {
		t.Fatalf("statement shows %d blocks for %d samples", len(blocks), len(samples))
	}
	for k := range samples {
		for j, ext := range []string{".in", ".out"} {
			want, err := os.ReadFile(fmt.Sprintf("tests/sample-%d%s", k+1, ext))
			if err != nil || string(want) != blocks[2*k+j] {
				t.Errorf("sample-%d%s differs from the statement", k+1, ext)
			}
		}
	}
}
