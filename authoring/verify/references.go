package verify

import (
	"fmt"

	"github.com/puzzlejudge/judge/core/verdict"
)

// referencesAspect is a native package's expected outputs: they agree
// with the reference solution's, as the problem's checker (or
// interactor) judges them. The reference runs with the solutions
// (solutions.go); this aspect reads its results.
type referencesAspect struct {
	n       *nativePkg
	sols    *solutionsAspect
	checker *checkerAspect
}

func (a *referencesAspect) schedule(*schedule) {}

func (a *referencesAspect) report(b *reportBuilder) {
	b.ran(CheckReferences, a.check)
}

func (a *referencesAspect) check() *Check {
	n := a.n
	c := &Check{Name: CheckReferences}
	sr := a.sols.refRun
	switch {
	case n.runnable != "":
		return skip(c, n.runnable)
	case sr == nil && a.sols.refSkipped != "":
		return skip(c, a.sols.refSkipped)
	case sr == nil && a.sols.refErr != nil:
		return fail(c, "no reference solution: "+a.sols.refErr.Error())
	case sr == nil:
		return fail(c, "no reference solution")
	case sr.compErr != nil:
		return internal(c, "internal error: "+sr.compErr.Error())
	case !sr.comp.OK:
		return fail(c, fmt.Sprintf("reference %s does not compile", sr.sol.Path))
	case a.checker.err != nil:
		return skip(c, "the checker does not compile")
	}
	var details []string
	isInternal := false
	for i, t := range sr.results {
		name := n.p.Tests[i].Name
		c.TimeMs += t.WallMs
		switch t.Verdict {
		case verdict.AC:
		case verdict.WA, verdict.PE:
			details = append(details, fmt.Sprintf("%s: disagrees with the output of the reference %s: %s (if the reference is right: judge test add %s %s --name %s --force)",
				n.testPath(name, ".out"), sr.sol.Rel, firstLine(t.Message), n.slug, n.testPath(name, ".in"), name))
		case "":
			details = append(details, fmt.Sprintf("%s: not judged", n.testPath(name, ".in")))
		case verdict.IE:
			isInternal = true
			details = append(details, fmt.Sprintf("%s: internal error judging the reference %s: %s", n.testPath(name, ".in"), sr.sol.Rel, firstLine(t.Message)))
		default:
			details = append(details, fmt.Sprintf("%s: the reference %s got %s (%s), so its output cannot be compared", n.testPath(name, ".in"), sr.sol.Rel, t.Verdict, firstLine(t.Message)))
		}
	}
	if len(details) > 0 {
		return failDetails(c, details, isInternal)
	}
	verb := " agree"
	if len(sr.results) == 1 {
		verb = " agrees"
	}
	by := "checker " + n.p.Checker.Kind
	if n.p.Interactive {
		by = "judged by the interactor"
	}
	return pass(c, fmt.Sprintf("%s%s with %s (%s)", all(len(sr.results), "expected output"), verb, sr.sol.Rel, by))
}
