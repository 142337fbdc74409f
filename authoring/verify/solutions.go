package verify

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/report"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
)

// solutionsAspect is a native package's solutions: the folders under
// solutions/<slug>/ hold an accepted solution and the reference, every
// solution gets the verdict its folder names (solution_check.go), and
// the time limit has its margins (margins.go).
type solutionsAspect struct {
	n       *nativePkg
	checker *checkerAspect // the solutions run once it is compiled

	sols    []author.Solution
	folders *Check
	ref     author.Solution // the reference, when refErr is nil
	refErr  error
	// refSkipped says why the reference is not judged (--solution).
	refSkipped string

	runs    []*solRun // the solutions judged
	refRun  *solRun   // the reference's, nil when not judged
	keys    keys      // the run cache's keys of the runs
	ckrDone bool      // the checker is compiled (run.mu)
}

// solRun is one solution being judged.
type solRun struct {
	sol       author.Solution
	reference bool
	scale     float64
	lim       runner.Limits // at 1x
	prog      *compile.Program
	comp      compile.Compilation
	compErr   error
	seq       *sequence
	results   []grade.TestResult
	cached    []bool // results[i] came from the run cache
	// progHash and runtime identify the program in the run cache's keys,
	// found once (keyOnce) by the first of its runs.
	keyOnce           sync.Once
	progHash, runtime string
	// guarded by run.mu
	compiled, started bool
}

// newSolutionsAspect lists the solutions of the package and checks their
// folders.
func newSolutionsAspect(n *nativePkg, checker *checkerAspect) *solutionsAspect {
	a := &solutionsAspect{n: n, checker: checker, folders: &Check{Name: CheckSolutions}}
	checker.sols = a
	cfg := n.r.eng.Config
	solDir := filepath.Join(cfg.SolutionsDir, n.slug)
	var layout []string
	a.sols, layout = author.ListSolutions(solDir, func(file string) (*compile.Language, error) {
		return cfg.Language(file, "")
	})
	accepted := 0
	for _, s := range a.sols {
		if s.Expected == verdict.AC && s.Language != nil {
			accepted++
		}
	}
	if accepted == 0 {
		layout = append(layout, fmt.Sprintf("%s: no accepted solution", filepath.Join(solDir, verdict.AC.Folder())))
	}
	if n.p != nil {
		if a.ref, a.refErr = author.Reference(n.p, solDir, a.sols); a.refErr != nil && accepted > 0 {
			layout = append(layout, a.refErr.Error())
		}
	}
	if len(layout) > 0 {
		failWith(a.folders, layout)
	} else {
		pass(a.folders, fmt.Sprintf("%s, %d accepted", report.Plural(len(a.sols), "solution"), accepted))
	}
	return a
}

// plan picks the solutions to judge: every one of a verdict folder (or
// partially_accepted) in a known language that --solution selects.
func (a *solutionsAspect) plan() {
	r := a.n.r
	for _, s := range a.sols {
		if s.Expected == "" && s.Folder != author.PartialFolder || s.Language == nil {
			continue
		}
		isRef := a.refErr == nil && s.Path == a.ref.Path
		if len(r.solutions) > 0 && !matchAny(r.solutions, s.Rel) && !matchAny(r.solutions, filepath.Base(s.Rel)) {
			if isRef {
				a.refSkipped = fmt.Sprintf("the reference %s is not selected by --solution", s.Rel)
			}
			continue
		}
		sr := &solRun{sol: s, scale: 1, lim: grade.Limits(a.n.p, s.Language)}
		if s.Expected == verdict.TLE {
			sr.scale = TLEScale
		}
		if isRef {
			sr.reference = true
			a.refRun = sr
		}
		a.runs = append(a.runs, sr)
	}
}

func (a *solutionsAspect) schedule(s *schedule) {
	n := a.n
	if n.runnable != "" {
		return
	}
	a.ckrDone = !n.customChecker()
	for _, sr := range a.runs {
		s.compile(sr.sol.Language, func(ctx context.Context) {
			sr.prog, sr.comp, sr.compErr = n.r.eng.Compiler.Compile(ctx, sr.sol.Language, sr.sol.Path)
			n.r.compiled(sr.comp)
		}, func() { a.ready(s, sr) })
		s.expect(len(n.p.Tests))
	}
}

