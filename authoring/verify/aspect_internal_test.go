package verify

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// fakeAspect is an aspect of one check made by jobs on the pool: each job
// runs work, and the check passes unless fails is set.
type fakeAspect struct {
	r     *run
	pk    *pkg
	name  string
	rank  int
	jobs  int
	fails bool
	work  func(ctx context.Context)

	started atomic.Int32 // jobs started
	check   *Check
}

func (a *fakeAspect) schedule(s *schedule) {
	seq := newSequence(false)
	for range a.jobs {
		seq.add(func(ctx context.Context) bool {
			a.started.Add(1)
			if a.work != nil {
				a.work(ctx)
			}
			return false
		})
	}
	s.expect(a.jobs)
	s.add(seq, a.rank, func() {
		a.check = pass(&Check{Name: a.name}, "ran")
		if a.fails {
			a.check = fail(&Check{Name: a.name}, "failed")
		}
		a.r.emit(a.pk, a.check)
	}, a.jobs)
}

func (a *fakeAspect) report(b *reportBuilder) {
	b.ran(a.name, func() *Check { return a.check })
}

// fakePackage returns a package of the aspects, native or Kattis.
func fakePackage(r *run, slug string, kattis bool, aspects ...*fakeAspect) *pkg {
	pk := newPkg(slug, slug)
	pk.kattis = kattis
	for _, a := range aspects {
		a.r, a.pk = r, pk
		pk.aspects = append(pk.aspects, a)
	}
	return pk
}

// TestAspectsSharePool: the aspects of a native and of a Kattis package
// run side by side on one pool: a job of each waits until the other's
// has started, which a Kattis package verified after the native ones (or
// on a path of its own, one job at a time) would never see.
func TestAspectsSharePool(t *testing.T) {
	var mu sync.Mutex
	var progress [][2]int
	r := &run{workers: 2, progress: func(done, total int) {
		mu.Lock()
		progress = append(progress, [2]int{done, total})
		mu.Unlock()
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var both sync.WaitGroup
	both.Add(2)
	meet := func(context.Context) {
		both.Done()
		waited := make(chan struct{})
		go func() { both.Wait(); close(waited) }()
		select {
		case <-waited:
		case <-ctx.Done():
		}
	}
	native := &fakeAspect{name: "native", rank: rankOther, jobs: 1, work: meet}
	kattis := &fakeAspect{name: CheckInputValidators, rank: rankTools, jobs: 1, work: meet}
	pkgs := []*pkg{fakePackage(r, "n", false, native), fakePackage(r, "k", true, kattis)}
	rep, err := r.verify(ctx, pkgs)
	if err != nil {
		t.Fatal(err)
	}
	if ctx.Err() != nil {
		t.Fatal("the jobs of the two packages did not run at once")
	}
	for i, want := range []string{"native", CheckInputValidators} {
		if c := rep.Problems[i].Checks; len(c) != 1 || c[0].Name != want || c[0].Status != Pass {
			t.Errorf("package %d: checks %+v, want %s passed", i, c, want)
		}
	}
	// Both packages' jobs count in one progress: 2 steps.
	if last := progress[len(progress)-1]; last != [2]int{2, 2} {
		t.Errorf("progress ends at %v, want [2 2]", last)
	}
}

// TestStopOnFailStopsAspects: with --stop-on-fail, the first failed check
// stops the pool: a running job of another aspect is cancelled, and one
// not started never starts. The native package's checks not given are
// skipped; a Kattis package that gave none is not verified.
func TestStopOnFailStopsAspects(t *testing.T) {
	var given []string
	r := &run{workers: 2, stopOnFail: true, onCheck: func(problem string, c *Check) {
		given = append(given, problem+": "+c.Name)
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	failing := &fakeAspect{name: "failing", rank: rankTLE, jobs: 1, fails: true}
	waits := &fakeAspect{name: "waits", rank: rankOther, jobs: 1, work: func(ctx context.Context) { <-ctx.Done() }}
	later := &fakeAspect{name: "later", rank: rankTools, jobs: 3}
	kattis := &fakeAspect{name: CheckInputValidators, rank: rankTools, jobs: 2}
	pkgs := []*pkg{fakePackage(r, "a", false, failing), fakePackage(r, "b", false, waits, later), fakePackage(r, "k", true, kattis)}
	rep, err := r.verify(ctx, pkgs)
	if err != nil {
		t.Fatal(err)
	}
	if ctx.Err() != nil {
		t.Fatal("the waiting job was not cancelled")
	}
	if n := later.started.Load() + kattis.started.Load(); n != 0 {
		t.Errorf("%d jobs started after the failure", n)
	}
	if len(given) != 1 || given[0] != "a: failing" {
		t.Errorf("OnCheck got %v, want the failed check only", given)
	}
	if c := rep.Problems[0].Checks; len(c) != 1 || c[0].Status != Fail {
		t.Errorf("a: %+v, want the failed check", c)
	}
	for _, c := range rep.Problems[1].Checks {
		if c.Status != Skip || !strings.Contains(c.Message, "--stop-on-fail stopped at the first failure (a: failing)") {
			t.Errorf("b: %s: %s %q, want skipped, not finished", c.Name, c.Status, c.Message)
		}
	}
	if n := len(rep.Problems[1].Checks); n != 2 {
		t.Errorf("b has %d checks, want 2", n)
	}
	k := rep.Problems[2].Checks
	if len(k) != 1 || k[0].Name != CheckConfig || k[0].Status != Skip || !strings.Contains(k[0].Message, "not verified: verify stopped at the first failure, a: failing") {
		t.Errorf("k: %+v, want the one check saying it was not verified", k)
	}
	if rep.OK {
		t.Error("the report is OK")
	}
}

// TestNativeOrder: a native package's checks are reported in the order
// of the check names, each solution's with the solution folders, after
// them, whatever order the aspects make them in.
func TestNativeOrder(t *testing.T) {
	r := &run{}
	pk := newPkg("p", "p")
	pk.order = nativeOrder
	names := []string{CheckReferences, CheckSolutions, SolutionCheck + "accepted/a.go", CheckACMargin, CheckTestFiles,
		SolutionCheck + "wrong_answer/b.go", CheckConfig, CheckSamples, CheckChecker}
	pk.aspects = []aspect{staticAspect(names)}
	var got []string
	for _, c := range r.checks(pk, false) {
		got = append(got, c.Name)
	}
	want := []string{CheckConfig, CheckTestFiles, CheckSamples, CheckChecker, CheckSolutions, SolutionCheck + "accepted/a.go",
		SolutionCheck + "wrong_answer/b.go", CheckACMargin, CheckReferences}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("order\n%v\nwant\n%v", got, want)
	}
}

// staticAspect makes passed checks of the names, final before anything
// runs.
type staticAspect []string

func (staticAspect) schedule(*schedule) {}

func (a staticAspect) report(b *reportBuilder) {
	for _, n := range a {
		b.add(pass(&Check{Name: n}, ""))
	}
}
