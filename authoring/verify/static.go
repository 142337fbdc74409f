package verify

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/report"
	"github.com/puzzlejudge/judge/internal/fileutil"
)

// testFile is one pair of test files found in the tests folder.
type testFile struct {
	name     string
	in, out  string // paths as shown in messages
	hasIn    bool
	hasOut   bool
	readable bool
}

// scanTests lists the tests folder of the package shown as disp and
// returns its findings: a .in without its .out (or the reverse) in
// unpaired, each with the command that fixes it, and in details those and
// a file that cannot be read, no tests at all.
func scanTests(disp string) (tests []testFile, details, unpaired []string) {
	dir := filepath.Join(disp, problem.TestsDir)
	entries, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, []string{dir + ": missing tests folder"}, nil
		}
		return nil, []string{fmt.Sprintf("%s: %v", dir, fileutil.UnwrapPath(err))}, nil
	}
	byName := map[string]*testFile{}
	var names []string
	for _, e := range entries {
		ext := filepath.Ext(e.Name())
		if (ext != ".in" && ext != ".out") || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		name := strings.TrimSuffix(e.Name(), ext)
		t := byName[name]
		if t == nil {
			t = &testFile{name: name, in: filepath.Join(dir, name+".in"), out: filepath.Join(dir, name+".out"), readable: true}
			byName[name] = t
			names = append(names, name)
		}
		path := filepath.Join(dir, e.Name())
		if ext == ".in" {
			t.hasIn = true
		} else {
			t.hasOut = true
		}
		if err := readable(path); err != nil {
			t.readable = false
			details = append(details, fmt.Sprintf("%s: cannot be read: %v", path, err))
		}
	}
	slices.SortFunc(names, problem.NaturalCompare)
	pairs := 0
	for _, n := range names {
		t := byName[n]
		switch {
		case !t.hasOut:
			unpaired = append(unpaired, fmt.Sprintf("%s: no matching %s.out (judge test fill %s computes it with the reference solution)", t.in, n, filepath.Base(filepath.Clean(disp))))
		case !t.hasIn:
			unpaired = append(unpaired, fmt.Sprintf("%s: no matching %s.in (remove it, or add its input with judge test add %s <input-file> --name %s)", t.out, n, filepath.Base(filepath.Clean(disp)), n))
		default:
			pairs++
		}
		tests = append(tests, *t)
	}
	if pairs == 0 && len(details) == 0 && len(unpaired) == 0 {
		details = append(details, dir+": no tests (want NAME.in and NAME.out pairs)")
	}
	return tests, append(unpaired, details...), unpaired
}

// readable returns why the file cannot be read, or nil.
func readable(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		if _, lerr := os.Lstat(path); lerr == nil {
			return errors.New("dangling symbolic link")
		}
		return fileutil.UnwrapPath(err)
	}
	if !fi.Mode().IsRegular() {
		return errors.New("not a regular file")
	}
	f, err := os.Open(path)
	if err != nil {
		return fileutil.UnwrapPath(err)
	}
	defer f.Close()
	var b [1]byte
	if _, err := f.Read(b[:]); err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	return nil
}

// checkStatement checks statement.md: it exists, holds the Input and
// Output sections (an interactive problem's may have one Interaction
// section instead), and no placeholder left by `judge new`. The statement
// of an imported package (imported_from) may lack the sections, as Kattis
// statements do (LaTeX ones are not converted): that is a warning.
func checkStatement(disp string, interactive, imported bool) *Check {
	path := filepath.Join(disp, problem.StatementFile)
	c := &Check{Name: CheckStatement}
	data, err := os.ReadFile(path)
	if err != nil {
		return fail(c, fmt.Sprintf("%s: %v", path, fileutil.UnwrapPath(err)))
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return fail(c, path+": empty")
	}
	var missing []string
	sections := []string{"Input", "Output"}
	if interactive && hasHeading(data, "Interaction") {
		sections = nil
	}
	for _, section := range sections {
		if !hasHeading(data, section) {
			missing = append(missing, fmt.Sprintf("%s: no %q section heading (such as \"## %s\")", path, section, section))
		}
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	var todo []string
	for line := 1; sc.Scan(); line++ {
		if strings.Contains(sc.Text(), author.Placeholder) {
			todo = append(todo, fmt.Sprintf("%s:%d: placeholder %s still to be written", path, line, author.Placeholder))
		}
	}
	if imported && len(missing) > 0 && len(todo) == 0 {
		c = warn(c, "imported statement: "+missing[0])
		c.Details = missing
		return c
	}
	details := append(missing, todo...)
	if len(details) > 0 {
		msg := details[0]
		if len(todo) > 0 {
			msg = fmt.Sprintf("%s: incomplete: %d placeholder %s lines left", path, len(todo), author.Placeholder)
		}
		c = fail(c, msg)
		c.Details = details
		return c
	}
	return pass(c, "")
}

// hasHeading reports whether the Markdown text has a heading starting
// with the word.
func hasHeading(data []byte, word string) bool {
	for _, l := range strings.Split(string(data), "\n") {
		l = strings.TrimSpace(l)
		if !strings.HasPrefix(l, "#") {
			continue
		}
		l = strings.TrimSpace(strings.TrimLeft(l, "#"))
		if len(l) >= len(word) && strings.EqualFold(l[:len(word)], word) {
			return true
		}
	}
	return false
}

// codeBlocks returns the fenced code blocks of a Markdown text, each as
// normalized lines.
func codeBlocks(data []byte) [][]string {
	var blocks [][]string
	var cur []string
	fence := ""
	for _, l := range strings.Split(string(data), "\n") {
		t := strings.TrimSpace(l)
		if fence == "" {
			if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
				fence = t[:3]
				cur = []string{}
			}
			continue
		}
		if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" {
			blocks = append(blocks, normalize(strings.Join(cur, "\n")))
			fence = ""
			continue
		}
		cur = append(cur, l)
	}
	return blocks
}

