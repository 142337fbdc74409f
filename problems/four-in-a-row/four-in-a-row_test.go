package fourinarow_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// ---------------------------------------------------------------------------
// Second solver: retrograde analysis. Every board with 7 B, 7 W and 2 O is
// listed; boards that are already won get distance 0 for both players to
// move, and one backward breadth-first search over (board, player to move)
// computes, for every state, the fewest moves to a won board. A move is
// undone by sliding a piece of the player who made it back onto an adjacent
// empty square. The answer for a board is the smaller of its two states.
// The reference solutions search forward from the given board instead.

type key struct {
	b, w uint16 // bit r*4+c set where the square holds B / W
}

var (
	solveOnce sync.Once
	distB     map[key]int // B to move
	distW     map[key]int // W to move
)

var goalLines = func() [][4][2]int {
	var ls [][4][2]int
	for i := 0; i < 4; i++ {
		ls = append(ls, [4][2]int{{i, 0}, {i, 1}, {i, 2}, {i, 3}}, [4][2]int{{0, i}, {1, i}, {2, i}, {3, i}})
	}
	return append(ls, [4][2]int{{0, 0}, {1, 1}, {2, 2}, {3, 3}}, [4][2]int{{0, 3}, {1, 2}, {2, 1}, {3, 0}})
}()

func cell(k key, r, c int) byte {
	bit := uint16(1) << (r*4 + c)
	switch {
	case k.b&bit != 0:
		return 'B'
	case k.w&bit != 0:
		return 'W'
	}
	return 'O'
}

func isWon(k key) bool {
	for _, l := range goalLines {
		a := cell(k, l[0][0], l[0][1])
		if a == 'O' {
			continue
		}
		all := true
		for _, p := range l[1:] {
			all = all && cell(k, p[0], p[1]) == a
		}
		if all {
			return true
		}
	}
	return false
}

// slides returns the boards reached by sliding one piece of colour onto an
// adjacent empty square.
func slides(k key, colour byte) []key {
	var out []key
	pieces, empty := k.b, ^(k.b | k.w)
	if colour == 'W' {
		pieces = k.w
	}
	for r := 0; r < 4; r++ {
		for c := 0; c < 4; c++ {
			if pieces>>(r*4+c)&1 == 0 {
				continue
			}
			for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				nr, nc := r+d[0], c+d[1]
				if nr < 0 || nr > 3 || nc < 0 || nc > 3 || empty>>(nr*4+nc)&1 == 0 {
					continue
				}
				from, to := uint16(1)<<(r*4+c), uint16(1)<<(nr*4+nc)
				n := k
				if colour == 'B' {
					n.b = n.b&^from | to
				} else {
					n.w = n.w&^from | to
				}
				out = append(out, n)
			}
		}
	}
	return out
}

func allBoards() []key {
	var out []key
	var rec func(i, nb, nw int, k key)
	rec = func(i, nb, nw int, k key) {
		if i == 16 {
			if nb == 7 && nw == 7 {
				out = append(out, k)
			}
			return
		}
		if nb < 7 {
			rec(i+1, nb+1, nw, key{k.b | 1<<i, k.w})
		}
		if nw < 7 {
			rec(i+1, nb, nw+1, key{k.b, k.w | 1<<i})
		}
		if 16-i > 14-nb-nw {
			rec(i+1, nb, nw, k)
		}
	}
	rec(0, 0, 0, key{})
	return out
}

func solveAll() {
	distB, distW = make(map[key]int, 420000), make(map[key]int, 420000)
	type state struct {
		k      key
		toMove byte
	}
	var queue []state
	for _, k := range allBoards() {
		if isWon(k) {
			distB[k], distW[k] = 0, 0
			queue = append(queue, state{k, 'B'}, state{k, 'W'})
		}
	}
	for h := 0; h < len(queue); h++ {
		s := queue[h]
		d := distB[s.k]
		if s.toMove == 'W' {
			d = distW[s.k]
		}
		// the previous move was made by the other player
		prev := byte('B')
		if s.toMove == 'B' {
			prev = 'W'
		}
		table := distB
		if prev == 'W' {
			table = distW
		}
		for _, p := range slides(s.k, prev) {
			if _, ok := table[p]; !ok {
				table[p] = d + 1
				queue = append(queue, state{p, prev})
			}
		}
	}
}

// firstDist returns the fewest moves when B (or W) moves first, -1 if never.
func firstDist(k key, first byte) int {
	solveOnce.Do(solveAll)
	t := distB
	if first == 'W' {
		t = distW
	}
	if d, ok := t[k]; ok {
		return d
	}
	return -1
}

func answer(k key) int {
	a, b := firstDist(k, 'B'), firstDist(k, 'W')
	switch {
	case a < 0:
		return b
	case b < 0 || a < b:
		return a
	}
	return b
}

