package convert

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/problem/kattis"
	"github.com/puzzlejudge/judge/internal/fileutil"
)

// scoredGroups are the groups of a native scoring problem (its root sums
// them, each pass-fail), in problem.yaml's order.
func scoredGroups(p *problem.Problem) []*problem.ScoreGroup {
	var out []*problem.ScoreGroup
	for _, it := range p.Scoring.Root.Items {
		if it.Group != nil {
			out = append(out, it.Group)
		}
	}
	return out
}

// writeScoredData writes the tests of a native scoring problem: the
// samples to data/sample, each group's tests to data/secret/<group>/ (a
// test in two groups is in both folders: a Kattis test case is in one
// group; the second and later copies are relative links to the first),
// with each group's scoring. It returns what the package says
// otherwise than the native problem.
//
// 2025-09 says native groups exactly: secret sums its groups
// (max_score: their total), each group is pass-fail with max_score its
// score; samples score nothing, and the verdict is the first failing
// test's, as natively.
//
// Legacy ignores the score of a submission that is not accepted, so a
// package cannot give a rejected one its passed groups' scores and keep
// its verdict. The export keeps verdicts (and so problemtools' folder
// checks): each group takes the least of its tests' accept_score (its
// score), secret sums them, samples score 0, every group breaks at its
// first failure, so the verdict is the first failing test's; a
// submission that is not accepted scores 0 (natively the scores of the
// groups it passed), which dropped says.
func writeScoredData(p *problem.Problem, dir string, v kattis.Version) ([]string, error) {
	names := make([]string, len(p.Tests))
	for i, t := range p.Tests {
		names[i] = t.Name
	}
	padded := paddedNames(names)
	byName := map[string]problem.Test{}
	for _, t := range p.Tests {
		byName[t.Name] = t
		if !t.Sample {
			continue
		}
		base := filepath.Join(dir, "data", "sample", padded[t.Name])
		if err := copyTest(t, base); err != nil {
			return nil, err
		}
	}
	// written holds where each test was written first (without the
	// extension); a later copy links to it.
	written := map[string]string{}
	for _, t := range p.Tests {
		if t.Sample {
			written[t.Name] = filepath.Join(dir, "data", "sample", padded[t.Name])
		}
	}
	groups := scoredGroups(p)
	for _, g := range groups {
		if strings.HasPrefix(g.Name, ".") {
			return nil, fmt.Errorf("%s: groups: %q: a Kattis group is a folder, and the format ignores a folder whose name starts with a dot", filepath.Join(p.Dir, problem.ConfigFile), g.Name)
		}
	}
	var dropped []string
	total := 0.0
	for _, g := range groups {
		gdir := filepath.Join(dir, "data", "secret", g.Name)
		for _, name := range g.Tests() {
			base := filepath.Join(gdir, padded[name])
			if first, ok := written[name]; ok {
				if err := linkTest(first, base); err != nil {
					return nil, err
				}
				continue
			}
			if err := copyTest(byName[name], base); err != nil {
				return nil, err
			}
			written[name] = base
		}
		var cfg string
		if v == kattis.V2025 {
			cfg = fmt.Sprintf("max_score: %s\n", fmtFloat(g.MaxScore))
		} else {
			cfg = fmt.Sprintf("accept_score: %s\ngrader_flags: min\n", fmtFloat(g.MaxScore))
		}
		if err := writeFile(filepath.Join(gdir, testdataFile(v)), []byte(cfg)); err != nil {
			return nil, err
		}
		total += g.MaxScore
	}
	secret := fmt.Sprintf("max_score: %s\nscore_aggregation: sum\n", fmtFloat(total))
	if v == kattis.Legacy {
		// range is inherited and clamps nothing below: every group's
		// score is between 0 and the total.
		if err := writeFile(filepath.Join(dir, "data", "testdata.yaml"), []byte(fmt.Sprintf("range: 0 %s\n", fmtFloat(total)))); err != nil {
			return nil, err
		}
		if slices.ContainsFunc(p.Tests, func(t problem.Test) bool { return t.Sample }) {
			if err := writeFile(filepath.Join(dir, "data", "sample", "testdata.yaml"), []byte("accept_score: 0\n")); err != nil {
				return nil, err
			}
		}
		secret = "grader_flags: sum\n"
		dropped = append(dropped, "groups: legacy ignores the score of a submission that is not accepted: one that fails a test scores 0 in the package (natively the scores of the groups it passes)")
	}
	if err := writeFile(filepath.Join(dir, "data", "secret", testdataFile(v)), []byte(secret)); err != nil {
		return nil, err
	}
	if !sameFirstFailure(p, groups, padded) {
		dropped = append(dropped, "groups: the package runs the tests group by group, in the groups' name order: a submission that fails several tests in different ways may get another test's verdict")
	}
	return dropped, nil
}

// testdataFile is the name of a group's settings file in version v.
func testdataFile(v kattis.Version) string {
	if v == kattis.V2025 {
		return "test_group.yaml"
	}
	return "testdata.yaml"
}

// copyTest copies a test's input and answer to base.in and base.ans.
func copyTest(t problem.Test, base string) error {
	if err := copyFile(t.Input, base+".in"); err != nil {
		return err
	}
	return copyFile(t.Output, base+".ans")
}

// linkTest makes base.in and base.ans relative symbolic links to
// first.in and first.ans (the format allows links that stay inside the
// package).
func linkTest(first, base string) error {
	if err := os.MkdirAll(filepath.Dir(base), 0o755); err != nil {
		return fmt.Errorf("%s: %w", filepath.Dir(base), fileutil.UnwrapPath(err))
	}
	for _, ext := range []string{".in", ".ans"} {
		target, err := filepath.Rel(filepath.Dir(base), first+ext)
		if err != nil {
			return fmt.Errorf("%s: %w", base+ext, err)
		}
		if err := os.Symlink(target, base+ext); err != nil {
			return fmt.Errorf("%s: %w", base+ext, fileutil.UnwrapPath(err))
		}
	}
	return nil
}

// sameFirstFailure reports whether the package's order of tests (samples,
// then the groups in the lexicographic order of their folders, each in
// the order of its file names) meets each test first where the native
// order does, so that the first failing test, which gives the verdict,
// is the same whatever the tests fail.
func sameFirstFailure(p *problem.Problem, groups []*problem.ScoreGroup, padded map[string]string) bool {
	byFolder := slices.Clone(groups)
	slices.SortFunc(byFolder, func(a, b *problem.ScoreGroup) int { return strings.Compare(a.Name, b.Name) })
	var order []string
	seen := map[string]bool{}
	add := func(names []string) {
		slices.SortFunc(names, func(a, b string) int { return strings.Compare(padded[a], padded[b]) })
		for _, n := range names {
			if !seen[n] {
				seen[n] = true
				order = append(order, n)
			}
		}
	}
	var samples []string
	for _, t := range p.Tests {
		if t.Sample {
			samples = append(samples, t.Name)
		}
	}
	add(samples)
	for _, g := range byFolder {
		add(g.Tests())
	}
	var native []string
	for _, t := range p.Tests {
		if seen[t.Name] {
			native = append(native, t.Name)
		}
	}
	return slices.Equal(order, native)
}
