package verify

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/report"
	"github.com/puzzlejudge/judge/internal/fileutil"
)

// defaultSeeds is how many generator seeds (1, 2, ...) are tried when no
// test records one.
const defaultSeeds = 3

// generatorsAspect is a native package's generator: it compiles,
// rebuilds the tests tests/generated.yaml records byte for byte (or
// prints inputs for a few seeds), and the validator accepts what it
// prints.
type generatorsAspect struct {
	n   *nativePkg
	val *validatorsAspect

	generated []author.GeneratedTest
	readErr   error            // reading generated.yaml
	prog      *compile.Program // the generator, compiled
	err       error            // why it is not
	results   []genResult      // per generator call
	// Compile progress (run.mu): the runs start once both the validator
	// and the generator are compiled.
	valDone, genDone, started bool
}

// genResult is the outcome of one generator call.
type genResult struct {
	done    bool
	call    string        // "seed 3 [--x]"
	test    string        // the recorded test, "" for a default seed
	err     error         // the generator failed, or an internal error
	differs string        // how the output differs from the recorded test
	wall    time.Duration // the generator's run and the validator's on its output
	valid   *toolResult
}

func newGeneratorsAspect(n *nativePkg, val *validatorsAspect) *generatorsAspect {
	a := &generatorsAspect{n: n, val: val}
	val.gen = a
	return a
}

// readGenerated reads tests/generated.yaml, when there is a generator or
// that file.
func (a *generatorsAspect) readGenerated() {
	p := a.n.p
	if p.Generator != "" || fileExists(author.GeneratedPath(p.Dir)) {
		a.generated, a.readErr = author.ReadGenerated(p.Dir)
		if errors.Is(a.readErr, fs.ErrNotExist) {
			a.readErr = nil
		}
	}
}

// calls returns the generator calls to check: those recorded in
// tests/generated.yaml, or a few default seeds.
func (a *generatorsAspect) calls() []author.GeneratedTest {
	if len(a.generated) > 0 {
		return a.generated
	}
	var calls []author.GeneratedTest
	for s := range uint64(defaultSeeds) {
		calls = append(calls, author.GeneratedTest{Seed: s + 1})
	}
	return calls
}

func (a *generatorsAspect) schedule(s *schedule) {
	n := a.n
	if n.runnable != "" {
		return
	}
	p := n.p
	a.valDone = !a.val.present()
	a.genDone = p.Generator == "" || a.readErr != nil
	if a.genDone {
		return
	}
	s.compile(n.r.eng.Config.Languages["go"], func(ctx context.Context) {
		var c compile.Compilation
		a.prog, c, a.err = n.r.tools.CompileGo(ctx, filepath.Join(p.Generator, "main.go"))
		n.r.compiled(c)
	}, func() { a.ready(s, false, true) })
	s.expect(len(a.calls()))
}

// ready starts the generator's runs once it and the validator (which
// checks what it prints) are compiled.
func (a *generatorsAspect) ready(s *schedule, validator, generator bool) {
	r := a.n.r
	r.mu.Lock()
	a.valDone = a.valDone || validator
	a.genDone = a.genDone || generator
	start := a.valDone && a.genDone && !a.started && a.n.p.Generator != "" && a.readErr == nil
	a.started = a.started || start
	r.mu.Unlock()
	if start {
		s.add(a.sequence(), rankTools, func() { a.n.emit(a.check()) }, len(a.calls()))
	}
}

// sequence makes the jobs that run the generator on the recorded seeds
// (or a few default ones) and validate what it prints, or returns nil
// when it did not compile.
func (a *generatorsAspect) sequence() *sequence {
	if a.prog == nil {
		return nil
	}
	calls := a.calls()
	a.results = make([]genResult, len(calls))
	s := newSequence(false)
	for i, c := range calls {
		s.add(func(ctx context.Context) bool {
			a.generate(ctx, i, c)
			return false
		})
	}
	return s
}

