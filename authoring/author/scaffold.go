package author

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/internal/fileutil"
)

// Placeholder marks the parts of a scaffolded package the author must
// still write; `judge verify` fails a statement or title holding it.
const Placeholder = "TODO"

var slugPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// CheckSlug refuses a slug that is not lower-case words of letters and
// digits joined by dashes, such as flip-game.
func CheckSlug(slug string) error {
	if !slugPattern.MatchString(slug) || len(slug) > 64 {
		return fmt.Errorf("bad problem slug %q: want lower-case letters and digits in words joined by dashes, such as flip-game", slug)
	}
	return nil
}

// Scaffold creates a new problem package problemsDir/slug and its
// solution folders solutionsDir/slug/<verdict>/. The package holds
// problem.yaml, statement.md with its section headings, a sample test, a
// validator and a generator for the sample's format, and an empty
// tests/generated.yaml; its title and statement hold Placeholder, so that
// `judge verify` reports it incomplete until they are written and an
// accepted solution is added. Each tree is built under a temporary name
// and renamed into place whole. It returns the paths created.
func Scaffold(problemsDir, solutionsDir, slug string) ([]string, error) {
	if err := CheckSlug(slug); err != nil {
		return nil, err
	}
	pdir := filepath.Join(problemsDir, slug)
	sdir := filepath.Join(solutionsDir, slug)
	for _, d := range []string{pdir, sdir} {
		if _, err := os.Lstat(d); err == nil {
			return nil, fmt.Errorf("%s: already exists", d)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: %w", d, fileutil.UnwrapPath(err))
		}
	}
	title := strings.ToUpper(slug[:1]) + strings.ReplaceAll(slug[1:], "-", " ")
	files := map[string]string{
		problem.ConfigFile:                              fmt.Sprintf(problemTemplate, Placeholder, title),
		problem.StatementFile:                           fmt.Sprintf(statementTemplate, Placeholder, title),
		filepath.Join(problem.TestsDir, "sample-1.in"):  "1 2\n",
		filepath.Join(problem.TestsDir, "sample-1.out"): "3\n",
		filepath.Join(problem.TestsDir, GeneratedFile):  generatedTemplate,
		filepath.Join(problem.ValidatorDir, "main.go"):  validatorTemplate,
		filepath.Join(problem.GeneratorDir, "main.go"):  generatorTemplate,
	}
	if err := makeTree(problemsDir, pdir, files); err != nil {
		return nil, err
	}
	sfiles := map[string]string{}
	for _, v := range verdict.All() {
		if f := v.Folder(); f != "" && v != verdict.PE && v != verdict.CE && v != verdict.OLE {
			sfiles[filepath.Join(f, ".gitkeep")] = ""
		}
	}
	if err := makeTree(solutionsDir, sdir, sfiles); err != nil {
		removeTree(pdir)
		return nil, err
	}
	return []string{pdir, sdir}, nil
}

// makeTree writes files (relative paths to contents) into a temporary
// folder under parent and renames it to dest.
func makeTree(parent, dest string, files map[string]string) error {
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("%s: %w", parent, fileutil.UnwrapPath(err))
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dest)+".new-")
	if err != nil {
		return fmt.Errorf("%s: %w", parent, fileutil.UnwrapPath(err))
	}
	defer os.RemoveAll(tmp) // a no-op once renamed
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("%s: %w", tmp, fileutil.UnwrapPath(err))
	}
	for rel, content := range files {
		path := filepath.Join(tmp, rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return fmt.Errorf("%s: %w", path, fileutil.UnwrapPath(err))
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			return fmt.Errorf("%s: %w", path, fileutil.UnwrapPath(err))
		}
	}
	if err := os.Rename(tmp, dest); err != nil {
		return fmt.Errorf("%s: %w", dest, fileutil.UnwrapPath(err))
	}
	return nil
}

func removeTree(dir string) { os.RemoveAll(dir) }

// Leftovers returns what the scaffold wrote into the package at dir that
// the author has still to replace: a validator or generator that is its
// template unchanged, or the TODO markers it wrote into them, one line
// each naming the file (and the line of a marker). The title and
// statement placeholders are the statement's and problem.yaml's checks.
func Leftovers(dir string) []string {
	var found []string
	for _, f := range []struct {
		rel, template, what string
	}{
		{filepath.Join(problem.ValidatorDir, "main.go"), validatorTemplate, "validator"},
		{filepath.Join(problem.GeneratorDir, "main.go"), generatorTemplate, "generator"},
	} {
		path := filepath.Join(dir, f.rel)
		data, err := os.ReadFile(path)
		if err != nil {
			continue // a missing or unreadable program is its own check's
		}
		if string(data) == f.template {
			found = append(found, fmt.Sprintf("%s: the scaffold's template %s, unchanged: it checks the sample format of judge new, not this problem's", path, f.what))
			continue
		}
		markers := todoMarkers(f.template)
		for i, line := range strings.Split(string(data), "\n") {
			if t := strings.TrimSpace(line); t != "" && markers[t] {
				found = append(found, fmt.Sprintf("%s:%d: the scaffold's %s marker is still there: %s", path, i+1, Placeholder, t))
			}
		}
	}
	return found
}

