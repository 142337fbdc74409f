package problem

import (
	"fmt"
	"math"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/puzzlejudge/judge/core/problem/kattis"
)

// Rules by which a scoring problem is scored (Scoring.Rules).
const (
	// RulesLegacy are the graders of Kattis legacy and 2023-07-draft
	// packages (problemtools): testdata.yaml's grader_flags, on_reject,
	// accept_score, reject_score and range, group by group.
	RulesLegacy = "legacy"
	// Rules2025 are the 2025-09 rules: max_score, score_aggregation and
	// require_pass of secret and its groups; samples score nothing.
	Rules2025 = "2025-09"
)

// Aggregations of a group's score (ScoreGroup.Aggregation).
const (
	AggregatePassFail = "pass-fail" // the group's max_score when every test is accepted, else 0
	AggregateSum      = "sum"       // the sum of its tests' or groups' scores
	AggregateMin      = "min"       // the least of them
)

// Scoring says how a scoring problem's submissions are scored: a tree of
// groups of tests, each with a result of its own. A pass-fail problem has
// none (Problem.Scoring is nil).
type Scoring struct {
	// Rules is RulesLegacy or Rules2025; native problems use Rules2025.
	Rules string
	// Root holds every group. Legacy: data/ itself (name "data"), whose
	// result is the submission's. 2025-09: a node (name "data") over
	// sample and secret; the submission's score is secret's.
	Root *ScoreGroup
	// ScoreFileRequired (legacy `validation: custom score`) says the
	// output validator must write score.txt for every accepted test;
	// ScoreFileForbidden (legacy without it) that writing one is the
	// judge's error (problemtools' rules).
	ScoreFileRequired, ScoreFileForbidden bool
	// Native says the groups come from a native problem.yaml.
	Native bool
	// Grader is the package's custom grader program (a file or folder in
	// graders/), "" when it has none; the groups marked Custom are graded
	// by it.
	Grader string
}

// ScoreGroup is a group of tests, or of tests and groups, that gets a
// verdict and a score.
type ScoreGroup struct {
	// Name is the group's name: its path under data/ ("secret/group1")
	// in a Kattis package, its name in problem.yaml in a native one.
	Name string
	// Items are its tests and sub-groups, in judging order.
	Items []ScoreItem
	// Sample says the group is data/sample.
	Sample bool

	// Legacy rules (problemtools' defaults when not given).
	OnReject    string   // "break" or "continue"
	GraderFlags []string // the grader's flags: the default grader's modes, or the custom grader's arguments
	// Custom (grading: custom) says the package's custom grader
	// (Scoring.Grader) grades the group instead of the default grader.
	Custom                   bool
	AcceptScore, RejectScore float64 // a test's score when accepted, when not
	RangeLow, RangeHigh      float64 // the group's score is clamped to [low, high]

	// 2025-09 rules.
	MaxScore    float64  // the group's max_score; +Inf when unbounded
	Aggregation string   // AggregatePassFail, AggregateSum or AggregateMin
	RequirePass []string // groups (or "sample") that must pass for this one to score
	// StaticScore is the maximum score of the group's static validation
	// test case (its first item, Static), -1 when it is pass-fail or the
	// group has none. A sum group's other tests share max_score less it.
	StaticScore float64
}

// ScoreItem is one child of a group: a test (by name) or a sub-group.
// Static marks the group's static validation test case.
type ScoreItem struct {
	Test   string
	Group  *ScoreGroup
	Static bool
}

// Tests returns the names of every test in g and below, in order.
func (g *ScoreGroup) Tests() []string {
	var out []string
	for _, it := range g.Items {
		if it.Group != nil {
			out = append(out, it.Group.Tests()...)
		} else {
			out = append(out, it.Test)
		}
	}
	return out
}

// Walk calls f on g and every group below it, parents first.
func (g *ScoreGroup) Walk(f func(*ScoreGroup)) {
	f(g)
	for _, it := range g.Items {
		if it.Group != nil {
			it.Group.Walk(f)
		}
	}
}

