package flipgame_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/bits"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// ---------------------------------------------------------------------------
// Second solver. Rounds commute and two rounds on the same disc cancel, so
// every sequence of rounds acts like the set of discs used an odd number of
// times, and the fewest rounds is the smallest such set. The solver plays
// every one of the 2^16 sets on a 4x4 grid of bools and records, for every
// resulting pattern of changed discs, the smallest set producing it. The
// reference solution (BFS over XOR masks) and the other accepted solutions
// ("chase the lights") share no code with this.

var (
	tableOnce sync.Once
	smallest  map[[16]bool]int // pattern of turned discs -> fewest rounds
)

func buildTable() {
	smallest = map[[16]bool]int{}
	for set := 0; set < 1<<16; set++ {
		var turned [16]bool
		for disc := 0; disc < 16; disc++ {
			if set>>disc&1 == 0 {
				continue
			}
			r, c := disc/4, disc%4
			for rr := 0; rr < 4; rr++ {
				for cc := 0; cc < 4; cc++ {
					dr, dc := rr-r, cc-c
					if dr*dr+dc*dc <= 1 {
						turned[rr*4+cc] = !turned[rr*4+cc]
					}
				}
			}
		}
		n := bits.OnesCount(uint(set))
		if old, ok := smallest[turned]; !ok || n < old {
			smallest[turned] = n
		}
	}
}

// answer returns the expected output line for a board given as 16 characters.
func answer(cells string) string {
	tableOnce.Do(buildTable)
	best := -1
	for _, target := range []byte{'b', 'w'} {
		var need [16]bool
		for i := 0; i < 16; i++ {
			need[i] = cells[i] != target
		}
		if n, ok := smallest[need]; ok && (best < 0 || n < best) {
			best = n
		}
	}
	if best < 0 {
		return "Impossible"
	}
	return strconv.Itoa(best)
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

func readBoard(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cells := strings.Join(strings.Fields(string(data)), "")
	if len(cells) != 16 {
		t.Fatalf("%s: expected 16 cells, got %d", path, len(cells))
	}
	return cells
}

func TestExpectedOutputs(t *testing.T) {
	seen := map[string]int{}
	nonSample := 0
	for _, in := range inputs(t) {
		want := answer(readBoard(t, in)) + "\n"
		out := strings.TrimSuffix(in, ".in") + ".out"
		got, err := os.ReadFile(out)
		if err != nil {
			t.Errorf("%s: %v", out, err)
			continue
		}
		if string(got) != want {
			t.Errorf("%s: file says %q, second solver says %q", out, got, want)
		}
		seen[strings.TrimSpace(want)]++
		if !strings.HasPrefix(filepath.Base(in), "sample") {
			nonSample++
		}
	}
	if nonSample < 25 {
		t.Errorf("only %d tests besides the samples, want at least 25", nonSample)
	}
	for _, a := range []string{"0", "1", "2", "3", "4", "5", "6", "Impossible"} {
		if seen[a] == 0 {
			t.Errorf("no test has answer %s", a)
		}
	}
}

// TestSolverFacts checks the second solver against the known facts: 4,096
// solvable boards, none needing more than 6 rounds.
func TestSolverFacts(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode")
	}
	solvable, worst := 0, 0
	for b := 0; b < 1<<16; b++ {
		cells := make([]byte, 16)
		for i := range cells {
			cells[i] = "wb"[b>>i&1]
		}
		a := answer(string(cells))
		if a == "Impossible" {
			continue
		}
		solvable++
		n, _ := strconv.Atoi(a)
		worst = max(worst, n)
	}
	if solvable != 4096 || worst != 6 {
		t.Errorf("second solver: %d solvable boards, worst %d rounds; want 4096 and 6", solvable, worst)
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
		dir, err := os.MkdirTemp("", "flip-game-test")
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
		"no final newline":  "bwwb\nbbwb\nbwwb\nbwww",
		"three lines":       "bwwb\nbbwb\nbwwb\n",
		"five lines":        "bwwb\nbbwb\nbwwb\nbwww\nbbbb\n",
		"blank line at end": "bwwb\nbbwb\nbwwb\nbwww\n\n",
		"trailing space":    "bwwb \nbbwb\nbwwb\nbwww\n",
		"leading space":     "bwwb\n bbwb\nbwwb\nbwww\n",
		"short row":         "bwwb\nbbw\nbwwb\nbwww\n",
		"long row":          "bwwb\nbbwb\nbwwbb\nbwww\n",
		"upper case":        "bwwb\nbbwb\nbwwb\nbwwB\n",
		"other letter":      "bwwb\nbbxb\nbwwb\nbwww\n",
		"crlf":              "bwwb\r\nbbwb\r\nbwwb\r\nbwww\r\n",
		"spaced cells":      "b w w b\nbbwb\nbwwb\nbwww\n",
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
	for _, e := range list {
		want, err := os.ReadFile(filepath.Join("tests", e.Name+".in"))
		if err != nil {
			t.Errorf("%s: %v", e.Name, err)
			continue
		}
		got, stderr, err := run(gen, nil, append([]string{e.Seed}, e.Args...)...)
		if err != nil {
			t.Errorf("%s: generator failed: %v: %s", e.Name, err, stderr)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: generator %s %v prints\n%s\nbut the file holds\n%s", e.Name, e.Seed, e.Args, got, want)
		}
		if _, stderr, err := run(val, got); err != nil {
			t.Errorf("%s: generator output rejected: %s", e.Name, stderr)
		}
	}
}

func TestGeneratorDeterministicAndValid(t *testing.T) {
	val, gen := tools(t)
	cases := []struct {
		args  []string
		check func(a string) bool
	}{
		{nil, func(string) bool { return true }},
		{[]string{"--impossible"}, func(a string) bool { return a == "Impossible" }},
		{[]string{"--dist", "0"}, func(a string) bool { return a == "0" }},
		{[]string{"--dist", "3", "--nearer", "white"}, func(a string) bool { return a == "3" }},
		{[]string{"--dist", "5", "--nearer", "black"}, func(a string) bool { return a == "5" }},
		{[]string{"--dist", "6"}, func(a string) bool { return a == "6" }},
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
			cells := strings.Join(strings.Fields(string(a)), "")
			if len(cells) == 16 && !c.check(answer(cells)) {
				t.Errorf("generator %v gave a board with answer %s", args, answer(cells))
			}
		}
	}
	// --nearer must really make one colour strictly closer
	for seed := 1; seed <= 3; seed++ {
		a, _, _ := run(gen, nil, strconv.Itoa(seed), "--dist", "2", "--nearer", "white")
		cells := strings.Join(strings.Fields(string(a)), "")
		tableOnce.Do(buildTable)
		var toWhite, toBlack [16]bool
		for i := 0; i < 16 && len(cells) == 16; i++ {
			toWhite[i] = cells[i] != 'w'
			toBlack[i] = cells[i] != 'b'
		}
		if smallest[toWhite] >= smallest[toBlack] {
			t.Errorf("seed %d --nearer white: white needs %d, black %d", seed, smallest[toWhite], smallest[toBlack])
		}
	}
}
