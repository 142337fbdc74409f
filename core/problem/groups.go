package problem

import (
	"fmt"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// keyGroups is the key of problem.yaml that makes a native problem a
// scoring one: a list of groups of tests, each worth a score.
const keyGroups = "groups"

// groupSpec is one entry of problem.yaml's groups:
//
//	groups:
//	  - {name: small, score: 30, tests: "small-*"}
//	  - {name: all, score: 70, tests: ["small-*", "large-*"]}
type groupSpec struct {
	name  string
	score float64
	tests []string // globs over test names (path.Match)
}

// groupKeys are the keys of a group, in the order they are checked.
var groupKeys = []string{"name", "score", "tests"}

// parseGroups reads the groups key: a non-empty list of mappings with
// exactly the keys name (unique), score (a number, not negative) and
// tests (a glob or a list of globs).
func parseGroups(n *yaml.Node) ([]groupSpec, error) {
	if n.Kind != yaml.SequenceNode || len(n.Content) == 0 {
		return nil, fmt.Errorf("%s: line %d: want a list of groups, each {name, score, tests}", keyGroups, n.Line)
	}
	var out []groupSpec
	seen := map[string]bool{}
	for i, item := range n.Content {
		item = resolve(item)
		where := fmt.Sprintf("%s[%d]", keyGroups, i)
		if item.Kind != yaml.MappingNode {
			return nil, fmt.Errorf("%s: line %d: want a mapping with name, score and tests", where, item.Line)
		}
		values := map[string]*yaml.Node{}
		for j := 0; j+1 < len(item.Content); j += 2 {
			k, v := resolve(item.Content[j]), resolve(item.Content[j+1])
			if !slices.Contains(groupKeys, k.Value) {
				return nil, fmt.Errorf("%s: line %d: unknown key %q (want name, score, tests)", where, k.Line, k.Value)
			}
			if values[k.Value] != nil {
				return nil, fmt.Errorf("%s: line %d: duplicate key %q", where, k.Line, k.Value)
			}
			values[k.Value] = v
		}
		for _, k := range groupKeys {
			if values[k] == nil {
				return nil, fmt.Errorf("%s: line %d: missing key %q", where, item.Line, k)
			}
		}
		var g groupSpec
		name := values["name"]
		if name.Kind != yaml.ScalarNode || strings.TrimSpace(name.Value) == "" || strings.ContainsAny(name.Value, "/ \t") {
			return nil, fmt.Errorf("%s: name: line %d: want a name without spaces or slashes", where, name.Line)
		}
		g.name = name.Value
		if seen[g.name] {
			return nil, fmt.Errorf("%s: name: %q is given to two groups", where, g.name)
		}
		seen[g.name] = true
		where = fmt.Sprintf("%s (%s)", where, g.name)
		score := values["score"]
		x, err := strconv.ParseFloat(strings.TrimSpace(score.Value), 64)
		if score.Kind != yaml.ScalarNode || err != nil || math.IsNaN(x) || math.IsInf(x, 0) || x < 0 {
			return nil, fmt.Errorf("%s: score: line %d: want a number, 0 or more", where, score.Line)
		}
		g.score = x
		switch tests := values["tests"]; tests.Kind {
		case yaml.ScalarNode:
			g.tests = []string{tests.Value}
		case yaml.SequenceNode:
			for _, t := range tests.Content {
				t = resolve(t)
				if t.Kind != yaml.ScalarNode {
					return nil, fmt.Errorf("%s: tests: line %d: want a glob or a list of globs", where, t.Line)
				}
				g.tests = append(g.tests, t.Value)
			}
		default:
			return nil, fmt.Errorf("%s: tests: line %d: want a glob or a list of globs", where, tests.Line)
		}
		for _, glob := range g.tests {
			if _, err := path.Match(glob, ""); err != nil || glob == "" {
				return nil, fmt.Errorf("%s: tests: bad glob %q", where, glob)
			}
		}
		out = append(out, g)
	}
	return out, nil
}

// nativeScoring builds a native problem's scoring from its groups: each
// group is pass-fail, worth its score when every test it names is
// accepted; the submission's score is their sum. Every glob must match a
// test, and every test that is not a sample must be in a group.
func nativeScoring(groups []groupSpec, tests []Test) (*Scoring, error) {
	root := &ScoreGroup{Name: "total", Aggregation: AggregateSum}
	in := map[string]bool{}
	for _, g := range groups {
		sg := &ScoreGroup{Name: g.name, Aggregation: AggregatePassFail, MaxScore: g.score}
		for _, glob := range g.tests {
			n := 0
			for _, t := range tests {
				if ok, _ := path.Match(glob, t.Name); ok {
					if !slices.ContainsFunc(sg.Items, func(it ScoreItem) bool { return it.Test == t.Name }) {
						sg.Items = append(sg.Items, ScoreItem{Test: t.Name})
					}
					in[t.Name] = true
					n++
				}
			}
			if n == 0 {
				return nil, fmt.Errorf("%s: group %s: tests: %q matches no test", keyGroups, g.name, glob)
			}
		}
		// Judging order, whatever the order of the globs.
		slices.SortFunc(sg.Items, func(a, b ScoreItem) int {
			return slices.IndexFunc(tests, func(t Test) bool { return t.Name == a.Test }) -
				slices.IndexFunc(tests, func(t Test) bool { return t.Name == b.Test })
		})
		root.MaxScore += g.score
		root.Items = append(root.Items, ScoreItem{Group: sg})
	}
	for _, t := range tests {
		if !t.Sample && !in[t.Name] {
			return nil, fmt.Errorf("%s: test %s is in no group (every test but the samples must be in one)", keyGroups, t.Name)
		}
	}
	return &Scoring{Rules: Rules2025, Root: root, Native: true}, nil
}
