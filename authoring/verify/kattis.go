package verify

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/report"
)

// Names of the checks of a Kattis package (with CheckConfig,
// CheckStatement, CheckTestFiles, CheckACMargin and CheckTLEMargin).
const (
	CheckInputValidators = "input validators"
	CheckOutputValidator = "output validator"
	CheckTimeLimit       = "time limit"
	CheckSubmissions     = "submission folders"
	// SubmissionCheck + the path under submissions/ names the check of
	// one example submission ("submission accepted/hello.c").
	SubmissionCheck = "submission "
)

// kattisPkg is what the aspects of a Kattis package share: the problem
// as loaded, and the grader that judges its submissions through the run
// cache. Its aspects are its configuration, its input validators, its
// output validator and its submissions, reported in that order.
type kattisPkg struct {
	*pkg
	r      *run
	p      *problem.Problem
	grader *grade.Grader
	cache  *kattisCache // the run cache of its runs
}

// kattisPackage loads a Kattis problem package and makes its aspects: it
// loads, its input validators accept every test input (exit 42), its
// output validator compiles, its time limit is given or derived from the
// accepted submissions, and every example submission gets what its
// folder (or @EXPECTED_RESULTS@) says, in the sense of the package's
// version.
func (r *run) kattisPackage(disp string) *pkg {
	abs, _ := filepath.Abs(disp)
	k := &kattisPkg{pkg: newPkg(disp, filepath.Base(abs)), r: r}
	k.kattis = true
	k.cache = newKattisCache(r, k)
	k.grader = r.eng.VerifyGrader(r.tmp, k.cache)
	p, err := problem.Load(disp)
	if err != nil {
		name := CheckConfig
		if strings.HasPrefix(err.Error(), filepath.Join(disp, "data")) {
			name = CheckTestFiles
		}
		k.aspects = []aspect{&kattisConfigAspect{k: k, failed: fail(&Check{Name: name}, err.Error())}}
		return k.pkg
	}
	if err := p.Kattis.Package.Complete(); err != nil {
		// submit judges it on its samples; as a package it is incomplete.
		k.aspects = []aspect{&kattisConfigAspect{k: k, failed: fail(&Check{Name: CheckTestFiles}, err.Error())}}
		return k.pkg
	}
	k.p, k.title = p, p.Title
	k.aspects = []aspect{&kattisConfigAspect{k: k}, newInputValidatorsAspect(k), &outputValidatorAspect{k: k},
		newSubmissionsAspect(k)}
	return k.pkg
}

// emit gives a final check of the package to OnCheck.
func (k *kattisPkg) emit(c *Check) { k.r.emit(k.pkg, c) }

// kattisConfigAspect is a Kattis package's configuration: it loads
// (failed holds the check when it does not), and its statement and test
// data are there.
type kattisConfigAspect struct {
	k      *kattisPkg
	failed *Check
}

func (a *kattisConfigAspect) schedule(*schedule) {}

func (a *kattisConfigAspect) report(b *reportBuilder) {
	if a.failed != nil {
		b.add(a.failed)
		return
	}
	p := a.k.p
	info := p.Kattis
	md := info.Package.Metadata
	tl := "derived from the accepted submissions"
	if !info.TimeFromSubmissions {
		tl = p.Limits.Time.String()
	}
	val := "default"
	if p.Checker.Kind == problem.CheckerValidator {
		val = "custom"
	}
	b.add(pass(&Check{Name: CheckConfig}, fmt.Sprintf("Kattis package, version %s, time limit %s, memory limit %s, %s output validator",
		md.Version, tl, figures.Size(p.Limits.Memory), val)))
	if p.Statement == "" {
		b.add(warn(&Check{Name: CheckStatement}, "no statement in statement/ or problem_statement/"))
	} else {
		b.add(pass(&Check{Name: CheckStatement}, p.Statement))
	}
	samples := 0
	for _, t := range p.Tests {
		if t.Sample {
			samples++
		}
	}
	b.add(pass(&Check{Name: CheckTestFiles}, fmt.Sprintf("%s (%d samples) in %s, each .in with its .ans",
		report.Plural(len(p.Tests), "test case"), samples, report.Plural(len(info.Package.Groups), "group"))))
}
