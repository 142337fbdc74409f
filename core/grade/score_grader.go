package grade

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/puzzlejudge/judge/core/checker"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/scoring"
)

// customGrader runs a Kattis package's custom grader, the one program in
// graders/, on what scoring.GraderInput gives for a group's items, with
// the group's grader_flags as arguments. It must exit 0 and print what
// scoring.ParseGraderOutput accepts; anything else (no output, a second
// line, an unknown verdict, a crash, a limit passed, another exit status,
// or JE) makes the group the judge's error (IE), naming the grader. It
// runs in a box under the package's validation limits, and is compiled
// once per submission graded, when a group first needs it.
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

// grade is a scoring.CustomGrader.
func (c *customGrader) grade(g *problem.ScoreGroup, items []scoring.Item) (scoring.Item, error) {
	if c.p.Scoring.Grader == "" {
		return scoring.Item{}, errors.New("grading: custom, and the package has no grader in graders/")
	}
	if err := c.compile(); err != nil {
		return scoring.Item{}, err
	}
	out, err := c.run(scoring.GraderInput(items), g.GraderFlags)
	if err != nil {
		return scoring.Item{}, err
	}
	v, score, err := scoring.ParseGraderOutput(out)
	if err != nil {
		return scoring.Item{}, fmt.Errorf("grader %s: %w", c.name, err)
	}
	return scoring.Item{Name: g.Name, Verdict: v, Score: score}, nil
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
