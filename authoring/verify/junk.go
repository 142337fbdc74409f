package verify

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/puzzlejudge/judge/core/report"
)

// junkCase is an input a validator must reject, made from a test input.
type junkCase struct {
	kind string // what was done, such as "truncated"
	from string // the test it was made from ("" for none)
	data []byte
}

// makeJunkCases makes the junk cases of the package from its tests (a
// sample and another test). Their files, under a folder of the run's own
// named by the package's index, are written by junkFile when a validator
// run needs one: a warm verify takes every answer from the run cache.
func (a *validatorsAspect) makeJunkCases(index int) {
	if !a.present() {
		return
	}
	sources := map[string][]byte{}
	var names []string
	var valid [][]byte
	var sample, other string
	for _, t := range a.n.p.Tests {
		data, err := os.ReadFile(t.Input)
		if err != nil {
			continue // reported by the test files check
		}
		valid = append(valid, data)
		if t.Sample && sample == "" {
			sample = t.Name
			sources[t.Name] = data
		} else if !t.Sample && other == "" {
			other = t.Name
			sources[t.Name] = data
		}
	}
	for _, n := range []string{sample, other} {
		if n != "" {
			names = append(names, n)
		}
	}
	a.junk = makeJunk(names, sources, valid)
	a.junkDir = filepath.Join(a.n.r.tmp, fmt.Sprintf("junk-%d", index))
}

// junkFile writes junk case i to its file and returns the file's path.
func (a *validatorsAspect) junkFile(i int) (string, error) {
	if err := os.MkdirAll(a.junkDir, 0o755); err != nil {
		return "", fmt.Errorf("verify: %w", err)
	}
	path := filepath.Join(a.junkDir, fmt.Sprintf("%d.in", i))
	if err := os.WriteFile(path, a.junk[i].data, 0o644); err != nil {
		return "", fmt.Errorf("verify: %w", err)
	}
	return path, nil
}

// junkCheck checks that the validator rejects every junk case; crashing
// on one is a warning.
func (a *validatorsAspect) junkCheck() *Check {
	n := a.n
	c := &Check{Name: CheckJunk}
	switch {
	case n.runnable != "":
		return skip(c, n.runnable)
	case a.prog == nil:
		return skip(c, "no validator to run")
	}
	var accepted, crashed, broken, kinds []string
	for i, j := range a.junk {
		desc := j.kind
		if j.from != "" {
			desc += " (from " + n.testPath(j.from, ".in") + ")"
		}
		if !slices.Contains(kinds, j.kind) {
			kinds = append(kinds, j.kind)
		}
		res := a.junkRes[i]
		c.TimeMs += res.v.Result.Wall.Milliseconds()
		switch {
		case res.err != nil:
			broken = append(broken, fmt.Sprintf("%s: internal error: %v", desc, res.err))
		case res.v.Valid:
			accepted = append(accepted, "accepts junk: "+desc)
		case res.v.Crashed:
			crashed = append(crashed, fmt.Sprintf("crashes on junk: %s: %s", desc, res.v.Message))
		}
	}
	if len(broken) > 0 {
		return failDetails(c, append(broken, accepted...), true)
	}
	if len(accepted) > 0 {
		// An imported package's validator met its own format's rule, where
		// accepting junk is a warning (problemtools).
		c.Status, c.Details = Fail, append(accepted, crashed...)
		if n.p.ImportedFrom != "" && n.p.InputValidator != "" {
			c.Status = Warn
		}
		c.Message = fmt.Sprintf("the validator accepts %d of %d junk inputs: %s", len(accepted), len(a.junk), strings.TrimPrefix(accepted[0], "accepts junk: "))
		return c
	}
	if len(crashed) > 0 {
		c.Status, c.Details = Warn, crashed
		c.Message = fmt.Sprintf("the validator rejects all junk, but crashes on %d inputs: %s", len(crashed), crashed[0])
		return c
	}
	return pass(c, fmt.Sprintf("rejects all %s (%s)", report.Plural(len(a.junk), "junk input"), strings.Join(kinds, ", ")))
}

// hugeValue replaces a number to take it out of any sane range.
const hugeValue = "99999999999999999999"

var intToken = regexp.MustCompile(`^[-+]?[0-9]+$`)

