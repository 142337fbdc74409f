package verify

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/report"
	"github.com/puzzlejudge/judge/internal/fileutil"
)

// statementAspect is a native package's statement: statement.md has its
// sections and no placeholder, shows every sample, and states the
// limits problem.yaml has.
type statementAspect struct {
	n                                *nativePkg
	statement, samples, statedLimits *Check
}

// newStatementAspect checks the statement of the package, whose tests
// folder holds tests.
func newStatementAspect(n *nativePkg, tests []testFile) *statementAspect {
	interactive := n.interactive()
	return &statementAspect{
		n:            n,
		statement:    checkStatement(n.disp, interactive, n.p != nil && n.p.ImportedFrom != ""),
		samples:      checkSamples(n.disp, tests, interactive),
		statedLimits: checkStatedLimits(n.disp, n.p),
	}
}

func (a *statementAspect) schedule(*schedule) {}

func (a *statementAspect) report(b *reportBuilder) {
	b.add(a.statementCheck())
	b.add(a.samples)
	b.add(a.statedLimits)
}

// statementCheck is the statement's check, failed by a load error that
// names statement.md.
func (a *statementAspect) statementCheck() *Check {
	if a.n.blame == CheckStatement && a.statement.Status != Fail {
		return fail(a.statement, a.n.loadErr.Error())
	}
	return a.statement
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