// generate makes the generator call c (the i-th) and checks its output.
func (a *generatorsAspect) generate(ctx context.Context, i int, c author.GeneratedTest) {
	n, r := a.n, a.n.r
	g := &a.results[i]
	g.call, g.test = author.GenCall(c.Seed, c.Args), c.Name
	want := filepath.Join(n.disp, problem.TestsDir, c.Name+".in")
	key, useCache, hit := a.cached(ctx, c, want, g)
	if hit {
		return
	}
	out := filepath.Join(r.tmp, fmt.Sprintf("gen-%s-%d.in", n.slug, i))
	res, err := r.tools.Generate(ctx, a.prog, c.Seed, c.Args, out)
	if ctx.Err() != nil {
		return
	}
	g.done = true
	g.wall = res.Wall
	r.ran(res.CPU)
	if err != nil {
		g.err = err
		return
	}
	if useCache {
		defer func() {
			if ctx.Err() == nil {
				a.store(key, out, g, res.CPU)
			}
		}()
	}
	if c.Name != "" {
		got, _ := os.ReadFile(out)
		old, err := os.ReadFile(want)
		switch {
		case err != nil:
			g.differs = fmt.Sprintf("%s: %v", want, fileutil.UnwrapPath(err))
		case string(old) != string(got):
			g.differs = fmt.Sprintf("%s: differs from the output of generator %s (run judge test regen)", want, g.call)
		default:
			return // the same bytes as a test the validator checks anyway
		}
	}
	if a.val.prog != nil {
		g.valid = &toolResult{}
		a.val.validate(ctx, out, g.valid)
		g.wall += g.valid.v.Result.Wall
	}
}

func (a *generatorsAspect) report(b *reportBuilder) {
	b.ran(CheckGenerator, a.check)
}

func (a *generatorsAspect) check() *Check {
	n := a.n
	c := &Check{Name: CheckGenerator}
	switch {
	case n.blame == CheckGenerator:
		return fail(c, n.loadErr.Error())
	case n.runnable != "":
		return skip(c, n.runnable)
	case a.readErr != nil:
		return fail(c, a.readErr.Error())
	case n.p.Generator == "" && len(a.generated) > 0:
		return fail(c, fmt.Sprintf("%s records %d tests, but there is no %s/main.go to rebuild them",
			filepath.Join(n.disp, problem.TestsDir, author.GeneratedFile), len(a.generated), problem.GeneratorDir))
	case n.p.Generator == "":
		return warn(c, fmt.Sprintf("no generator (%s/main.go): judge test gen and judge stress need one", problem.GeneratorDir))
	case a.err != nil:
		return failErr(c, a.err)
	}
	var details []string
	isInternal := false
	for _, g := range a.results {
		c.TimeMs += g.wall.Milliseconds()
		prefix := ""
		if g.test != "" {
			prefix = "test " + g.test + ": "
		}
		switch {
		case !g.done:
			continue
		case g.err != nil:
			var ie *author.InternalError
			if errors.As(g.err, &ie) {
				isInternal = true
				details = append(details, prefix+"internal error: "+g.err.Error())
				continue
			}
			details = append(details, prefix+g.err.Error())
			continue
		case g.differs != "":
			details = append(details, g.differs)
		}
		switch {
		case g.valid == nil:
		case g.valid.err != nil:
			isInternal = true
			details = append(details, fmt.Sprintf("%sgenerator %s: internal error: %v", prefix, g.call, g.valid.err))
		case !g.valid.v.Valid:
			details = append(details, fmt.Sprintf("%sgenerator %s printed an invalid input: %s", prefix, g.call, g.valid.v.Message))
		}
	}
	if len(details) > 0 {
		return failDetails(c, details, isInternal)
	}
	if len(a.generated) > 0 {
		return pass(c, fmt.Sprintf("rebuilds %s of %s byte for byte", report.Plural(len(a.generated), "test"), author.GeneratedFile))
	}
	return pass(c, fmt.Sprintf("prints valid inputs for seeds 1 to %d", defaultSeeds))
}