// kattisScoring builds the scoring tree of a Kattis scoring package from
// its groups and cases (both in judging order).
func kattisScoring(dir string, pk *kattis.Package) (*Scoring, error) {
	md := pk.Metadata
	rules := RulesLegacy
	if md.Version == kattis.V2025 {
		rules = Rules2025
	}
	legacy := md.Version == kattis.Legacy
	sc := &Scoring{Rules: rules, ScoreFileRequired: legacy && md.CustomScore, ScoreFileForbidden: legacy && !md.CustomScore}
	root := &ScoreGroup{Name: "data"}
	if err := applySettings(root, pk.DataSettings, rules, false); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, "data"), err)
	}
	groups := map[string]*ScoreGroup{"": root}
	// children keeps, per group, its items with the file name that
	// orders them (the walker's lexicographic order of entries).
	type keyed struct {
		key  string
		item ScoreItem
	}
	children := map[*ScoreGroup][]keyed{}
	// keys are the names that order a group's items: relative to the
	// group (2025-09 folders below a group are part of it, not groups).
	keys := map[string]string{}
	for _, g := range pk.Groups {
		parent := groups[parentOf(g.Name)]
		if parent == nil {
			return nil, fmt.Errorf("%s: group without its parent group", filepath.Join(dir, "data", g.Name))
		}
		if rules == Rules2025 && strings.Count(g.Name, "/") > 1 {
			groups[g.Name] = parent
			keys[g.Name] = keys[parentOf(g.Name)] + path.Base(g.Name) + "/"
			continue
		}
		sg := &ScoreGroup{Name: g.Name, Sample: g.Name == "sample" || strings.HasPrefix(g.Name, "sample/")}
		if err := applySettings(sg, g.Settings, rules, g.Name == "secret"); err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Join(dir, "data", g.Name), err)
		}
		groups[g.Name] = sg
		children[parent] = append(children[parent], keyed{path.Base(g.Name), ScoreItem{Group: sg}})
	}
	for _, c := range pk.Cases {
		g := groups[c.Group]
		if g == nil {
			return nil, fmt.Errorf("%s: test case outside a known group", filepath.Join(dir, "data", c.Name))
		}
		children[g] = append(children[g], keyed{keys[c.Group] + path.Base(c.Name) + ".ans", ScoreItem{Test: c.Name}})
	}
	for g, kids := range children {
		slices.SortStableFunc(kids, func(a, b keyed) int { return strings.Compare(a.key, b.key) })
		for _, k := range kids {
			g.Items = append(g.Items, k.item)
		}
	}
	root.Walk(func(g *ScoreGroup) { g.StaticScore = -1 })
	for _, c := range pk.StaticCases {
		// A static validation test case comes first in its group.
		g := groups[c.Group]
		if g == nil || g.Name != c.Group {
			return nil, fmt.Errorf("%s: static validation test case outside a scored group", filepath.Join(dir, "data", c.Group))
		}
		g.Items = append([]ScoreItem{{Test: c.Name, Static: true}}, g.Items...)
		g.StaticScore = c.Score
	}
	sc.Root = root
	if pk.Grader != nil {
		sc.Grader = pk.Grader.Path
	}
	if err := checkCustom(dir, sc); err != nil {
		return nil, err
	}
	if rules == Rules2025 {
		if err := check2025(dir, root); err != nil {
			return nil, err
		}
	}
	return sc, nil
}

// parentOf returns the name of a group's parent ("" for data/ itself).
func parentOf(name string) string {
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		return name[:i]
	}
	return ""
}

// applySettings copies a group's settings into its scoring group, with
// the 2025-09 defaults: secret sums to 100, its groups are pass-fail and
// unbounded.
func applySettings(g *ScoreGroup, s kattis.Settings, rules string, secret bool) error {
	g.Custom = s.Grading == "custom"
	g.OnReject, g.GraderFlags = s.OnReject, s.GraderFlags
	g.AcceptScore, g.RejectScore = s.AcceptScore, s.RejectScore
	g.RangeLow, g.RangeHigh = math.Inf(-1), math.Inf(1)
	if f := strings.Fields(s.Range); len(f) == 2 {
		var err error
		if g.RangeLow, err = parseBound(f[0]); err != nil {
			return err
		}
		if g.RangeHigh, err = parseBound(f[1]); err != nil {
			return err
		}
	}
	if rules != Rules2025 {
		return nil
	}
	g.MaxScore, g.Aggregation, g.RequirePass = s.MaxScore, s.ScoreAggregation, s.RequirePass
	if g.MaxScore < 0 {
		g.MaxScore = math.Inf(1)
		if secret {
			g.MaxScore = 100
		}
	}
	if g.Aggregation == "" {
		g.Aggregation = AggregatePassFail
		if secret {
			g.Aggregation = AggregateSum
		}
	}
	return nil
}

// checkCustom checks that a package whose groups say grading: custom has
// the grader they need (the format: "it is a judge error to use grading:
// custom without providing a grader"; refused when the package loads
// rather than when a submission is judged).
func checkCustom(dir string, sc *Scoring) error {
	if sc.Grader != "" {
		return nil
	}
	var custom *ScoreGroup
	sc.Root.Walk(func(g *ScoreGroup) {
		if g.Custom && custom == nil {
			custom = g
		}
	})
	if custom == nil {
		return nil
	}
	where := filepath.Join(dir, "data")
	if custom != sc.Root {
		where = filepath.Join(where, filepath.FromSlash(custom.Name))
	}
	return fmt.Errorf("%s: grading: custom (inherited or its own) needs a grader program in %s, and there is none",
		where, filepath.Join(dir, kattis.GradersDir))
}