// todoMarkers returns the lines of a template that hold the placeholder,
// trimmed.
func todoMarkers(template string) map[string]bool {
	m := map[string]bool{}
	for _, line := range strings.Split(template, "\n") {
		if strings.Contains(line, Placeholder+":") {
			m[strings.TrimSpace(line)] = true
		}
	}
	return m
}

const problemTemplate = `# %[1]s: the title, and limits set from measurement (at least 2x the
# slowest accepted solution on its slowest test).
title: %[1]s %[2]s
time_limit: 1s
memory_limit: 256MiB
`

const statementTemplate = "# %[1]s %[2]s\n\n" +
	"%[1]s: the story and the rules, in your own words.\n\n" +
	"## Input\n\n%[1]s: the input format and every bound, e.g. one line with two integers `a` and `b`, `-10^9 <= a, b <= 10^9`.\n\n" +
	"## Output\n\n%[1]s: the output format.\n\n" +
	"## Limits\n\nTime 1 second, memory 256 MiB.\n\n" +
	"## Samples\n\nInput:\n\n```\n1 2\n```\n\nOutput:\n\n```\n3\n```\n"

const generatedTemplate = `# tests/NAME.in is the output of ` + "`generator SEED ARGS...`" + ` (generator/main.go).
# judge test gen adds entries; judge test regen rebuilds the tests from them.
tests: []
`

const validatorTemplate = `// Command validator checks one input read from stdin. It exits 0 when the
// input is valid, and otherwise 1 with a one-line message naming the line
// on stderr.
//
// TODO: this template checks the scaffold's sample format, one line with
// two integers between -10^9 and 10^9 separated by one space; check the
// problem's own format and every guarantee of its statement instead.
package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

func fail(line int, format string, args ...any) {
	fmt.Fprintf(os.Stderr, "line %d: %s\n", line, fmt.Sprintf(format, args...))
	os.Exit(1)
}

func main() {
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		fail(1, "cannot read input: %v", err)
	}
	text := string(data)
	if !strings.HasSuffix(text, "\n") {
		fail(strings.Count(text, "\n")+1, "missing final newline")
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) != 1 {
		fail(2, "expected 1 line, got %d", len(lines))
	}
	fields := strings.Split(lines[0], " ")
	if len(fields) != 2 {
		fail(1, "expected 2 integers separated by one space")
	}
	for _, f := range fields {
		v, err := strconv.ParseInt(f, 10, 64)
		if err != nil || strconv.FormatInt(v, 10) != f {
			fail(1, "%q is not an integer", f)
		}
		if v < -1e9 || v > 1e9 {
			fail(1, "%d is out of range [-10^9, 10^9]", v)
		}
	}
}
`

const generatorTemplate = `// Command generator prints one input: generator <seed> [--max M].
// The output depends only on the seed and the arguments.
//
// TODO: this template prints the scaffold's sample format, two integers of
// absolute value at most M (default 10^9); print the problem's own inputs.
package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
)

func usage(msg string) {
	fmt.Fprintln(os.Stderr, msg)
	fmt.Fprintln(os.Stderr, "usage: generator <seed> [--max M]")
	os.Exit(2)
}

func main() {
	if len(os.Args) < 2 {
		usage("missing seed")
	}
	seed, err := strconv.ParseUint(os.Args[1], 10, 64)
	if err != nil {
		usage("bad seed: " + err.Error())
	}
	limit := int64(1_000_000_000)
	for i := 2; i < len(os.Args); i++ {
		switch os.Args[i] {
		case "--max":
			i++
			if i >= len(os.Args) {
				usage("--max needs a value")
			}
			limit, err = strconv.ParseInt(os.Args[i], 10, 64)
			if err != nil || limit < 0 || limit > 1_000_000_000 {
				usage("--max must be 0..1000000000")
			}
		default:
			usage("unknown argument " + os.Args[i])
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0x6a75646765)) // "judge"
	a := rng.Int64N(2*limit+1) - limit
	b := rng.Int64N(2*limit+1) - limit
	fmt.Printf("%d %d\n", a, b)
}
`
