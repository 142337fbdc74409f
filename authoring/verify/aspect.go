package verify

import (
	"slices"
	"strings"
)

// An aspect is one part of a problem package (its configuration, its
// statement, its tests, its validator, ...): it holds what was found of
// that part and what its programs gave, and it makes that part's checks.
type aspect interface {
	// schedule adds the aspect's compiles and runs to s. The aspect gives
	// each of its checks that needs a run to OnCheck (run.emit) as soon
	// as that run's results are in.
	schedule(s *schedule)
	// report adds the aspect's checks to b: with b.add those final before
	// anything runs, with b.ran those made from runs.
	report(b *reportBuilder)
}

// pkg is one problem package being verified: its aspects, and what the
// report and OnCheck need of it.
type pkg struct {
	disp  string // the folder as given
	slug  string // the folder's name
	title string // from problem.yaml, when it loads
	// aspects are the package's parts; the report has their checks in
	// this order, unless order ranks them.
	aspects []aspect
	// order, if set, ranks a check by its name: the report lists checks
	// by rank, then in the order the aspects made them.
	order func(name string) int
	// runnable says why the package's programs are not run ("" when they
	// are): then every check is final before anything runs.
	runnable string
	// kattis marks a Kattis package: --strict does not fail its warnings,
	// and --stop-on-fail leaves out its checks not given by then.
	kattis bool
	// timing makes the table of CPU times, nil for none.
	timing func() *Timing

	emitted map[string]bool // checks given to OnCheck, by name (run.emitMu)
}

func newPkg(disp, slug string) *pkg {
	return &pkg{disp: disp, slug: slug, emitted: map[string]bool{}}
}

// nativeOrder ranks the checks of a native package in the order of the
// check names (report.go): the checks of every solution rank with the
// solution folders, after them.
func nativeOrder(name string) int {
	order := []string{CheckConfig, CheckStatement, CheckTestFiles, CheckSamples, CheckStatedLimits, CheckDistinct,
		CheckLeftovers, CheckChecker, CheckValidator, CheckJunk, CheckGenerator, CheckSolutions,
		CheckACMargin, CheckTLEMargin, CheckMLEMargin, CheckReferences}
	if i := slices.Index(order, name); i >= 0 {
		return i
	}
	if strings.HasPrefix(name, SolutionCheck) {
		return slices.Index(order, CheckSolutions)
	}
	return len(order)
}

// reportBuilder collects the checks of a package from its aspects.
type reportBuilder struct {
	r   *run
	pk  *pkg
	pre bool // only the checks final before anything runs
	// checks are those made so far; nil entries (left out) are dropped.
	checks []*Check
}

// add adds a check final before anything runs.
func (b *reportBuilder) add(c *Check) {
	b.checks = append(b.checks, b.r.final(b.pk, c))
}

// ran adds the check of the name that runs make: made by mk once they
// are in (nil for none), or as --stop-on-fail leaves it when the run was
// stopped before it was final.
func (b *reportBuilder) ran(name string, mk func() *Check) {
	if b.pre && b.pk.runnable == "" {
		return
	}
	if c, stopped := b.r.stoppedCheck(b.pk, name); stopped {
		b.checks = append(b.checks, c)
		return
	}
	if c := mk(); c != nil {
		b.add(c)
	}
}

// checks returns the package's checks, as reported; pre selects those
// final before anything runs.
func (r *run) checks(pk *pkg, pre bool) []*Check {
	b := &reportBuilder{r: r, pk: pk, pre: pre}
	for _, a := range pk.aspects {
		a.report(b)
	}
	out := slices.DeleteFunc(b.checks, func(c *Check) bool { return c == nil })
	if pk.order != nil {
		slices.SortStableFunc(out, func(a, b *Check) int { return pk.order(a.Name) - pk.order(b.Name) })
	}
	return out
}

// emitEarly gives OnCheck the checks of a package that are final before
// anything runs.
func (r *run) emitEarly(pk *pkg) {
	for _, c := range r.checks(pk, true) {
		r.emitFinal(pk, c)
	}
}

// report makes the report of a package once everything has run, and
// gives OnCheck its checks not given yet.
func (r *run) report(pk *pkg) *ProblemReport {
	rep := &ProblemReport{Problem: pk.slug, Dir: pk.disp, Title: pk.title, Checks: r.checks(pk, false)}
	r.emitMu.Lock()
	stopped := r.stopped
	r.emitMu.Unlock()
	if pk.kattis && stopped != "" && len(rep.Checks) == 0 {
		rep.Title = ""
		rep.Checks = append(rep.Checks, skip(&Check{Name: CheckConfig}, "not verified: verify stopped at the first failure, "+stopped))
	}
	if pk.timing != nil && stopped == "" {
		rep.Times = pk.timing()
	}
	for _, c := range rep.Checks {
		r.emitFinal(pk, c)
	}
	return rep
}