// makeJunk returns the junk cases made from the sources (test name to
// input), in the order given: an empty file, random bytes, and from each
// source a truncated input, doubled and missing whitespace, a missing
// final newline, a leading space, an extra blank line, Windows line
// endings, and numbers replaced by values out of range (or, in an input
// without numbers, a character replaced). Cases equal to one of the valid
// inputs, or to another case, are left out.
func makeJunk(names []string, sources map[string][]byte, valid [][]byte) []junkCase {
	rng := rand.New(rand.NewPCG(1, 2))
	random := make([]byte, 256)
	for i := range random {
		random[i] = byte(rng.UintN(256))
	}
	out := []junkCase{
		{kind: "empty file", data: []byte{}},
		{kind: "random bytes", data: random},
	}
	for _, name := range names {
		d := sources[name]
		add := func(kind string, data []byte) {
			if data != nil {
				out = append(out, junkCase{kind: kind, from: name, data: data})
			}
		}
		if len(d) >= 2 {
			add("truncated", bytes.Clone(d[:len(d)/2]))
		}
		add("doubled whitespace", doubleSpace(d))
		add("missing whitespace", dropSpace(d))
		if bytes.HasSuffix(d, []byte("\n")) {
			add("no final newline", bytes.Clone(d[:len(d)-1]))
		}
		add("leading space", append([]byte(" "), d...))
		add("extra blank line", append(bytes.Clone(d), '\n'))
		if bytes.Contains(d, []byte("\n")) && !bytes.Contains(d, []byte("\r")) {
			add("Windows line endings", bytes.ReplaceAll(d, []byte("\n"), []byte("\r\n")))
		}
		first, last := numberTokens(d)
		switch {
		case first != nil:
			add("value out of range", splice(d, first, []byte(hugeValue)))
			if last[0] != first[0] {
				add("value out of range", splice(d, last, []byte("-"+hugeValue)))
			}
		case len(bytes.TrimSpace(d)) > 0:
			i := bytes.IndexFunc(d, func(r rune) bool { return r > ' ' })
			add("bad character", splice(d, []int{i, i + 1}, []byte("~")))
		}
	}
	seen := map[string]bool{}
	for _, v := range valid {
		seen[string(v)] = true
	}
	kept := out[:0]
	for _, c := range out {
		if !seen[string(c.data)] {
			seen[string(c.data)] = true
			kept = append(kept, c)
		}
	}
	return kept
}

// doubleSpace doubles the first space between tokens, or else the first
// line break before the last; nil if there is none.
func doubleSpace(d []byte) []byte {
	if i := bytes.IndexByte(d, ' '); i >= 0 {
		return splice(d, []int{i, i + 1}, []byte("  "))
	}
	if i := bytes.IndexByte(d, '\n'); i >= 0 && i < len(d)-1 {
		return splice(d, []int{i, i + 1}, []byte("\n\n"))
	}
	return nil
}

// dropSpace removes the first space between two tokens, or else the first
// line break before the last; nil if there is none.
func dropSpace(d []byte) []byte {
	for i := 1; i+1 < len(d); i++ {
		if d[i] == ' ' && d[i-1] > ' ' && d[i+1] > ' ' {
			return splice(d, []int{i, i + 1}, nil)
		}
	}
	if i := bytes.IndexByte(d, '\n'); i >= 0 && i < len(d)-1 {
		return splice(d, []int{i, i + 1}, nil)
	}
	return nil
}

// numberTokens returns the byte ranges of the first and last integer
// tokens of d, or nil.
func numberTokens(d []byte) (first, last []int) {
	i := 0
	for i < len(d) {
		for i < len(d) && d[i] <= ' ' {
			i++
		}
		j := i
		for j < len(d) && d[j] > ' ' {
			j++
		}
		if j > i && intToken.Match(d[i:j]) {
			if first == nil {
				first = []int{i, j}
			}
			last = []int{i, j}
		}
		i = j
	}
	return first, last
}

// splice returns d with d[r[0]:r[1]] replaced by with.
func splice(d []byte, r []int, with []byte) []byte {
	out := make([]byte, 0, len(d)+len(with))
	out = append(out, d[:r[0]]...)
	out = append(out, with...)
	return append(out, d[r[1]:]...)
}