func parse(text string) (key, bool) {
	cells := strings.Join(strings.Fields(text), "")
	if len(cells) != 16 {
		return key{}, false
	}
	var k key
	for i := 0; i < 16; i++ {
		switch cells[i] {
		case 'B':
			k.b |= 1 << i
		case 'W':
			k.w |= 1 << i
		}
	}
	return k, true
}

// ---------------------------------------------------------------------------

func inputs(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("tests", "*.in"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no tests found: %v", err)
	}
	return files
}

func TestExpectedOutputs(t *testing.T) {
	seen := map[int]int{}
	firstMatters := map[byte]int{}
	nonSample := 0
	for _, in := range inputs(t) {
		data, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		k, ok := parse(string(data))
		if !ok {
			t.Errorf("%s: not a 4x4 board", in)
			continue
		}
		want := answer(k)
		out := strings.TrimSuffix(in, ".in") + ".out"
		got, err := os.ReadFile(out)
		if err != nil {
			t.Errorf("%s: %v", out, err)
			continue
		}
		if string(got) != fmt.Sprintf("%d\n", want) {
			t.Errorf("%s: file says %q, second solver says %d", out, got, want)
		}
		seen[want]++
		if firstDist(k, 'B') != want {
			firstMatters['W']++ // only W moving first reaches the answer
		}
		if firstDist(k, 'W') != want {
			firstMatters['B']++
		}
		if !strings.HasPrefix(filepath.Base(in), "sample") {
			nonSample++
		}
	}
	if nonSample < 25 {
		t.Errorf("only %d tests besides the samples, want at least 25", nonSample)
	}
	for a := 0; a <= 7; a++ {
		if seen[a] == 0 {
			t.Errorf("no test has answer %d", a)
		}
	}
	if firstMatters['B'] == 0 || firstMatters['W'] == 0 {
		t.Errorf("need tests where only B first and where only W first is optimal, have %v", firstMatters)
	}
}

// TestSolverFacts checks the second solver against the known facts: every
// board can be won within 7 moves, and exactly 128 boards need 7.
func TestSolverFacts(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode")
	}
	count := map[int]int{}
	for _, k := range allBoards() {
		count[answer(k)]++
	}
	if count[-1] != 0 || count[8] != 0 || count[7] != 128 {
		t.Errorf("answer counts %v: want none unsolvable, none above 7, 128 needing 7", count)
	}
}

// ---------------------------------------------------------------------------

