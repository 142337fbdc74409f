package grade

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/puzzlejudge/judge/core/checker"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
)

// groupGrader grades a group's results (its tests' and sub-groups', in
// order, none of them IE) with a custom grader, or says why it could not.
type groupGrader func(g *problem.ScoreGroup, kids []result) (result, error)

// errNoRunner is the error of a group that needs the custom grader when
// scores are computed without a Grader to run it (Score).
var errNoRunner = errors.New("grading: custom: the custom grader is run only when a submission is graded (Grader.Grade)")

// customGrader runs a Kattis package's custom grader, the one program in
// graders/, as the legacy format says:
//
//	grader [grader_flags] < results
//
// where results has a line "VERDICT score" for each of the group's items
// in order (VERDICT one of AC WA TLE RTE OLE; a wrong answer or a
// presentation error is WA, a memory-limit kill RTE, as Kattis has them;
// the score is the item's, 0 for a pass-fail item). It must exit 0 and
// print exactly one line in the same form, its verdict one of AC WA TLE
// RTE MLE OLE JE and its score a number; anything else (no output, a
// second line, an unknown verdict, a crash, a limit passed, another exit
// status, or JE) makes the group the judge's error (IE), naming the
// grader. It runs in a box under the package's validation limits, and is
// compiled once per submission graded, when a group first needs it.
type customGrader struct {
	ctx  context.Context
	g    *Grader
	p    *problem.Problem
	name string // its path in the package, for messages: graders/max.py

	prog    *compile.Program
	compErr error // why it cannot run, once it failed to compile
}

func newCustomGrader(ctx context.Context, g *Grader, p *problem.Problem) *customGrader {
	name := p.Scoring.Grader
	if rel, err := filepath.Rel(p.Dir, name); err == nil && !strings.HasPrefix(rel, "..") {
		name = rel
	}
	return &customGrader{ctx: ctx, g: g, p: p, name: filepath.ToSlash(name)}
}

// grade implements groupGrader.
func (c *customGrader) grade(g *problem.ScoreGroup, kids []result) (result, error) {
	if c.p.Scoring.Grader == "" {
		return result{}, errors.New("grading: custom, and the package has no grader in graders/")
	}
	if err := c.compile(); err != nil {
		return result{}, err
	}
	var in strings.Builder
	for _, k := range kids {
		fmt.Fprintf(&in, "%s %s\n", graderCode(k.verdict), strconv.FormatFloat(k.score, 'f', -1, 64))
	}
	out, err := c.run(in.String(), g.GraderFlags)
	if err != nil {
		return result{}, err
	}
	v, score, err := parseGraderOutput(out)
	if err != nil {
		return result{}, fmt.Errorf("grader %s: %w", c.name, err)
	}
	return result{name: g.Name, verdict: v, score: score}, nil
}

// compile compiles the grader the first time it is needed.
func (c *customGrader) compile() error {
	if c.prog != nil || c.compErr != nil {
		return c.compErr
	}
	prog, comp, err := c.g.CompileProgram(c.ctx, c.p.Scoring.Grader)
	switch {
	case err != nil:
		c.compErr = fmt.Errorf("grader %s: %w", c.name, err)
	case !comp.OK:
		c.compErr = fmt.Errorf("grader %s does not compile: %s", c.name, firstLines([]byte(comp.Output), 5))
	default:
		c.prog = prog
	}
	return c.compErr
}

// run runs the grader on input with args, and returns its standard
// output.
func (c *customGrader) run(input string, args []string) ([]byte, error) {
	dir, err := os.MkdirTemp(c.g.TempDir, "judge-grader-")
	if err != nil {
		return nil, fmt.Errorf("grader %s: %w", c.name, err)
	}
	defer os.RemoveAll(dir)
	in, out := filepath.Join(dir, "results"), filepath.Join(dir, "grade")
	if err := os.WriteFile(in, []byte(input), 0o644); err != nil {
		return nil, fmt.Errorf("grader %s: %w", c.name, err)
	}
	lim := ValidationLimits(c.p)
	spec := c.prog.Spec(in, out, lim)
	spec.Args = append(slices.Clone(spec.Args), args...)
	res, err := c.g.Sandbox.Run(c.ctx, spec)
	if err != nil {
		return nil, fmt.Errorf("run grader %s: %w", c.name, err)
	}
	if what, crashed := checker.Crash(res, lim); crashed {
		return nil, fmt.Errorf("grader %s %s", c.name, what)
	}
	if res.ExitCode != 0 {
		return nil, fmt.Errorf("grader %s %s", c.name, join(fmt.Sprintf("exited %d, not 0", res.ExitCode), firstLines(res.Stderr, 1)))
	}
	data, err := os.ReadFile(out)
	if err != nil {
		return nil, fmt.Errorf("grader %s: its output: %w", c.name, err)
	}
	return data, nil
}

// graderLine is the form of a grader's output: a verdict, blanks, a
// number, and nothing after it but blanks and one newline.
var graderLine = regexp.MustCompile(`^(AC|WA|TLE|RTE|MLE|OLE|JE)[ \t]+(-?[0-9.]+)[ \t\r]*\n?$`)

// graderVerdicts turns a grader's verdict codes into verdicts.
var graderVerdicts = map[string]verdict.Verdict{
	"AC": verdict.AC, "WA": verdict.WA, "TLE": verdict.TLE, "RTE": verdict.RE,
	"MLE": verdict.MLE, "OLE": verdict.OLE, "JE": verdict.IE,
}

// parseGraderOutput reads a grader's one line of output strictly.
func parseGraderOutput(out []byte) (verdict.Verdict, float64, error) {
	m := graderLine.FindSubmatch(out)
	if m == nil {
		return "", 0, fmt.Errorf("printed %s, want one line \"VERDICT score\" (VERDICT one of AC WA TLE RTE MLE OLE JE)", quoteOutput(out))
	}
	score, err := strconv.ParseFloat(string(m[2]), 64)
	if err != nil {
		return "", 0, fmt.Errorf("printed %s: %q is not a number", quoteOutput(out), m[2])
	}
	v := graderVerdicts[string(m[1])]
	if v == verdict.IE {
		return "", 0, errors.New("said JE (a judge error)")
	}
	return v, score, nil
}

// quoteOutput quotes at most the first 80 bytes of a grader's output.
func quoteOutput(out []byte) string {
	if len(out) == 0 {
		return "nothing"
	}
	if len(out) > 80 {
		return strconv.Quote(string(out[:80])) + " (and more)"
	}
	return strconv.Quote(string(bytes.ToValidUTF8(out, []byte("\uFFFD"))))
}

// graderCode is a verdict as a grader reads it: Kattis' codes, where a
// presentation error is a wrong answer and a memory-limit kill a run-time
// error.
func graderCode(v verdict.Verdict) string {
	switch v {
	case verdict.AC, verdict.WA, verdict.TLE, verdict.OLE:
		return string(v)
	case verdict.PE:
		return "WA"
	case verdict.RE, verdict.MLE:
		return "RTE"
	}
	return "JE"
}
