package grade

import (
	"fmt"
	"slices"

	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
)

// legacyScorer grades groups by problemtools' default grader, or by the
// package's custom grader where a group says grading: custom.
type legacyScorer struct {
	sc     *problem.Scoring
	tests  []TestResult
	byName map[string]int
	groups []GroupResult
	// custom runs the custom grader on a group's results; nil when there
	// is nothing to run it with (Score), which makes such a group IE.
	custom groupGrader
	// err is the judge's error the first failing custom grader made.
	err string
}

// group grades g, or returns nil when none of its tests ran.
func (l *legacyScorer) group(g *problem.ScoreGroup) *result {
	slot := len(l.groups)
	l.groups = append(l.groups, GroupResult{Name: g.Name})
	var kids []result
	for _, it := range g.Items {
		var r result
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
		if r.verdict != verdict.AC && g.OnReject == "break" {
			break
		}
	}
	if len(kids) == 0 {
		l.groups = slices.Delete(l.groups, slot, slot+1)
		return nil
	}
	r := l.grade(g, kids)
	r.score = tidy(min(max(r.score, g.RangeLow), g.RangeHigh))
	l.groups[slot].Verdict, l.groups[slot].Score, l.groups[slot].MaxScore = r.verdict, r.score, finite(g.RangeHigh)
	return &r
}

// grade grades a group's results with its grader: the default one, or
// the custom one (grading: custom). A group with a result that is the
// judge's error is IE without asking either, as in problemtools.
func (l *legacyScorer) grade(g *problem.ScoreGroup, kids []result) result {
	if !g.Custom || slices.ContainsFunc(kids, func(k result) bool { return k.verdict == verdict.IE }) {
		return grader(g.Name, kids, g.GraderFlags)
	}
	var r result
	err := errNoRunner
	if l.custom != nil {
		r, err = l.custom(g, kids)
	}
	if err != nil {
		if l.err == "" {
			l.err = fmt.Sprintf("group %s: %v", g.Name, err)
		}
		return result{name: g.Name, verdict: verdict.IE}
	}
	return r
}

// test scores one test of group g: its score.txt, else the group's
// accept_score or reject_score.
func (l *legacyScorer) test(g *problem.ScoreGroup, t *TestResult) result {
	r := result{name: t.Name, verdict: t.Verdict}
	switch {
	case t.Verdict == verdict.AC && l.sc.ScoreFileRequired && t.ValidatorScore == nil:
		t.Verdict, t.Message = verdict.IE, "output validator wrote no score.txt (validation: custom score needs one for every accepted test)"
		r.verdict = verdict.IE
	case t.ValidatorScore != nil && l.sc.ScoreFileForbidden:
		t.Verdict, t.Message = verdict.IE, "output validator wrote score.txt, but problem.yaml does not say validation: custom score"
		r.verdict = verdict.IE
	}
	switch {
	case r.verdict == verdict.AC && t.ValidatorScore != nil:
		r.score = *t.ValidatorScore
	case r.verdict == verdict.AC:
		r.score = g.AcceptScore
	default:
		r.score = g.RejectScore
	}
	score := r.score
	t.Score = &score
	return r
}

// legacyOrder is the default grader's worst_error order.
var legacyOrder = []verdict.Verdict{verdict.IE, verdict.RE, verdict.MLE, verdict.TLE, verdict.OLE, verdict.WA, verdict.PE}

// grader is problemtools' default grader over a group's results, with
// flags as grader_flags gives them (the last of conflicting modes wins).
func grader(name string, kids []result, flags []string) result {
	// problemtools' default grader ignores a flag it does not know, and
	// so does this one.
	m, _ := problem.ParseGraderModes(flags)
	verdictMode, scoreMode, ignoreSample, anyAccepted := m.Verdict, m.Score, m.IgnoreSample, m.AnyAccepted
	for _, k := range kids {
		if k.verdict == verdict.IE {
			return result{name: name, verdict: verdict.IE}
		}
	}
	if ignoreSample && len(kids) > 1 && kids[0].name == "sample" {
		kids = kids[1:]
	}
	out := result{name: name, verdict: verdict.AC}
	for _, k := range kids {
		if k.verdict != verdict.AC {
			if verdictMode == "first_error" {
				out.verdict = k.verdict
				break
			}
			if verdictMode == "worst_error" && (out.verdict == verdict.AC || rank(k.verdict) < rank(out.verdict)) {
				out.verdict = k.verdict
			}
		}
	}
	if verdictMode == "always_accept" {
		out.verdict = verdict.AC
	}
	if anyAccepted && slices.ContainsFunc(kids, func(k result) bool { return k.verdict == verdict.AC }) {
		out.verdict = verdict.AC
	}
	scores := make([]float64, len(kids))
	for i, k := range kids {
		scores[i] = k.score
	}
	switch scoreMode {
	case "sum", "avg":
		for _, x := range scores {
			out.score += x
		}
		if scoreMode == "avg" && len(scores) > 0 {
			out.score /= float64(len(scores))
		}
	case "min":
		out.score = slices.Min(scores)
	case "max":
		out.score = slices.Max(scores)
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