func run(bin string, stdin []byte, args ...string) (stdout, stderr []byte, err error) {
	cmd := exec.Command(bin, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	return o.Bytes(), e.Bytes(), err
}

var (
	binOnce      sync.Once
	validatorBin string
	generatorBin string
	buildErr     error
	buildDir     string
)

func tools(t *testing.T) (validator, generator string) {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "four-in-a-row-test")
		if err != nil {
			buildErr = err
			return
		}
		buildDir = dir
		for _, p := range []struct {
			pkg string
			dst *string
		}{{"validator", &validatorBin}, {"generator", &generatorBin}} {
			bin := filepath.Join(dir, p.pkg)
			if out, err := exec.Command("go", "build", "-o", bin, "./"+p.pkg).CombinedOutput(); err != nil {
				buildErr = fmt.Errorf("building %s: %v\n%s", p.pkg, err, out)
				return
			}
			*p.dst = bin
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return validatorBin, generatorBin
}

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

func TestValidatorAcceptsAllTests(t *testing.T) {
	val, _ := tools(t)
	for _, in := range inputs(t) {
		data, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		if _, stderr, err := run(val, data); err != nil {
			t.Errorf("%s rejected: %v: %s", in, err, stderr)
		}
	}
}

func TestValidatorRejectsBrokenInputs(t *testing.T) {
	val, _ := tools(t)
	broken := map[string]string{
		"empty":             "",
		"no final newline":  "BWBO\nWBWB\nBWBW\nWBWO",
		"three lines":       "BWBO\nWBWB\nBWBW\n",
		"five lines":        "BWBO\nWBWB\nBWBW\nWBWO\nBWBW\n",
		"blank line at end": "BWBO\nWBWB\nBWBW\nWBWO\n\n",
		"trailing space":    "BWBO\nWBWB \nBWBW\nWBWO\n",
		"short row":         "BWBO\nWBW\nBWBW\nWBWO\n",
		"long row":          "BWBO\nWBWB\nBWBWB\nWBWO\n",
		"lower case":        "BWBO\nWBWB\nBWBW\nWBWo\n",
		"zero not O":        "BWB0\nWBWB\nBWBW\nWBWO\n",
		"crlf":              "BWBO\r\nWBWB\r\nBWBW\r\nWBWO\r\n",
		"8 B 6 W":           "BWBO\nWBWB\nBWBW\nBBWO\n",
		"3 empty":           "BWBO\nWBWB\nBWOW\nWBWO\n",
		"1 empty":           "BWBO\nWBWB\nBWBW\nWBWB\n",
		"no B":              "WWWO\nWWWW\nWWWW\nWWWO\n",
	}
	for name, in := range broken {
		_, stderr, err := run(val, []byte(in))
		if err == nil {
			t.Errorf("%s: accepted", name)
			continue
		}
		msg := strings.TrimSpace(string(stderr))
		if !strings.HasPrefix(msg, "line ") || strings.Contains(msg, "\n") {
			t.Errorf("%s: message %q should be one line naming the line", name, msg)
		}
	}
}

type genEntry struct {
	Name string
	Seed string
	Args []string
}

// readGenerated parses tests/generated.yaml (the simple fixed layout of the
// contract) without a YAML library.
func readGenerated(t *testing.T) []genEntry {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("tests", "generated.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var list []genEntry
	for n, line := range strings.Split(string(data), "\n") {
		s := strings.TrimSpace(line)
		switch {
		case s == "" || s == "tests:":
		case strings.HasPrefix(s, "- name:"):
			list = append(list, genEntry{Name: strings.TrimSpace(strings.TrimPrefix(s, "- name:"))})
		case strings.HasPrefix(s, "seed:") && len(list) > 0:
			list[len(list)-1].Seed = strings.TrimSpace(strings.TrimPrefix(s, "seed:"))
		case strings.HasPrefix(s, "args:") && len(list) > 0:
			if err := json.Unmarshal([]byte(strings.TrimPrefix(s, "args:")), &list[len(list)-1].Args); err != nil {
				t.Fatalf("generated.yaml line %d: %v", n+1, err)
			}
		default:
			t.Fatalf("generated.yaml line %d: unexpected %q", n+1, line)
		}
	}
	return list
}

func TestGeneratedTestsAreReproducible(t *testing.T) {
	val, gen := tools(t)
	list := readGenerated(t)
	if len(list) < 15 {
		t.Fatalf("only %d generated tests recorded", len(list))
	}
	var wg sync.WaitGroup
	errs := make([]string, len(list))
	sem := make(chan struct{}, 2)
	for i, e := range list {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			want, err := os.ReadFile(filepath.Join("tests", e.Name+".in"))
			if err != nil {
				errs[i] = err.Error()
				return
			}
			got, stderr, err := run(gen, nil, append([]string{e.Seed}, e.Args...)...)
			if err != nil {
				errs[i] = fmt.Sprintf("generator failed: %v: %s", err, stderr)
				return
			}
			if !bytes.Equal(got, want) {
				errs[i] = fmt.Sprintf("generator %s %v prints\n%s\nbut the file holds\n%s", e.Seed, e.Args, got, want)
				return
			}
			if _, stderr, err := run(val, got); err != nil {
				errs[i] = fmt.Sprintf("generator output rejected: %s", stderr)
			}
		}()
	}
	wg.Wait()
	for i, e := range errs {
		if e != "" {
			t.Errorf("%s: %s", list[i].Name, e)
		}
	}
}

func TestGeneratorDeterministicAndValid(t *testing.T) {
	val, gen := tools(t)
	cases := []struct {
		args  []string
		check func(k key) bool
	}{
		{nil, func(key) bool { return true }},
		{[]string{"--answer", "3", "--first", "B"}, func(k key) bool {
			return answer(k) == 3 && firstDist(k, 'B') == 3 && firstDist(k, 'W') != 3
		}},
		{[]string{"--answer", "4", "--first", "W"}, func(k key) bool {
			return answer(k) == 4 && firstDist(k, 'W') == 4 && firstDist(k, 'B') != 4
		}},
		{[]string{"--answer", "5", "--first", "same"}, func(k key) bool {
			return firstDist(k, 'B') == 5 && firstDist(k, 'W') == 5
		}},
		{[]string{"--won", "diag", "--colour", "W"}, func(k key) bool {
			return k.w&0x8421 == 0x8421 && answer(k) == 0
		}},
		{[]string{"--won", "col", "--colour", "B"}, func(k key) bool {
			for c := 0; c < 4; c++ {
				if k.b&(0x1111<<c) == 0x1111<<c {
					return true
				}
			}
			return false
		}},
		{[]string{"--stuck", "W"}, func(k key) bool { return len(slides(k, 'W')) == 0 }},
	}
	for _, c := range cases {
		for seed := 1; seed <= 3; seed++ {
			args := append([]string{strconv.Itoa(seed)}, c.args...)
			a, _, err1 := run(gen, nil, args...)
			b, _, err2 := run(gen, nil, args...)
			if err1 != nil || err2 != nil {
				t.Fatalf("generator %v failed: %v %v", args, err1, err2)
			}
			if !bytes.Equal(a, b) {
				t.Errorf("generator %v is not deterministic", args)
			}
			if _, stderr, err := run(val, a); err != nil {
				t.Errorf("generator %v output rejected: %s", args, stderr)
			}
			if k, ok := parse(string(a)); !ok || !c.check(k) {
				t.Errorf("generator %v gave a board without the asked property:\n%s", args, a)
			}
		}
	}
}
