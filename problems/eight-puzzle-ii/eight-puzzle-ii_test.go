package eightpuzzleii_test

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

func TestExpectedOutputs(t *testing.T) {
	covered := map[int]bool{}
	ties, full31 := 0, 0
	for _, in := range inputs(t) {
		cs := readCases(t, in)
		var want strings.Builder
		n31 := 0
		for k, c := range cs {
			p := greedyPath(c.start, c.target, false)
			fmt.Fprintf(&want, "Case %d: %d\n%s\n", k+1, len(p), p)
			covered[len(p)] = true
			if len(p) == 31 {
				n31++
			}
			if greedyPath(c.start, c.target, true) != p {
				ties++
			}
		}
		if n31 == 200 {
			full31++
		}
		got, err := os.ReadFile(strings.TrimSuffix(in, ".in") + ".out")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, []byte(want.String())) {
			t.Errorf("%s: expected output differs from the second solver", in)
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
	if ties < 1000 {
		t.Errorf("only %d cases where the alphabetical tie-break matters", ties)
	}
	t.Logf("cases where the tie-break matters: %d; 200x31 files: %d", ties, full31)
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
