package verify

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/report"
	"github.com/puzzlejudge/judge/core/verdict"
)

// maxDetails caps the details of one check.
const maxDetails = 20

// report makes the checks of a package from what was found and run.
func (r *run) report(pk *pkg) *ProblemReport {
	rep := &ProblemReport{Problem: pk.slug, Dir: pk.disp}
	if pk.p != nil {
		rep.Title = pk.p.Title
	}
	add := func(c *Check) {
		rep.Checks = append(rep.Checks, r.final(pk, c))
	}
	// The checks of runs are made only when they ran: once --stop-on-fail
	// has stopped, those not given yet are skipped unmade.
	addRun := func(name string, mk func() *Check) {
		if c := r.stoppedCheck(pk, name); c != nil {
			rep.Checks = append(rep.Checks, c)
			return
		}
		add(mk())
	}
	add(pk.configCheck())
	add(pk.statementCheck())
	add(pk.testFiles)
	add(pk.samples)
	add(pk.statedLimits)
	add(pk.distinct)
	add(pk.leftovers)
	if pk.p != nil && (pk.p.Checker.Kind == problem.CheckerCustom || pk.p.Interactive) {
		addRun(CheckChecker, pk.checkerCheck)
	}
	addRun(CheckValidator, pk.validatorCheck)
	addRun(CheckJunk, pk.junkCheck)
	addRun(CheckGenerator, pk.generatorCheck)
	add(pk.folders)
	for _, sr := range pk.runs {
		addRun(SolutionCheck+sr.sol.Rel, func() *Check { return pk.solutionCheck(sr) })
	}
	addRun(CheckACMargin, func() *Check { return pk.marginNote(pk.acMarginCheck(), verdict.AC) })
	addRun(CheckTLEMargin, func() *Check { return pk.marginNote(pk.tleMarginCheck(), verdict.TLE) })
	addRun(CheckMLEMargin, func() *Check { return pk.marginNote(pk.mleMarginCheck(), verdict.MLE) })
	addRun(CheckReferences, pk.outputsCheck)
	return rep
}

func (pk *pkg) testPath(name, ext string) string {
	return filepath.Join(pk.disp, problem.TestsDir, name+ext)
}

func (pk *pkg) configCheck() *Check {
	c := &Check{Name: CheckConfig}
	if pk.loadErr != nil && pk.blame == CheckConfig {
		return fail(c, pk.loadErr.Error())
	}
	if pk.p == nil {
		return pass(c, "")
	}
	if strings.Contains(pk.p.Title, author.Placeholder) {
		return fail(c, fmt.Sprintf("%s: title %q still holds the placeholder %s", filepath.Join(pk.disp, problem.ConfigFile), pk.p.Title, author.Placeholder))
	}
	l := pk.p.Limits
	how := ""
	if pk.limitOverride {
		how = " (from --time-limit)"
	}
	judged := "checker " + pk.p.Checker.Kind
	if pk.p.Interactive {
		rel, _ := filepath.Rel(pk.p.Dir, pk.p.Checker.Source)
		judged = "interactive, interactor " + filepath.ToSlash(rel)
	}
	return pass(c, fmt.Sprintf("time limit %v%s, memory limit %s, %s", l.Time, how, figures.Size(l.Memory), judged))
}

func (pk *pkg) statementCheck() *Check {
	if pk.blame == CheckStatement && pk.statement.Status != Fail {
		return fail(pk.statement, pk.loadErr.Error())
	}
	return pk.statement
}

func (pk *pkg) checkerCheck() *Check {
	c := &Check{Name: CheckChecker}
	switch {
	case pk.runnable != "":
		return skip(c, pk.runnable)
	case pk.checkerErr != nil:
		return failErr(c, pk.checkerErr)
	}
	if pk.p.Interactive {
		return pass(c, "interactor compiles")
	}
	return pass(c, "custom checker compiles")
}

