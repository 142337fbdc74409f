package eightpuzzle

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
)

// Build builds the Go package pkg (a path such as "./checker", relative to
// the folder the test runs in) into a temporary folder and returns the path
// of the program; it fails the test if the build fails.
func Build(tb testing.TB, pkg string) string {
	tb.Helper()
	bin := filepath.Join(tb.TempDir(), filepath.Base(pkg))
	cmd := exec.Command("go", "build", "-o", bin, pkg)
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("building %s: %v\n%s", pkg, err, out)
	}
	return bin
}

// run runs bin with args and stdin, and returns its standard output, its
// standard error and how it ended.
func run(bin string, stdin []byte, args ...string) ([]byte, string, error) {
	cmd := exec.Command(bin, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	return out.Bytes(), errb.String(), err
}

// CheckValidator builds ./validator and checks that it accepts every test
// input and rejects a set of broken inputs, each with a one-line message
// naming the line.
func CheckValidator(tb testing.TB) {
	val := Build(tb, "./validator")
	for _, in := range Inputs(tb) {
		data, err := os.ReadFile(in)
		if err != nil {
			tb.Fatal(err)
		}
		if _, msg, err := run(val, data); err != nil {
			tb.Errorf("%s rejected: %v %s", in, err, msg)
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
			tb.Errorf("validator accepted broken input %q", name)
		} else if !strings.HasPrefix(msg, "line ") || strings.Count(strings.TrimSpace(msg), "\n") != 0 {
			tb.Errorf("validator message for %q should be one line naming the line: %q", name, msg)
		}
	}
}

// CheckGenerator builds ./generator and ./validator and checks that the
// generator is deterministic, that the validator accepts its output, that it
// makes the distances asked for, and that entries of tests/generated.yaml
// reproduce their files (the random files 1x-* and, not with -short, three
// files of chosen distances).
func CheckGenerator(tb testing.TB) {
	gen := Build(tb, "./generator")
	val := Build(tb, "./validator")
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
			tb.Fatalf("generator %v: %v", args, err)
		}
		b, _, err := run(gen, nil, args...)
		if err != nil || !bytes.Equal(a, b) {
			tb.Errorf("generator %v is not deterministic", args)
		}
		if _, msg, err := run(val, a); err != nil {
			tb.Errorf("generator %v output rejected: %s", args, msg)
		}
	}
	// distances asked for are the distances produced
	out, _, _ := run(gen, nil, "13", "--cases", "40", "--min", "17", "--max", "19")
	f := strings.Fields(string(out))
	for i := 1; i+1 < len(f); i += 2 {
		if d := len(GreedyPath(f[i], f[i+1], false)); d < 17 || d > 19 {
			tb.Errorf("generator --min 17 --max 19 made a case of %d moves", d)
		}
	}
	// recorded entries of generated.yaml reproduce their files: the random
	// files 1x-* and (not with -short) three files of chosen distances; the
	// rest take too long to rebuild here, their contents are checked above
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.NumCPU())
	for _, e := range generatedEntries(tb) {
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
				tb.Errorf("generated.yaml entry %s does not reproduce tests/%s.in", e.name, e.name)
			}
		}()
	}
	wg.Wait()
}

type genEntry struct {
	name, seed string
	args       []string
}

// generatedEntries parses tests/generated.yaml (the simple fixed layout the
// problem packages use: name, seed, args as a flow list of quoted strings).
func generatedEntries(tb testing.TB) []genEntry {
	data, err := os.ReadFile("tests/generated.yaml")
	if err != nil {
		tb.Fatal(err)
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
		tb.Fatal("generated.yaml lists no tests")
	}
	for _, e := range es {
		if _, err := os.Stat(filepath.Join("tests", e.name+".in")); err != nil {
			tb.Errorf("generated.yaml names %s but tests/%s.in is missing", e.name, e.name)
		}
	}
	return es
}

// CheckStatementSamples checks that statement.md has the Input, Output and
// Limits sections and that the fenced blocks under "## Samples" are, in
// order, the input and output of sample-1, sample-2, ...
func CheckStatementSamples(tb testing.TB) {
	data, err := os.ReadFile("statement.md")
	if err != nil {
		tb.Fatal(err)
	}
	text := string(data)
	i := strings.Index(text, "\n## Samples")
	if i < 0 {
		tb.Fatal("statement.md has no ## Samples section")
	}
	for _, h := range []string{"\n## Input", "\n## Output", "\n## Limits"} {
		if !strings.Contains(text, h) {
			tb.Errorf("statement.md lacks %q", strings.TrimSpace(h))
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
		tb.Fatalf("statement shows %d blocks for %d samples", len(blocks), len(samples))
	}
	for k := range samples {
		for j, ext := range []string{".in", ".out"} {
			want, err := os.ReadFile(fmt.Sprintf("tests/sample-%d%s", k+1, ext))
			if err != nil || string(want) != blocks[2*k+j] {
				tb.Errorf("sample-%d%s differs from the statement", k+1, ext)
			}
		}
	}
}