// normalize splits text into lines without trailing white space and
// without leading or trailing empty lines.
func normalize(s string) []string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// contains reports whether the lines of want appear, in a row, in one of
// the blocks.
func contains(blocks [][]string, want []string) bool {
	if len(want) == 0 {
		return true
	}
	for _, b := range blocks {
		for i := 0; i+len(want) <= len(b); i++ {
			if slices.Equal(b[i:i+len(want)], want) {
				return true
			}
		}
	}
	return false
}

// checkSamples checks that the input and output of every sample test
// appear in a fenced code block of statement.md. For an interactive
// problem only the input must: its expected output is the interactor's
// answer file, not what a submission prints (the statement shows an
// interaction log as it likes).
func checkSamples(disp string, tests []testFile, interactive bool) *Check {
	c := &Check{Name: CheckSamples}
	stmt, err := os.ReadFile(filepath.Join(disp, problem.StatementFile))
	if err != nil {
		return skip(c, "no statement to look in")
	}
	blocks := codeBlocks(stmt)
	var details []string
	n := 0
	for _, t := range tests {
		if !strings.HasPrefix(t.name, "sample") || !t.hasIn || !t.hasOut || !t.readable {
			continue
		}
		n++
		files := []string{t.in, t.out}
		if interactive {
			files = files[:1]
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				details = append(details, fmt.Sprintf("%s: %v", f, fileutil.UnwrapPath(err)))
				continue
			}
			if !contains(blocks, normalize(string(data))) {
				details = append(details, fmt.Sprintf("%s: does not appear in %s (copy it into a fenced code block there)", f, problem.StatementFile))
			}
		}
	}
	if n == 0 {
		return warn(c, "no sample tests (tests/sample*.in): the statement shows none")
	}
	if len(details) > 0 {
		c = fail(c, details[0])
		c.Details = details
		return c
	}
	if interactive {
		return pass(c, fmt.Sprintf("%s shown in %s (interactive: inputs only)", report.Plural(n, "sample"), problem.StatementFile))
	}
	return pass(c, fmt.Sprintf("%s shown in %s", report.Plural(n, "sample"), problem.StatementFile))
}

// internal marks c as the judge's own failure, with the message.
func internal(c *Check, msg string) *Check { c.Status, c.Message = Error, msg; return c }

// failErr fails c with err, as the judge's own failure when err is one
// (an author.InternalError).
func failErr(c *Check, err error) *Check {
	var ie *author.InternalError
	if errors.As(err, &ie) {
		return internal(c, "internal error: "+err.Error())
	}
	return fail(c, err.Error())
}

// failDetails fails c with the details, as the judge's own failure when
// isInternal.
func failDetails(c *Check, details []string, isInternal bool) *Check {
	failWith(c, details)
	if isInternal {
		c.Status = Error
	}
	return c
}

func pass(c *Check, msg string) *Check { c.Status, c.Message = Pass, msg; return c }
func fail(c *Check, msg string) *Check { c.Status, c.Message = Fail, msg; return c }
func warn(c *Check, msg string) *Check { c.Status, c.Message = Warn, msg; return c }
func skip(c *Check, msg string) *Check { c.Status, c.Message = Skip, msg; return c }

// failWith fails c with the details, the first of which is the message.
func failWith(c *Check, details []string) *Check {
	c.Status, c.Message, c.Details = Fail, details[0], details
	if len(details) == 1 {
		c.Details = nil
	}
	return c
}