func (pk *pkg) validatorCheck() *Check {
	c := &Check{Name: CheckValidator}
	switch {
	case pk.blame == CheckValidator:
		return fail(c, pk.loadErr.Error())
	case pk.runnable != "":
		return skip(c, pk.runnable)
	case pk.p.Validator == "" && pk.p.InputValidator == "" && pk.p.ImportedFrom != "":
		return warn(c, fmt.Sprintf("imported from a package without an input validator (%s): inputs are not checked; add %s/main.go",
			pk.p.ImportedFrom, problem.ValidatorDir))
	case pk.p.Validator == "" && pk.p.InputValidator == "":
		return fail(c, fmt.Sprintf("%s: no validator: add %s/main.go, a Go program that reads one input on stdin and exits 0 only when it is valid",
			filepath.Join(pk.disp, problem.ValidatorDir), problem.ValidatorDir))
	case pk.validatorErr != nil:
		return failErr(c, pk.validatorErr)
	}
	var details []string
	isInternal := false
	for i, t := range pk.p.Tests {
		res := pk.valResults[i]
		c.TimeMs += res.v.Result.Wall.Milliseconds()
		switch {
		case res.err != nil:
			isInternal = true
			details = append(details, fmt.Sprintf("%s: internal error: %v", pk.testPath(t.Name, ".in"), res.err))
		case !res.v.Valid:
			details = append(details, fmt.Sprintf("%s: rejected by the validator: %s (fix the input or the validator; judge test add %s <input-file> --name %s --force replaces it)",
				pk.testPath(t.Name, ".in"), res.v.Message, pk.slug, t.Name))
		}
	}
	if len(details) > 0 {
		return failDetails(c, details, isInternal)
	}
	return pass(c, "accepts "+all(len(pk.p.Tests), "test input"))
}

func (pk *pkg) junkCheck() *Check {
	c := &Check{Name: CheckJunk}
	switch {
	case pk.runnable != "":
		return skip(c, pk.runnable)
	case pk.validator == nil:
		return skip(c, "no validator to run")
	}
	var accepted, crashed, broken, kinds []string
	for i, j := range pk.junk {
		desc := j.kind
		if j.from != "" {
			desc += " (from " + pk.testPath(j.from, ".in") + ")"
		}
		if !slices.Contains(kinds, j.kind) {
			kinds = append(kinds, j.kind)
		}
		res := pk.junkRes[i]
		c.TimeMs += res.v.Result.Wall.Milliseconds()
		switch {
		case res.err != nil:
			broken = append(broken, fmt.Sprintf("%s: internal error: %v", desc, res.err))
		case res.v.Valid:
			accepted = append(accepted, "accepts junk: "+desc)
		case res.v.Crashed:
			crashed = append(crashed, fmt.Sprintf("crashes on junk: %s: %s", desc, res.v.Message))
		}
	}
	if len(broken) > 0 {
		return failDetails(c, append(broken, accepted...), true)
	}
	if len(accepted) > 0 {
		// An imported package's validator met its own format's rule, where
		// accepting junk is a warning (problemtools).
		c.Status, c.Details = Fail, append(accepted, crashed...)
		if pk.p.ImportedFrom != "" && pk.p.InputValidator != "" {
			c.Status = Warn
		}
		c.Message = fmt.Sprintf("the validator accepts %d of %d junk inputs: %s", len(accepted), len(pk.junk), strings.TrimPrefix(accepted[0], "accepts junk: "))
		return c
	}
	if len(crashed) > 0 {
		c.Status, c.Details = Warn, crashed
		c.Message = fmt.Sprintf("the validator rejects all junk, but crashes on %d inputs: %s", len(crashed), crashed[0])
		return c
	}
	return pass(c, fmt.Sprintf("rejects all %s (%s)", report.Plural(len(pk.junk), "junk input"), strings.Join(kinds, ", ")))
}

