package problemtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Entry is one entry of tests/generated.yaml: tests/Name.in is what the
// generator prints when run with Seed followed by Args.
type Entry struct {
	Name, Seed string
	Args       []string
}

// ReadGenerated reads tests/generated.yaml without a YAML library, in the
// fixed layout the problem packages use:
//
//	# comment
//	tests:
//	  - name: NAME
//	    seed: SEED
//	    args: ["--flag", "value"]
//
// It fails the test at once on any other line, on a seed or args line before
// the first name, on args that are not a list of strings in JSON, on an entry
// without a seed, or if there are no entries, and it reports every entry
// whose tests/NAME.in is missing.
func ReadGenerated(tb testing.TB) []Entry {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("tests", "generated.yaml"))
	if err != nil {
		tb.Fatal(err)
	}
	var es []Entry
	for n, line := range strings.Split(string(data), "\n") {
		s := strings.TrimSpace(line)
		switch {
		case s == "" || s == "tests:" || strings.HasPrefix(s, "#"):
		case strings.HasPrefix(s, "- name:"):
			es = append(es, Entry{Name: strings.TrimSpace(strings.TrimPrefix(s, "- name:"))})
		case strings.HasPrefix(s, "seed:") && len(es) > 0:
			es[len(es)-1].Seed = strings.TrimSpace(strings.TrimPrefix(s, "seed:"))
		case strings.HasPrefix(s, "args:") && len(es) > 0:
			if err := json.Unmarshal([]byte(strings.TrimPrefix(s, "args:")), &es[len(es)-1].Args); err != nil {
				tb.Fatalf("generated.yaml line %d: %v", n+1, err)
			}
		default:
			tb.Fatalf("generated.yaml line %d: unexpected %q", n+1, line)
		}
	}
	if len(es) == 0 {
		tb.Fatal("generated.yaml lists no tests")
	}
	for _, e := range es {
		if e.Seed == "" {
			tb.Fatalf("generated.yaml entry %s has no seed", e.Name)
		}
		if _, err := os.Stat(filepath.Join("tests", e.Name+".in")); err != nil {
			tb.Errorf("generated.yaml names %s but tests/%s.in is missing", e.Name, e.Name)
		}
	}
	return es
}

// CheckReproduced checks, for every entry of entries, that the generator run
// with the entry's seed and arguments prints exactly tests/NAME.in, and that
// the validator accepts what it prints. It runs up to parallel generators at
// once (at least one) and reports failures in entry order.
func CheckReproduced(tb testing.TB, entries []Entry, parallel int) {
	tb.Helper()
	gen, val := Generator(tb), Validator(tb)
	errs := make([][]string, len(entries))
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(parallel, 1))
	for i, e := range entries {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			fail := func(format string, a ...any) { errs[i] = append(errs[i], fmt.Sprintf(format, a...)) }
			want, err := os.ReadFile(filepath.Join("tests", e.Name+".in"))
			if err != nil {
				fail("%v", err)
				return
			}
			got, stderr, err := Run(gen, nil, append([]string{e.Seed}, e.Args...)...)
			if err != nil {
				fail("generator %s %v failed: %v: %s", e.Seed, e.Args, err, stderr)
				return
			}
			if !bytes.Equal(got, want) {
				fail("generator %s %v does not reproduce tests/%s.in: %s", e.Seed, e.Args, e.Name, firstDifference(got, want))
			}
			if _, stderr, err := Run(val, got); err != nil {
				fail("generator %s %v output rejected: %s", e.Seed, e.Args, stderr)
			}
		}()
	}
	wg.Wait()
	for i, msgs := range errs {
		for _, m := range msgs {
			tb.Errorf("generated.yaml entry %s: %s", entries[i].Name, m)
		}
	}
}

// CheckGenerated reads tests/generated.yaml (see ReadGenerated), checks that
// it lists at least min tests, and checks that every entry reproduces its
// file (see CheckReproduced), running up to parallel generators at once.
func CheckGenerated(tb testing.TB, min, parallel int) {
	tb.Helper()
	entries := ReadGenerated(tb)
	if len(entries) < min {
		tb.Errorf("generated.yaml lists only %d tests, want at least %d", len(entries), min)
	}
	CheckReproduced(tb, entries, parallel)
}

// firstDifference describes the first line where the generator's output got
// and the file's contents want differ.
func firstDifference(got, want []byte) string {
	g, w := strings.SplitAfter(string(got), "\n"), strings.SplitAfter(string(want), "\n")
	for i := 0; ; i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl || i >= len(g) || i >= len(w) {
			return fmt.Sprintf("line %d prints %q, the file holds %q", i+1, gl, wl)
		}
	}
}

// Generate runs the generator with args (the seed first) and returns what it
// prints; it fails the test at once if the generator fails.
func Generate(tb testing.TB, args ...string) []byte {
	tb.Helper()
	out, stderr, err := Run(Generator(tb), nil, args...)
	if err != nil {
		tb.Fatalf("generator %v failed: %v: %s", args, err, stderr)
	}
	return out
}

// CheckGenerator runs the generator twice with args (the seed first),
// failing the test at once if a run fails, checks that both runs print the
// same and that the validator accepts it, and returns what it prints.
func CheckGenerator(tb testing.TB, args ...string) []byte {
	tb.Helper()
	a := Generate(tb, args...)
	if b := Generate(tb, args...); !bytes.Equal(a, b) {
		tb.Errorf("generator %v is not deterministic", args)
	}
	if _, stderr, err := Run(Validator(tb), a); err != nil {
		tb.Errorf("generator %v output rejected: %s", args, stderr)
	}
	return a
}

// GeneratorCase is something asked of the generator: the arguments that
// follow the seed, and Check, which returns what is wrong with the output or
// nil if it is what was asked for (a nil Check accepts every output).
type GeneratorCase struct {
	Args  []string
	Check func(out []byte) error
}

// CheckGeneratorCases runs CheckGenerator for every case with each seed
// from 1 to seeds followed by the case's arguments, and reports an error
// wherever the case's Check finds fault with the output.
func CheckGeneratorCases(tb testing.TB, seeds int, cases []GeneratorCase) {
	tb.Helper()
	for _, c := range cases {
		for seed := 1; seed <= seeds; seed++ {
			args := append([]string{strconv.Itoa(seed)}, c.Args...)
			out := CheckGenerator(tb, args...)
			if c.Check == nil {
				continue
			}
			if err := c.Check(out); err != nil {
				tb.Errorf("generator %v %v", args, err)
			}
		}
	}
}
