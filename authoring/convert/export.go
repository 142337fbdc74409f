// Package convert converts problem packages between the native format and
// the Kattis problem package format: Export writes a native problem as a
// Kattis package, Import a Kattis package as a native problem and its
// solutions folders. Both write into a temporary folder renamed into
// place, refuse to overwrite, and return what the other format cannot
// say (dropped) instead of printing it.
package convert

import (
	"crypto/sha1"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/problem/kattis"
)

// Versions Export writes.
var ExportVersions = []kattis.Version{kattis.V2025, kattis.Legacy}

// Export writes the native problem p, with its solutions in solDir
// (solutions/<slug>, may be absent), as a Kattis package of version v in
// outDir, which must not exist or be empty. It returns what the Kattis
// package leaves out, one line each.
func Export(p *problem.Problem, solDir, outDir string, v kattis.Version) ([]string, error) {
	if v != kattis.V2025 && v != kattis.Legacy {
		return nil, fmt.Errorf("version %q: want 2025-09 or legacy", v)
	}
	if p.Format != problem.FormatNative {
		return nil, fmt.Errorf("%s: is a Kattis package already", p.Dir)
	}
	if err := checkFreshDir(outDir); err != nil {
		return nil, err
	}
	tmp, err := tempDirFor(outDir)
	if err != nil {
		return nil, err
	}
	dropped, err := writeKattis(p, solDir, tmp, v)
	if err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	if err := moveInto(tmp, outDir); err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	return dropped, nil
}

// writeKattis writes the whole package into dir.
func writeKattis(p *problem.Problem, solDir, dir string, v kattis.Version) ([]string, error) {
	var dropped []string
	flags, note, err := validatorFlags(p)
	if err != nil {
		return nil, err
	}
	dropped = append(dropped, note...)
	custom := false
	if p.Interactive || p.Checker.Kind == problem.CheckerCustom {
		d, err := writeOutputValidator(p, dir, v)
		if err != nil {
			return nil, err
		}
		custom = len(d) == 0
		dropped = append(dropped, d...)
	}
	if err := writeFile(filepath.Join(dir, kattis.MetadataFile), metadataYAML(p, v, flags, custom)); err != nil {
		return nil, err
	}
	if v == kattis.Legacy {
		// Legacy problem.yaml has no time limit (only time_multiplier on
		// the accepted submissions' times); DOMjudge's .timelimit gives it.
		secs := strconv.FormatFloat(p.Limits.Time.Seconds(), 'f', -1, 64)
		if err := writeFile(filepath.Join(dir, ".timelimit"), []byte(secs+"\n")); err != nil {
			return nil, err
		}
	}
	if v == kattis.V2025 && len(flags) > 0 {
		if err := writeFile(filepath.Join(dir, "data", "test_group.yaml"), argsYAML(flags)); err != nil {
			return nil, err
		}
	}
	if err := copyFile(p.Statement, filepath.Join(dir, "problem_statement", "problem.en.md")); err != nil {
		return nil, err
	}
	if p.Scoring != nil {
		d, err := writeScoredData(p, dir, v)
		if err != nil {
			return nil, err
		}
		dropped = append(dropped, d...)
	} else if err := writeData(p, dir); err != nil {
		return nil, err
	}
	if p.Validator != "" {
		ok, err := writeInputValidator(p.Validator, dir)
		if err != nil {
			return nil, err
		}
		if !ok {
			dropped = append(dropped, "validator/: not one main.go with a main to adapt to the format's exit 42; not exported")
		}
	}
	if p.InputValidator != "" {
		// Already of the format: exit 42 when valid.
		if err := copyFile(p.InputValidator, filepath.Join(dir, "input_validators", filepath.Base(p.InputValidator))); err != nil {
			return nil, err
		}
	}
	if p.Generator != "" {
		dropped = append(dropped, "generator/: the format has no generator; its tests are exported as files")
	}
	if p.Reference != "" {
		dropped = append(dropped, "reference: "+p.Reference+": the format has no reference solution key (it stays in submissions/)")
	}
	if p.Limits.Output != problem.DefaultOutputLimit && p.Limits.Output%figures.MiB != 0 {
		dropped = append(dropped, "output_limit: rounded up to whole MiB")
	}
	d, err := writeSubmissions(solDir, dir, v, p.Scoring != nil)
	if err != nil {
		return nil, err
	}
	return append(dropped, d...), nil
}

