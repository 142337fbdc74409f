package convert

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/problem/kattis"
	"github.com/puzzlejudge/judge/internal/fileutil"
)

// Import writes the Kattis package in pkgDir as the native problem
// problemsDir/<slug> and its submissions as solutionsDir/<slug>/<verdict>/
// (slug "" takes the package folder's name). It refuses a slug whose
// problem or solutions folder already exists, and returns what the
// native format cannot say, one line each.
func Import(pkgDir, problemsDir, solutionsDir, slug string) ([]string, error) {
	if !kattis.IsPackage(pkgDir) {
		return nil, fmt.Errorf("%s: not a Kattis package (want a folder with problem.yaml and data/)", pkgDir)
	}
	p, err := problem.LoadKattis(pkgDir)
	if err != nil {
		return nil, err
	}
	if err := p.Kattis.Package.Complete(); err != nil {
		return nil, err
	}
	if slug == "" {
		slug = p.Slug
	}
	if slug == "" || strings.ContainsAny(slug, `/\`) || slug[0] == '.' {
		return nil, fmt.Errorf("slug %q: want a plain folder name", slug)
	}
	probDest := filepath.Join(problemsDir, slug)
	solDest := filepath.Join(solutionsDir, slug)
	for _, d := range []string{probDest, solDest} {
		if _, err := os.Lstat(d); err == nil {
			return nil, fmt.Errorf("%s: already exists; choose another slug", d)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: %w", d, fileutil.UnwrapPath(err))
		}
	}
	probTmp, err := tempDirFor(probDest)
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(probTmp)
	solTmp, err := tempDirFor(solDest)
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(solTmp)

	dropped, err := writeNative(p, probTmp)
	if err != nil {
		return nil, err
	}
	native, err := problem.Load(probTmp)
	if err != nil {
		return nil, fmt.Errorf("%s: the imported package does not load: %w", pkgDir, err)
	}
	if note := orderNote(p, native); note != "" {
		dropped = append(dropped, note)
	}
	d, err := importSubmissions(p, solTmp, native.Scoring != nil)
	if err != nil {
		return nil, err
	}
	dropped = append(dropped, d...)
	if err := moveInto(probTmp, probDest); err != nil {
		return nil, err
	}
	if err := moveInto(solTmp, solDest); err != nil {
		os.RemoveAll(probDest)
		return nil, err
	}
	return dropped, nil
}

// writeNative writes problem.yaml, statement.md, tests/ and the
// interactor of the Kattis problem p into dir.
func writeNative(p *problem.Problem, dir string) ([]string, error) {
	k := p.Kattis
	var dropped []string
	var y strings.Builder
	fmt.Fprintf(&y, "title: %s\n", strconv.Quote(p.Title))
	fmt.Fprintf(&y, "imported_from: %s\n", strconv.Quote(fmt.Sprintf("Kattis package %s (%s)", filepath.Base(k.Package.Dir), k.Version)))
	if p.Limits.Time > 0 {
		fmt.Fprintf(&y, "time_limit: %s\n", p.Limits.Time)
	} else {
		y.WriteString("time_limit: 1s\n")
		dropped = append(dropped, "time limit: the package derives it from its accepted submissions; set to 1s (check it with judge verify)")
	}
	fmt.Fprintf(&y, "memory_limit: %dMiB\n", mib(p.Limits.Memory))
	fmt.Fprintf(&y, "output_limit: %dMiB\n", mib(p.Limits.Output))

	switch {
	case p.Interactive:
		src, err := singleSource(k.Package.OutputValidator)
		if err != nil {
			return nil, err
		}
		path := "interactor/" + filepath.Base(src)
		if err := copyFile(src, filepath.Join(dir, "interactor", filepath.Base(src))); err != nil {
			return nil, err
		}
		fmt.Fprintf(&y, "interactor: %s\n", path)
	case p.Checker.Kind == problem.CheckerValidator:
		dropped = append(dropped, "output validator: "+rel(k.Package.Dir, p.Checker.Source)+
			": the native custom checker is a Go program with testlib exit codes; outputs are compared as tokens instead")
		y.WriteString("checker: tokens\n")
	default:
		checker, notes := nativeChecker(p.Tests)
		dropped = append(dropped, notes...)
		y.WriteString(checker)
	}
	valLine, valDropped, err := importInputValidator(p, dir)
	if err != nil {
		return nil, err
	}
	dropped = append(dropped, valDropped...)
	y.WriteString(valLine)
	names, err := nativeNames(p.Tests)
	if err != nil {
		return nil, err
	}
	byName := make(map[string]string, len(names))
	for i, t := range p.Tests {
		byName[t.Name] = names[i]
	}
	groups, scoreDropped := importedScoring(p, byName)
	dropped = append(dropped, scoreDropped...)
	y.WriteString(groups)
	if err := writeFile(filepath.Join(dir, problem.ConfigFile), []byte(y.String())); err != nil {
		return nil, err
	}
	if err := writeStatement(p, dir); err != nil {
		return nil, err
	}
	if err := appendSamples(p, dir); err != nil {
		return nil, err
	}
	for i, t := range p.Tests {
		base := filepath.Join(dir, problem.TestsDir, names[i])
		if err := copyFile(t.Input, base+".in"); err != nil {
			return nil, err
		}
		if err := copyFile(t.Output, base+".out"); err != nil {
			return nil, err
		}
	}
	return append(dropped, kattisOnly(p)...), nil
}

// orderNote says where the native problem runs the imported tests in
// another order than the package (natural against lexicographic order
// of names): the first failing test, whose verdict is the submission's,
// may then differ. It returns "" when the orders agree.
func orderNote(p, native *problem.Problem) string {
	names, err := nativeNames(p.Tests)
	if err != nil || len(native.Tests) != len(names) {
		return ""
	}
	for i, t := range native.Tests {
		if t.Name != names[i] {
			return fmt.Sprintf("test order: natively tests/%s runs before tests/%s (natural order of names), in the package after it (lexicographic order): a submission that fails several tests in different ways may get another verdict",
				t.Name, names[i])
		}
	}
	return ""
}

// kattisOnly names what the package says that the native format cannot.
func kattisOnly(p *problem.Problem) []string {
	k := p.Kattis
	var out []string
	if k.MultiPass {
		out = append(out, "multi-pass: nextpass.in rounds")
	}
	if f := validatorFlagGroups(p.Tests); f != "" {
		out = append(out, "input validator flags of the test groups ("+f+"): the native input_validator runs with no arguments")
	}
	for _, d := range []string{"include", "generators", "input_format_validators", "static_validator", "attachments", "solution"} {
		if isDir(filepath.Join(k.Package.Dir, d)) {
			out = append(out, d+"/: the native format has no such folder")
		}
	}
	return out
}

// validatorFlagGroups lists the groups whose tests give the input
// validators flags, each with its flags ("secret/g1: --max 10"), "" when
// none does.
func validatorFlagGroups(tests []problem.Test) string {
	var out []string
	for _, t := range tests {
		if len(t.ValidatorArgs) == 0 {
			continue
		}
		var parts []string
		for _, name := range slices.Sorted(maps.Keys(t.ValidatorArgs)) {
			flags := strings.Join(t.ValidatorArgs[name], " ")
			if name != "" {
				flags = name + ": " + flags
			}
			parts = append(parts, flags)
		}
		group := t.Group
		if group == "" {
			group = t.Name
		}
		item := group + ": " + strings.Join(parts, "; ")
		if !slices.Contains(out, item) {
			out = append(out, item)
		}
	}
	return strings.Join(out, ", ")
}

func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// singleSource is the one source file of a validator program.
func singleSource(v *kattis.Program) (string, error) {
	if v == nil {
		return "", errors.New("interactive problem without an output validator")
	}
	if !v.Dir {
		return v.Path, nil
	}
	entries, err := os.ReadDir(v.Path)
	if err != nil {
		return "", fmt.Errorf("%s: %w", v.Path, fileutil.UnwrapPath(err))
	}
	var files []string
	for _, e := range entries {
		if !e.IsDir() && e.Name()[0] != '.' {
			files = append(files, e.Name())
		}
	}
	if len(files) != 1 {
		return "", fmt.Errorf("%s: must be one source file to import (native interactors and input validators are), not %d files", v.Path, len(files))
	}
	return filepath.Join(v.Path, files[0]), nil
}

// writeStatement copies the Markdown statement, or says where the other
// one is.
func writeStatement(p *problem.Problem, dir string) error {
	dest := filepath.Join(dir, problem.StatementFile)
	if strings.HasSuffix(p.Statement, ".md") {
		return copyFile(p.Statement, dest)
	}
	text := "# " + p.Title + "\n"
	if p.Statement != "" {
		text += "\nThe statement of the Kattis package is " + filepath.Base(p.Statement) + " (LaTeX), not imported.\n"
	}
	return writeFile(dest, []byte(text))
}

// nativeNames maps Kattis test names to native file names: sample/1 →
// sample-1, secret/group1/01 → group1-01 (a secret test whose name
// would start with "sample" gets "secret-" before it).
func nativeNames(tests []problem.Test) ([]string, error) {
	out := make([]string, len(tests))
	seen := map[string]string{}
	for i, t := range tests {
		n := t.Name
		if !t.Sample {
			n = strings.TrimPrefix(n, "secret/")
		}
		n = strings.ReplaceAll(n, "/", "-")
		if !t.Sample && strings.HasPrefix(n, "sample") {
			n = "secret-" + n
		}
		if t.Sample && !strings.HasPrefix(n, "sample") {
			n = "sample-" + n
		}
		if prev, dup := seen[n]; dup {
			return nil, fmt.Errorf("tests %s and %s both become tests/%s", prev, t.Name, n)
		}
		seen[n] = t.Name
		out[i] = n
	}
	return out, nil
}