// passFailCustom refuses a pass-fail package whose groups say grading:
// custom: problemtools would let its grader decide the verdicts, which a
// pass-fail problem here takes from its first failing test.
func passFailCustom(dir string, pk *kattis.Package) error {
	where := ""
	if pk.DataSettings.Grading == "custom" {
		where = filepath.Join(dir, "data")
	}
	for _, g := range pk.Groups {
		if where == "" && g.Settings.Grading == "custom" {
			where = filepath.Join(dir, "data", filepath.FromSlash(g.Name))
		}
	}
	if where == "" {
		return nil
	}
	return fmt.Errorf("%s: grading: custom: custom graders are supported in scoring problems only (this one is pass-fail)", where)
}

// parseBound parses an end of a legacy range (see kattis.ParseBound).
func parseBound(s string) (float64, error) {
	x, err := kattis.ParseBound(s)
	if err != nil {
		return 0, fmt.Errorf("range: bad number %q", s)
	}
	return x, nil
}

// check2025 checks what the 2025-09 format requires of a scoring tree:
// sample has no scoring keys, a pass-fail group is bounded, a group of a
// bounded secret is bounded, and require_pass names sample or an earlier
// group that is pass-fail.
func check2025(dir string, root *ScoreGroup) error {
	var secret, sample *ScoreGroup
	for _, it := range root.Items {
		switch {
		case it.Group != nil && it.Group.Name == "secret":
			secret = it.Group
		case it.Group != nil && it.Group.Name == "sample":
			sample = it.Group
		}
	}
	if sample != nil {
		sample.Aggregation, sample.MaxScore = AggregatePassFail, 0
		if len(sample.RequirePass) > 0 {
			return fmt.Errorf("%s: require_pass: not allowed in sample", filepath.Join(dir, "data", "sample", "test_group.yaml"))
		}
		if len(sample.Items) > 0 && sample.Items[0].Static && sample.StaticScore >= 0 {
			return fmt.Errorf("%s: static_validation_score: samples score nothing (write pass-fail)", filepath.Join(dir, "data", "sample", "test_group.yaml"))
		}
	}
	if secret == nil {
		return nil
	}
	seen := map[string]*ScoreGroup{}
	if sample != nil {
		seen["sample"] = sample
	}
	var err error
	secret.Walk(func(g *ScoreGroup) {
		if err != nil {
			return
		}
		where := filepath.Join(dir, "data", filepath.FromSlash(g.Name), "test_group.yaml")
		static := len(g.Items) > 0 && g.Items[0].Static
		switch {
		case static && g.StaticScore >= 0 && g.Aggregation == AggregatePassFail:
			err = fmt.Errorf("%s: static_validation_score: %g in a group with pass-fail aggregation (write pass-fail)", where, g.StaticScore)
		case static && g.StaticScore < 0 && g.Aggregation != AggregatePassFail:
			err = fmt.Errorf("%s: static_validation_score: pass-fail needs score_aggregation: pass-fail (this group's is %s)", where, g.Aggregation)
		case static && g.StaticScore > g.MaxScore:
			err = fmt.Errorf("%s: static_validation_score: %g is past the group's max_score %g", where, g.StaticScore, g.MaxScore)
		case g.Aggregation == AggregatePassFail && math.IsInf(g.MaxScore, 1):
			err = fmt.Errorf("%s: score_aggregation: pass-fail needs a bounded max_score", where)
		case g != secret && !math.IsInf(secret.MaxScore, 1) && math.IsInf(g.MaxScore, 1):
			err = fmt.Errorf("%s: missing max_score (secret's max_score is %g, so each of its groups needs one)", where, secret.MaxScore)
		case g != secret && secret.Aggregation == AggregatePassFail && g.Aggregation != AggregatePassFail:
			err = fmt.Errorf("%s: score_aggregation: %s in a pass-fail secret (its groups must be pass-fail too)", where, g.Aggregation)
		}
		for _, r := range g.RequirePass {
			dep := seen[r]
			switch {
			case err != nil:
			case g == secret && r != "sample":
				err = fmt.Errorf("%s: require_pass: %q: secret may only require sample", where, r)
			case dep == nil:
				err = fmt.Errorf("%s: require_pass: %q is not sample or a group before %s", where, r, g.Name)
			case dep.Aggregation != AggregatePassFail:
				err = fmt.Errorf("%s: require_pass: %q must have pass-fail aggregation", where, r)
			}
		}
		seen[g.Name] = g
	})
	return err
}