// ready starts the runs of a solution that was compiled (sr) or, when
// the problem's checker was compiled (sr nil), of every solution
// compiled so far.
func (a *solutionsAspect) ready(s *schedule, sr *solRun) {
	n := a.n
	n.r.mu.Lock()
	var start []*solRun
	if sr == nil {
		a.ckrDone = true
	} else {
		sr.compiled = true
	}
	if a.ckrDone {
		for _, s := range a.runs {
			if s.compiled && !s.started {
				s.started = true
				start = append(start, s)
			}
		}
	}
	n.r.mu.Unlock()
	for _, sr := range start {
		seq := a.sequence(sr)
		if seq != nil {
			// A partially accepted solution is scored on every test.
			seq.stopOnFail = seq.stopOnFail && sr.sol.Folder != author.PartialFolder
		}
		rank := rankOther
		switch {
		case sr.reference:
			rank = rankReference
		case sr.sol.Expected == verdict.TLE:
			rank = rankTLE
		case sr.sol.Expected == verdict.AC:
			rank = rankAccepted
		}
		s.add(seq, rank, func() { n.emit(a.check(sr)) }, len(n.p.Tests))
	}
}

// sequence makes the jobs that judge a solution on every test, or
// returns nil when it is not to be run (it did not compile, or the
// problem's checker did not).
func (a *solutionsAspect) sequence(sr *solRun) *sequence {
	if sr.compErr != nil || !sr.comp.OK || sr.sol.Expected == verdict.CE || a.checker.err != nil {
		return nil
	}
	p := a.n.p
	sr.results = make([]grade.TestResult, len(p.Tests))
	sr.cached = make([]bool, len(p.Tests))
	sr.seq = newSequence(!sr.reference)
	for i := range p.Tests {
		sr.seq.add(func(ctx context.Context) bool { return a.judge(ctx, sr, i) })
	}
	return sr.seq
}

// judge judges a solution on test i, through the run cache, and reports
// whether it failed there.
func (a *solutionsAspect) judge(ctx context.Context, sr *solRun, i int) bool {
	r, p := a.n.r, a.n.p
	t := p.Tests[i]
	key, useCache := a.key(ctx, sr, i)
	var c cachedRun
	if useCache && r.cache.Get(key, &c) {
		r.hit()
		sr.results[i], sr.cached[i] = c.result(t), true
		return c.Verdict != verdict.AC
	}
	rep, err := r.grader.Grade(ctx, grade.Submission{Problem: p, Source: sr.sol.Path, Language: sr.sol.Language},
		grade.Options{Tests: []string{t.Name}, TimeScale: sr.scale, RecheckWall: true})
	if err != nil {
		return true // cancelled
	}
	var tr grade.TestResult
	switch {
	case len(rep.Tests) > 0:
		tr = rep.Tests[0]
		r.ran(tr.CPU)
	case rep.Verdict == verdict.IE:
		tr = grade.TestResult{Name: t.Name, Verdict: verdict.IE, Message: rep.Error}
	default:
		tr = grade.TestResult{Name: t.Name, Verdict: rep.Verdict, Message: rep.Compile.Output}
	}
	sr.results[i] = tr
	if useCache && ctx.Err() == nil && cacheable(tr, sr.lim, sr.scale, checkTimes(sr)) {
		_ = r.cache.Put(key, toCached(tr)) // a result not kept is made again next time
	}
	return tr.Verdict != verdict.AC
}

func (a *solutionsAspect) report(b *reportBuilder) {
	b.add(a.folders)
	for _, sr := range a.runs {
		b.ran(SolutionCheck+sr.sol.Rel, func() *Check { return a.check(sr) })
	}
	b.ran(CheckACMargin, func() *Check { return a.marginNote(a.acMarginCheck(), verdict.AC) })
	b.ran(CheckTLEMargin, func() *Check { return a.marginNote(a.tleMarginCheck(), verdict.TLE) })
	b.ran(CheckMLEMargin, func() *Check { return a.marginNote(a.mleMarginCheck(), verdict.MLE) })
}
