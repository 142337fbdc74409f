package scoring

import (
	"fmt"
	"slices"

	"github.com/puzzlejudge/judge/core/judging"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
)

// legacyScorer grades groups by problemtools' default grader, or by the
// package's custom grader where a group says grading: custom.
type legacyScorer struct {
	sc     *problem.Scoring
	tests  []judging.TestResult
	byName map[string]int
	groups []judging.GroupResult
	// custom runs the custom grader on a group's results; nil when there
	// is nothing to run it with, which makes such a group IE.
	custom CustomGrader
	// err is the judge's error the first failing custom grader made.
	err string
}

// group grades g, or returns nil when none of its tests ran.
func (l *legacyScorer) group(g *problem.ScoreGroup) *Item {
	slot := len(l.groups)
	l.groups = append(l.groups, judging.GroupResult{Name: g.Name})
	var kids []Item
	for _, it := range g.Items {
		var r Item
		if it.Group != nil {
			sub := l.group(it.Group)
			if sub == nil {
				continue
			}
			r = *sub
		} else {
			i, ok := l.byName[it.Test]
			if !ok {
				continue
			}
			r = l.test(g, &l.tests[i])
		}
		kids = append(kids, r)
		if r.Verdict != verdict.AC && breaks(g) {
			break
		}
	}
	if len(kids) == 0 {
		l.groups = slices.Delete(l.groups, slot, slot+1)
		return nil
	}
	r := l.grade(g, kids)
	r.Score = tidy(min(max(r.Score, g.RangeLow), g.RangeHigh))
	l.groups[slot].Verdict, l.groups[slot].Score, l.groups[slot].MaxScore = r.Verdict, r.Score, finite(g.RangeHigh)
	return &r
}

// grade grades a group's results with its grader: the default one, or
// the custom one (grading: custom). A group with a result that is the
// judge's error is IE without asking either, as in problemtools.
func (l *legacyScorer) grade(g *problem.ScoreGroup, kids []Item) Item {
	if !g.Custom || slices.ContainsFunc(kids, func(k Item) bool { return k.Verdict == verdict.IE }) {
		return grader(g.Name, kids, g.GraderFlags)
	}
	var r Item
	err := errNoGrader
	if l.custom != nil {
		r, err = l.custom(g, kids)
	}
	if err != nil {
		if l.err == "" {
			l.err = fmt.Sprintf("group %s: %v", g.Name, err)
		}
		return Item{Name: g.Name, Verdict: verdict.IE}
	}
	return r
}

// test scores one test of group g: its score.txt, else the group's
// accept_score or reject_score.
func (l *legacyScorer) test(g *problem.ScoreGroup, t *judging.TestResult) Item {
	r := Item{Name: t.Name, Verdict: t.Verdict}
	switch {
	case t.Verdict == verdict.AC && l.sc.ScoreFileRequired && t.ValidatorScore == nil:
		t.Verdict, t.Message = verdict.IE, "output validator wrote no score.txt (validation: custom score needs one for every accepted test)"
		r.Verdict = verdict.IE
	case t.ValidatorScore != nil && l.sc.ScoreFileForbidden:
		t.Verdict, t.Message = verdict.IE, "output validator wrote score.txt, but problem.yaml does not say validation: custom score"
		r.Verdict = verdict.IE
	}
	r.Score = testScoreLegacy(g, r.Verdict == verdict.AC, t.ValidatorScore)
	score := r.Score
	t.Score = &score
	return r
}

// testScoreLegacy is a test's score in group g: its output validator's
// score.txt (file, nil for none) when it is accepted, else the group's
// accept_score; reject_score when it is not accepted.
func testScoreLegacy(g *problem.ScoreGroup, accepted bool, file *float64) float64 {
	switch {
	case accepted && file != nil:
		return *file
	case accepted:
		return g.AcceptScore
	}
	return g.RejectScore
}

// breaks reports whether group g grades none of its items after the
// first that is not accepted (on_reject: break, problemtools' default;
// continue grades them all).
func breaks(g *problem.ScoreGroup) bool {
	return g.OnReject != "continue"
}

// legacyOrder is the default grader's worst_error order.
var legacyOrder = []verdict.Verdict{verdict.IE, verdict.RE, verdict.MLE, verdict.TLE, verdict.OLE, verdict.WA, verdict.PE}

// grader is problemtools' default grader over a group's results, with
// flags as grader_flags gives them (the last of conflicting modes wins).
func grader(name string, kids []Item, flags []string) Item {
	// problemtools' default grader ignores a flag it does not know, and
	// so does this one.
	m, _ := ParseGraderModes(flags)
	verdictMode, scoreMode, ignoreSample, anyAccepted := m.Verdict, m.Score, m.IgnoreSample, m.AnyAccepted
	for _, k := range kids {
		if k.Verdict == verdict.IE {
			return Item{Name: name, Verdict: verdict.IE}
		}
	}
	if ignoreSample && len(kids) > 1 && kids[0].Name == "sample" {
		kids = kids[1:]
	}
	out := Item{Name: name, Verdict: verdict.AC}
	for _, k := range kids {
		if k.Verdict != verdict.AC {
			if verdictMode == "first_error" {
				out.Verdict = k.Verdict
				break
			}
			if verdictMode == "worst_error" && (out.Verdict == verdict.AC || rank(k.Verdict) < rank(out.Verdict)) {
				out.Verdict = k.Verdict
			}
		}
	}
	if verdictMode == "always_accept" {
		out.Verdict = verdict.AC
	}
	if anyAccepted && slices.ContainsFunc(kids, func(k Item) bool { return k.Verdict == verdict.AC }) {
		out.Verdict = verdict.AC
	}
	scores := make([]float64, len(kids))
	for i, k := range kids {
		scores[i] = k.Score
	}
	switch scoreMode {
	case "sum", "avg":
		for _, x := range scores {
			out.Score += x
		}
		if scoreMode == "avg" && len(scores) > 0 {
			out.Score /= float64(len(scores))
		}
	case "min":
		out.Score = slices.Min(scores)
	case "max":
		out.Score = slices.Max(scores)
	}
	return out
}

// rank is a verdict's place in the worst_error order (unknown ones last).
func rank(v verdict.Verdict) int {
	if i := slices.Index(legacyOrder, v); i >= 0 {
		return i
	}
	return len(legacyOrder)
}

// GraderModes are a legacy default grader's modes, read from its
// grader_flags.
type GraderModes struct {
	Verdict      string // "worst_error" (the default), "first_error" or "always_accept"
	Score        string // "sum" (the default), "avg", "min" or "max"
	IgnoreSample bool   // ignore_sample
	AnyAccepted  bool   // accept_if_any_accepted
}

// ParseGraderModes reads grader_flags as problemtools' default grader
// does: the last of conflicting modes wins. An unknown flag is an error
// naming the first, returned with the modes the other flags give (the
// grader ignores such a flag; an importer cannot).
func ParseGraderModes(flags []string) (m GraderModes, err error) {
	m = GraderModes{Verdict: "worst_error", Score: "sum"}
	for _, f := range flags {
		switch f {
		case "worst_error", "first_error", "always_accept":
			m.Verdict = f
		case "sum", "avg", "min", "max":
			m.Score = f
		case "ignore_sample":
			m.IgnoreSample = true
		case "accept_if_any_accepted":
			m.AnyAccepted = true
		default:
			if err == nil {
				err = fmt.Errorf("grader_flags: unknown flag %q", f)
			}
		}
	}
	return m, err
}