// validatorFlags gives the default output validator's flags that check
// as the native checker does; note says what differs.
func validatorFlags(p *problem.Problem) ([]string, []string, error) {
	if p.Interactive {
		return nil, nil, nil
	}
	switch p.Checker.Kind {
	case problem.CheckerTokens:
		return []string{"case_sensitive"}, nil, nil
	case problem.CheckerExact:
		return []string{"case_sensitive", "space_change_sensitive"},
			[]string{"checker: exact: the default validator with space_change_sensitive still ignores a missing final newline"}, nil
	case problem.CheckerFloat:
		return []string{"case_sensitive",
			"float_absolute_tolerance", fmtFloat(p.Checker.FloatAbs),
			"float_relative_tolerance", fmtFloat(p.Checker.FloatRel)}, nil, nil
	case problem.CheckerCustom:
		return nil, nil, nil
	}
	return nil, nil, fmt.Errorf("%s: checker %q has no Kattis equivalent", p.Dir, p.Checker.Kind)
}

func fmtFloat(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// mib gives a size in whole MiB, rounded up.
func mib(n int64) int64 { return (n + figures.MiB - 1) / figures.MiB }

// metadataYAML renders problem.yaml.
// custom says the output validator was written.
func metadataYAML(p *problem.Problem, v kattis.Version, flags []string, custom bool) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "problem_format_version: %s\n", v)
	if v == kattis.Legacy {
		fmt.Fprintf(&b, "name: %s\n", strconv.Quote(p.Title))
		if p.Scoring != nil {
			b.WriteString("type: scoring\n")
		}
		switch {
		case p.Interactive:
			b.WriteString("validation: custom interactive\n")
		case custom:
			b.WriteString("validation: custom\n")
		}
		if len(flags) > 0 {
			fmt.Fprintf(&b, "validator_flags: %s\n", strconv.Quote(strings.Join(flags, " ")))
		}
		// time_safety_margin 1.5: time_limit_exceeded submissions must
		// still be too slow at 1.5 × the limit, as native verify asks
		// (legacy's default is 2).
		fmt.Fprintf(&b, "limits:\n  time_safety_margin: 1.5\n  memory: %d\n  output: %d\n", mib(p.Limits.Memory), mib(p.Limits.Output))
		return []byte(b.String())
	}
	typ := "pass-fail"
	switch {
	case p.Interactive && p.Scoring != nil:
		typ = "scoring interactive"
	case p.Interactive:
		typ = "interactive"
	case p.Scoring != nil:
		typ = "scoring"
	}
	fmt.Fprintf(&b, "type: %s\nname: %s\nuuid: %s\n", typ, strconv.Quote(p.Title), slugUUID(p.Slug))
	fmt.Fprintf(&b, "limits:\n  time_limit: %s\n  memory: %d\n  output: %d\n",
		fmtFloat(p.Limits.Time.Seconds()), mib(p.Limits.Memory), mib(p.Limits.Output))
	return []byte(b.String())
}

// argsYAML renders data/test_group.yaml giving every test the output
// validator's arguments (2025-09).
func argsYAML(flags []string) []byte {
	var b strings.Builder
	b.WriteString("output_validator_args:\n")
	for _, f := range flags {
		fmt.Fprintf(&b, "  - %s\n", strconv.Quote(f))
	}
	return []byte(b.String())
}

// writeData writes the tests: samples to data/sample, the others to
// data/secret, names zero-padded so the format's lexicographic order is
// the native natural order.
func writeData(p *problem.Problem, dir string) error {
	names := make([]string, len(p.Tests))
	for i, t := range p.Tests {
		names[i] = t.Name
	}
	padded := paddedNames(names)
	for _, t := range p.Tests {
		group := "secret"
		if t.Sample {
			group = "sample"
		}
		base := filepath.Join(dir, "data", group, padded[t.Name])
		if err := copyFile(t.Input, base+".in"); err != nil {
			return err
		}
		if err := copyFile(t.Output, base+".ans"); err != nil {
			return err
		}
	}
	return nil
}

// slugUUID is a name-based (version 5 style) UUID of the slug, so that
// exporting a problem twice gives it the same uuid.
func slugUUID(slug string) string {
	h := sha1.Sum([]byte("puzzlejudge problem " + slug))
	h[6] = h[6]&0x0f | 0x50
	h[8] = h[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", h[0:4], h[4:6], h[6:8], h[8:10], h[10:16])
}
