package convert

import (
	"errors"
	"fmt"
	"strings"

	"github.com/puzzlejudge/judge/core/problem"
)

// legacyNode is what a legacy group (or test) comes to: its score as
// terms, and when its graders accept it.
type legacyNode struct {
	terms []term
	ac    *cond
}

// legacyTerms gives the terms of a legacy or 2023-07-draft scoring
// problem (problemtools' default grader, see grade.Score): the
// submission's score is their sum, for every pattern of accepted tests.
// It returns an error naming what native groups cannot say (a custom
// grader or score.txt, a reject_score, avg or max of several scores, a
// range that clamps, a score that needs one of several groups), and
// verdicts: the graders' rules by which the package's verdict may differ
// from the first failing test's (the native verdict), "" when they give
// the same.
func legacyTerms(sc *problem.Scoring) ([]term, string, error) {
	if sc.ScoreFileRequired {
		return nil, "", errors.New("validation: custom score (the output validator's score.txt gives the scores)")
	}
	a := &legacyAnalysis{}
	root, err := a.group(sc.Root)
	if err != nil {
		return nil, "", err
	}
	// A submission that is not accepted scores 0: each term needs the
	// root accepted too.
	var out []term
	for _, t := range root.terms {
		extra, err := root.ac.need(t.tests)
		if err != nil {
			return nil, "", fmt.Errorf("data: %w", err)
		}
		out = append(out, t.with(extra))
	}
	return out, strings.Join(a.verdicts, ", "), nil
}

// legacyAnalysis walks the groups of a legacy scoring problem.
type legacyAnalysis struct {
	verdicts []string // what makes the graders' verdict differ
}

// group gives the node of g.
func (a *legacyAnalysis) group(g *problem.ScoreGroup) (legacyNode, error) {
	if g.Custom {
		return legacyNode{}, fmt.Errorf("group %s: grading: custom (a grader program gives the scores)", g.Name)
	}
	m, err := problem.ParseGraderModes(g.GraderFlags)
	if err != nil {
		return legacyNode{}, fmt.Errorf("group %s: %w", g.Name, err)
	}
	verdictMode, scoreMode, ignoreSample, anyAccepted := m.Verdict, m.Score, m.IgnoreSample, m.AnyAccepted
	brk := g.OnReject != "continue"
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
		switch {
		case g.RejectScore != 0:
			return legacyNode{}, fmt.Errorf("group %s: reject_score %g (a failed test scores)", g.Name, g.RejectScore)
		case g.AcceptScore < 0:
			return legacyNode{}, fmt.Errorf("group %s: accept_score %g is negative", g.Name, g.AcceptScore)
		}
		k := legacyNode{ac: testCond(it.Test)}
		if g.AcceptScore > 0 {
			k.terms = []term{{name: it.Test, score: g.AcceptScore, tests: map[string]bool{it.Test: true}}}
		}
		kids = append(kids, k)
	}
	if ignoreSample && len(g.Items) > 1 && g.Items[0].Group != nil && g.Items[0].Group.Name == "sample" {
		if brk {
			return legacyNode{}, fmt.Errorf("group %s: ignore_sample with on_reject: break (the sample's failure still decides)", g.Name)
		}
		kids = kids[1:]
		a.verdicts = append(a.verdicts, "ignore_sample")
	}
	if brk {
		// A child is judged only when every one before it is accepted.
		for i := range kids {
			before := &cond{op: "all"}
			for _, k := range kids[:i] {
				before.kids = append(before.kids, k.ac)
			}
			for j, t := range kids[i].terms {
				extra, err := before.need(t.tests)
				if err != nil {
					return legacyNode{}, fmt.Errorf("group %s: on_reject: break: %w", g.Name, err)
				}
				kids[i].terms[j] = t.with(extra)
			}
		}
	}
	var terms []term
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
				t.score /= float64(len(kids))
				terms = append(terms, t)
			}
		}
	case "min":
		var parts [][]term
		for _, k := range kids {
			if brk && len(k.terms) == 1 && !k.ac.implied(k.terms[0].tests) {
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
		total += t.score
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
		a.verdicts = append(a.verdicts, "always_accept")
	case anyAccepted && brk && len(kids) > 0:
		n.ac = kids[0].ac
		a.verdicts = append(a.verdicts, "accept_if_any_accepted")
	case anyAccepted:
		n.ac.op = "any"
		a.verdicts = append(a.verdicts, "accept_if_any_accepted")
	case verdictMode == "worst_error" && !brk && len(kids) > 1:
		a.verdicts = append(a.verdicts, "worst_error with on_reject: continue")
	}
	return n, nil
}
