package scoring

import (
	"errors"
	"fmt"
	"slices"

	"github.com/puzzlejudge/judge/core/problem"
)

// legacyNode is what a legacy group (or test) comes to: its score as
// terms, and when its graders accept it.
type legacyNode struct {
	terms []Term
	ac    *cond
}

// legacyTerms gives the terms of a legacy or 2023-07-draft scoring
// problem (problemtools' default grader, see Terms) and the rules that
// make its verdicts differ.
func legacyTerms(sc *problem.Scoring) ([]Term, []string, error) {
	if sc.ScoreFileRequired {
		return nil, nil, errors.New("validation: custom score (the output validator's score.txt gives the scores)")
	}
	a := &legacyAnalysis{}
	root, err := a.group(sc.Root)
	if err != nil {
		return nil, nil, err
	}
	// A submission that is not accepted scores 0: each Term needs the
	// root accepted too.
	var out []Term
	for _, t := range root.terms {
		extra, err := root.ac.need(t.Tests)
		if err != nil {
			return nil, nil, fmt.Errorf("data: %w", err)
		}
		out = append(out, t.with(extra))
	}
	return out, a.verdicts, nil
}

// legacyAnalysis walks the groups of a legacy scoring problem.
type legacyAnalysis struct {
	verdicts []string // what makes the graders' verdict differ, each once
}

// differs notes rule as one by which the graders' verdict differs.
func (a *legacyAnalysis) differs(rule string) {
	if !slices.Contains(a.verdicts, rule) {
		a.verdicts = append(a.verdicts, rule)
	}
}

// group gives the node of g.
func (a *legacyAnalysis) group(g *problem.ScoreGroup) (legacyNode, error) {
	if g.Custom {
		return legacyNode{}, fmt.Errorf("group %s: grading: custom (a grader program gives the scores)", g.Name)
	}
	m, err := ParseGraderModes(g.GraderFlags)
	if err != nil {
		return legacyNode{}, fmt.Errorf("group %s: %w", g.Name, err)
	}
	verdictMode, scoreMode, ignoreSample, anyAccepted := m.Verdict, m.Score, m.IgnoreSample, m.AnyAccepted
	brk := breaks(g)
	var kids []legacyNode
	for _, it := range g.Items {
		if it.Group != nil {
			k, err := a.group(it.Group)
			if err != nil {
				return legacyNode{}, err
			}
			kids = append(kids, k)
			continue
		}
		accepted, rejected := testScoreLegacy(g, true, nil), testScoreLegacy(g, false, nil)
		switch {
		case rejected != 0:
			return legacyNode{}, fmt.Errorf("group %s: reject_score %g (a failed test scores)", g.Name, rejected)
		case accepted < 0:
			return legacyNode{}, fmt.Errorf("group %s: accept_score %g is negative", g.Name, accepted)
		}
		k := legacyNode{ac: testCond(it.Test)}
		if accepted > 0 {
			k.terms = []Term{{Name: it.Test, Score: accepted, Tests: map[string]bool{it.Test: true}}}
		}
		kids = append(kids, k)
	}
	if ignoreSample && len(g.Items) > 1 && g.Items[0].Group != nil && g.Items[0].Group.Name == "sample" {
		if brk {
			return legacyNode{}, fmt.Errorf("group %s: ignore_sample with on_reject: break (the sample's failure still decides)", g.Name)
		}
		kids = kids[1:]
		a.differs("ignore_sample")
	}
	if brk {
		// A child is judged only when every one before it is accepted.
		for i := range kids {
			before := &cond{op: "all"}
			for _, k := range kids[:i] {
				before.kids = append(before.kids, k.ac)
			}
			for j, t := range kids[i].terms {
				extra, err := before.need(t.Tests)
				if err != nil {
					return legacyNode{}, fmt.Errorf("group %s: on_reject: break: %w", g.Name, err)
				}
				kids[i].terms[j] = t.with(extra)
			}
		}
	}
	var terms []Term
	switch scoreMode {
	case "sum":
		for _, k := range kids {
			terms = append(terms, k.terms...)
		}
	case "avg":
		if brk && len(kids) > 1 {
			return legacyNode{}, fmt.Errorf("group %s: avg with on_reject: break (the count of results varies)", g.Name)
		}
		for _, k := range kids {
			for _, t := range k.terms {
				t.Score /= float64(len(kids))
				terms = append(terms, t)
			}
		}
	case "min":
		var parts [][]Term
		for _, k := range kids {
			if brk && len(k.terms) == 1 && !k.ac.implied(k.terms[0].Tests) {
				return legacyNode{}, fmt.Errorf("group %s: min with on_reject: break over a part that scores without being accepted", g.Name)
			}
			parts = append(parts, k.terms)
		}
		if terms, err = minTerms(g.Name, parts); err != nil {
			return legacyNode{}, err
		}
	case "max":
		scoring := 0
		for _, k := range kids {
			if len(k.terms) > 0 {
				scoring++
				terms = append(terms, k.terms...)
			}
		}
		if scoring > 1 {
			return legacyNode{}, fmt.Errorf("group %s: max over several scores", g.Name)
		}
	}
	total := 0.0
	for _, t := range terms {
		total += t.Score
	}
	if g.RangeLow > 0 || g.RangeHigh < total {
		return legacyNode{}, fmt.Errorf("group %s: range %g %g clamps its score (0 to %g)", g.Name, g.RangeLow, g.RangeHigh, total)
	}
	n := legacyNode{terms: terms, ac: &cond{op: "all"}}
	for _, k := range kids {
		n.ac.kids = append(n.ac.kids, k.ac)
	}
	switch {
	case verdictMode == "always_accept":
		n.ac = &cond{op: "true"}
		a.differs("always_accept")
	case anyAccepted && brk && len(kids) > 0:
		n.ac = kids[0].ac
		a.differs("accept_if_any_accepted")
	case anyAccepted:
		n.ac.op = "any"
		a.differs("accept_if_any_accepted")
	case verdictMode == "worst_error" && !brk && len(kids) > 1:
		a.differs("worst_error with on_reject: continue")
	}
	return n, nil
}