func (pk *pkg) generatorCheck() *Check {
	c := &Check{Name: CheckGenerator}
	switch {
	case pk.blame == CheckGenerator:
		return fail(c, pk.loadErr.Error())
	case pk.runnable != "":
		return skip(c, pk.runnable)
	case pk.genErr != nil:
		return fail(c, pk.genErr.Error())
	case pk.p.Generator == "" && len(pk.generated) > 0:
		return fail(c, fmt.Sprintf("%s records %d tests, but there is no %s/main.go to rebuild them",
			filepath.Join(pk.disp, problem.TestsDir, author.GeneratedFile), len(pk.generated), problem.GeneratorDir))
	case pk.p.Generator == "":
		return warn(c, fmt.Sprintf("no generator (%s/main.go): judge test gen and judge stress need one", problem.GeneratorDir))
	case pk.generatorErr != nil:
		return failErr(c, pk.generatorErr)
	}
	var details []string
	isInternal := false
	for _, g := range pk.genRes {
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
	if len(pk.generated) > 0 {
		return pass(c, fmt.Sprintf("rebuilds %s of %s byte for byte", report.Plural(len(pk.generated), "test"), author.GeneratedFile))
	}
	return pass(c, fmt.Sprintf("prints valid inputs for seeds 1 to %d", defaultSeeds))
}

// at1x returns the verdict a test would have had at the real time limit:
// a solution judged at a scaled limit that used more than the limit is
// TLE.
func (sr *solRun) at1x(t grade.TestResult) verdict.Verdict {
	if sr.scale > 1 && t.Verdict != verdict.TLE && t.CPU > sr.lim.CPU {
		return verdict.TLE
	}
	return t.Verdict
}

// judged returns the tests that count: all that ran, up to the first
// failure for a solution stopped there.
func (sr *solRun) judged() []grade.TestResult {
	if sr.seq == nil {
		return nil
	}
	n := len(sr.results)
	if sr.seq.stopOnFail && sr.seq.firstFail < n {
		n = sr.seq.firstFail + 1
	}
	var out []grade.TestResult
	for _, t := range sr.results[:n] {
		if t.Verdict != "" {
			out = append(out, t)
		}
	}
	return out
}

// outcome returns the solution's verdict at the time limit, the first
// test that was not AC (nil if none) and how many tests were judged.
func (sr *solRun) outcome() (verdict.Verdict, *grade.TestResult) {
	for _, t := range sr.judged() {
		if v := sr.at1x(t); v != verdict.AC {
			return v, &t
		}
	}
	return verdict.AC, nil
}

// matches says whether a verdict is the one a folder expects; a
// presentation error counts as a wrong answer, as in problemtools.
func matches(expected, got verdict.Verdict) bool {
	return got == expected || (expected == verdict.WA && got == verdict.PE)
}

// ms writes a duration in whole milliseconds: "1500 ms".
func ms(d time.Duration) string { return figures.Millis(d.Milliseconds()) }

// solutionCheck checks that a solution gets the verdict its folder
// names; its message says which tests were run again with a longer wall
// limit.
func (pk *pkg) solutionCheck(sr *solRun) *Check {
	c := pk.solutionVerdict(sr)
	if n := wallNote(sr.judged()); n != "" && c.Status != Skip {
		c.Message += " (" + n + ")"
	}
	return c
}

func (pk *pkg) solutionVerdict(sr *solRun) *Check {
	c := &Check{Name: SolutionCheck + sr.sol.Rel}
	res := &SolutionResult{
		File:        sr.sol.Rel,
		Language:    sr.sol.Language.Name,
		Expected:    sr.sol.Expected,
		TimeLimitMs: sr.lim.CPU.Milliseconds(),
		Reference:   sr.reference,
	}
	if sr.scale != 1 {
		res.TimeScale = sr.scale
	}
	c.Solution = res
	exp := sr.sol.Expected
	switch {
	case pk.runnable != "":
		return skip(c, pk.runnable)
	case sr.compErr != nil:
		return internal(c, "internal error: "+sr.compErr.Error())
	case !sr.comp.OK:
		res.Verdict = verdict.CE
		if exp == verdict.CE {
			return pass(c, "CE as expected")
		}
		return fail(c, fmt.Sprintf("%s: expected %s, got CE: %s", sr.sol.Path, exp, author.FirstLines(sr.comp.Output, 2)))
	case exp == verdict.CE:
		res.Verdict = verdict.AC
		return fail(c, fmt.Sprintf("%s: expected CE, but it compiles", sr.sol.Path))
	case pk.checkerErr != nil:
		return skip(c, "the checker does not compile")
	}
	c.TimeMs = sr.comp.Time.Milliseconds()
	var maxCPU time.Duration
	for _, t := range sr.judged() {
		c.TimeMs += t.WallMs
		res.Tests++
		maxCPU = max(maxCPU, t.CPU)
	}
	res.MaxTimeMs = maxCPU.Milliseconds()
	v, bad := sr.outcome()
	res.Verdict = v
	if pk.p.Scoring != nil || sr.sol.Folder == author.PartialFolder {
		if c := pk.scoreCheck(c, sr, v, bad); c != nil {
			return c
		}
	}
	how, msg := "", ""
	if bad != nil {
		res.Test = bad.Name
		msg = bad.Message
		if bad.Verdict == verdict.AC || (bad.Verdict != verdict.TLE && v == verdict.TLE) {
			msg = fmt.Sprintf("used %s, over the time limit of %s", ms(bad.CPU), ms(sr.lim.CPU))
		}
		how = fmt.Sprintf("%s on test %s", v, bad.Name)
		if msg != "" {
			msg = ": " + firstLine(msg)
		}
	}
	switch {
	case v == verdict.IE:
		return internal(c, fmt.Sprintf("%s: internal error on test %s: %s", sr.sol.Path, bad.Name, bad.Message))
	case exp == verdict.AC && v == verdict.AC && res.Tests == len(pk.p.Tests):
		return pass(c, fmt.Sprintf("AC on %s, at most %s of %s", all(res.Tests, "test"), ms(maxCPU), ms(sr.lim.CPU)))
	case exp == verdict.AC && v == verdict.AC:
		return fail(c, fmt.Sprintf("%s: judged on %d of %d tests only", sr.sol.Path, res.Tests, len(pk.p.Tests)))
	case v == verdict.AC:
		return fail(c, fmt.Sprintf("%s: expected %s, got AC on every test", sr.sol.Path, exp))
	case matches(exp, v):
		return pass(c, how+" as expected"+msg)
	}
	return fail(c, fmt.Sprintf("%s: expected %s, got %s%s", sr.sol.Path, exp, how, msg))
}

// all says "the 1 test" or "all 2 tests".
func all(n int, noun string) string {
	if n == 1 {
		return "the 1 " + noun
	}
	return "all " + report.Plural(n, noun)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}

// slowTest is a solution's time on one test, as a share of its limit.
type slowTest struct {
	file, test string
	cpu, lim   time.Duration
}

func (s slowTest) ratio() float64 { return float64(s.cpu) / float64(s.lim) }

// String describes the time for messages.
func (s slowTest) String() string {
	return fmt.Sprintf("%s on test %s: %s of %s (%.0f%%)", s.file, s.test, ms(s.cpu), ms(s.lim), 100*s.ratio())
}

func (pk *pkg) acMarginCheck() *Check {
	c := &Check{Name: CheckACMargin}
	if pk.runnable != "" {
		return skip(c, pk.runnable)
	}
	var all []slowTest
	for _, sr := range pk.runs {
		if sr.sol.Expected != verdict.AC {
			continue
		}
		for _, t := range sr.judged() {
			if t.Verdict != verdict.IE {
				all = append(all, slowTest{sr.sol.Rel, t.Name, t.CPU, sr.lim.CPU})
			}
		}
	}
	if len(all) == 0 {
		return skip(c, "no accepted solution was judged")
	}
	slices.SortStableFunc(all, func(a, b slowTest) int {
		switch ra, rb := a.ratio(), b.ratio(); {
		case ra > rb:
			return -1
		case ra < rb:
			return 1
		}
		return 0
	})
	worst := all[0]
	for _, s := range all {
		if s.ratio() <= ACWarn {
			break
		}
		c.Details = append(c.Details, s.String())
	}
	switch {
	case worst.ratio() > ACMargin:
		return fail(c, fmt.Sprintf("the slowest accepted solution uses more than half its time limit: %s (the limit must be at least 2x the slowest accepted)", worst))
	case worst.ratio() > ACWarn:
		return warn(c, fmt.Sprintf("the slowest accepted solution uses more than a third of its time limit: %s", worst))
	}
	return pass(c, "slowest: "+worst.String())
}

func (pk *pkg) tleMarginCheck() *Check {
	c := &Check{Name: CheckTLEMargin}
	if pk.runnable != "" {
		return skip(c, pk.runnable)
	}
	checked, folder := 0, 0
	var details []string
	var limit time.Duration
	for _, sr := range pk.runs {
		if sr.sol.Expected != verdict.TLE {
			continue
		}
		folder++
		if sr.seq == nil {
			continue
		}
		if v, _ := sr.outcome(); v != verdict.TLE {
			continue // its own check fails
		}
		checked++
		limit = time.Duration(float64(sr.lim.CPU) * sr.scale)
		var slowest *grade.TestResult
		found := false
		for _, t := range sr.judged() {
			if t.Verdict == verdict.TLE {
				found = true
				break
			}
			if slowest == nil || t.CPU > slowest.CPU {
				slowest = &t
			}
		}
		if !found {
			d := fmt.Sprintf("%s: gets TLE at the time limit but not at %gx the limit (%s)", sr.sol.Path, sr.scale, ms(limit))
			if slowest != nil {
				d += fmt.Sprintf("; slowest: test %s, %s", slowest.Name, ms(slowest.CPU))
			}
			details = append(details, d)
		}
	}
	switch {
	case len(details) > 0:
		return failWith(c, details)
	case folder == 0:
		return skip(c, "no time_limit_exceeded solutions")
	case checked == 0:
		return skip(c, "no time_limit_exceeded solution gets TLE")
	}
	return pass(c, fmt.Sprintf("every time_limit_exceeded solution (%d) still exceeds %gx the time limit", checked, TLEScale))
}

func (pk *pkg) outputsCheck() *Check {
	c := &Check{Name: CheckReferences}
	sr := pk.ref
	switch {
	case pk.runnable != "":
		return skip(c, pk.runnable)
	case sr == nil && pk.refSkipped != "":
		return skip(c, pk.refSkipped)
	case sr == nil && pk.refErr != nil:
		return fail(c, "no reference solution: "+pk.refErr.Error())
	case sr == nil:
		return fail(c, "no reference solution")
	case sr.compErr != nil:
		return internal(c, "internal error: "+sr.compErr.Error())
	case !sr.comp.OK:
		return fail(c, fmt.Sprintf("reference %s does not compile", sr.sol.Path))
	case pk.checkerErr != nil:
		return skip(c, "the checker does not compile")
	}
	var details []string
	isInternal := false
	for i, t := range sr.results {
		name := pk.p.Tests[i].Name
		c.TimeMs += t.WallMs
		switch t.Verdict {
		case verdict.AC:
		case verdict.WA, verdict.PE:
			details = append(details, fmt.Sprintf("%s: disagrees with the output of the reference %s: %s (if the reference is right: judge test add %s %s --name %s --force)",
				pk.testPath(name, ".out"), sr.sol.Rel, firstLine(t.Message), pk.slug, pk.testPath(name, ".in"), name))
		case "":
			details = append(details, fmt.Sprintf("%s: not judged", pk.testPath(name, ".in")))
		case verdict.IE:
			isInternal = true
			details = append(details, fmt.Sprintf("%s: internal error judging the reference %s: %s", pk.testPath(name, ".in"), sr.sol.Rel, firstLine(t.Message)))
		default:
			details = append(details, fmt.Sprintf("%s: the reference %s got %s (%s), so its output cannot be compared", pk.testPath(name, ".in"), sr.sol.Rel, t.Verdict, firstLine(t.Message)))
		}
	}
	if len(details) > 0 {
		return failDetails(c, details, isInternal)
	}
	verb := " agree"
	if len(sr.results) == 1 {
		verb = " agrees"
	}
	by := "checker " + pk.p.Checker.Kind
	if pk.p.Interactive {
		by = "judged by the interactor"
	}
	return pass(c, fmt.Sprintf("%s%s with %s (%s)", all(len(sr.results), "expected output"), verb, sr.sol.Rel, by))
}
