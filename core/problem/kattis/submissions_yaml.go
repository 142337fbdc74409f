package kattis

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/puzzlejudge/judge/internal/fileutil"
)

// SubmissionsFile is the name of the 2025-09 metadata of the example
// submissions, in submissions/.
const SubmissionsFile = "submissions.yaml"

// Verdicts of submissions.yaml.
const (
	ResultAC  = "AC"
	ResultWA  = "WA"
	ResultTLE = "TLE"
	ResultRTE = "RTE"
)

var allResults = []string{ResultAC, ResultWA, ResultTLE, ResultRTE}

// Expectation is one requirement on the verdicts a submission gets on a
// set of test cases (2025-09 "Example submissions").
type Expectation struct {
	// Tests is the glob over test groups and cases (paths under data/,
	// without .in) the requirement covers; "" covers every test case.
	Tests string
	// Permitted: every covered test case gets one of these; nil for any.
	Permitted []string
	// Required: some covered test case gets one of these; nil for no
	// such requirement.
	Required []string
	// Score is the score the submission must get ([x, x]) or its inclusive
	// range, nil when not given. It is kept for scoring problems, whose
	// checks own it.
	Score []float64
	// Message must appear in the judge message of some covered test case.
	Message string
	// UseForTimeLimit is "" (the default rule, or true), "false", "lower"
	// or "upper" (see TimeBound).
	UseForTimeLimit string
	// From says where the requirement comes from, for messages: "the
	// default for accepted/" or "submissions.yaml: accepted/*".
	From string
}

// submissionEntry is one top-level key of submissions.yaml.
type submissionEntry struct {
	Pattern       string
	Language      string
	Entrypoint    string
	Authors       []string
	ModelSolution bool
	// Own is the requirement on every test case; its keys given are in
	// given.
	Own   Expectation
	given map[string]bool
	// Groups are the requirements under test group keys, in file order.
	Groups []Expectation
}

// submissionsConfig is a parsed submissions.yaml.
type submissionsConfig struct {
	Path    string
	Entries []submissionEntry
}

// Keys of an entry of submissions.yaml; author is the spelling of the
// spec's schema, authors that of its text.
var (
	expectationKeys = []string{"permitted", "required", "score", "message", "use_for_time_limit"}
	entryKeys       = append([]string{"language", "entrypoint", "authors", "author", "model_solution"}, expectationKeys...)
)

// readSubmissionsConfig reads submissions.yaml. Errors name the file (as
// disp) and the key.
func readSubmissionsConfig(path, disp string) (*submissionsConfig, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", disp, fileutil.UnwrapPath(err))
	}
	top, err := mapping(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", disp, err)
	}
	c := &submissionsConfig{Path: path}
	for _, pat := range top.keys {
		e, err := parseSubmissionEntry(pat, top.vals[pat])
		if err != nil {
			return nil, fmt.Errorf("%s: line %d: %s: %w", disp, top.line[pat], pat, err)
		}
		c.Entries = append(c.Entries, e)
	}
	return c, nil
}

// parseSubmissionEntry reads the map under one submission glob.
func parseSubmissionEntry(pat string, n *yaml.Node) (submissionEntry, error) {
	e := submissionEntry{Pattern: pat}
	if strings.HasPrefix(pat, "/") || slices.Contains(strings.Split(pat, "/"), "..") {
		return e, fmt.Errorf("the glob must be a path under submissions/")
	}
	m, err := asMapping("", n)
	if err != nil {
		return e, err
	}
	var own *node = &node{vals: map[string]*yaml.Node{}, line: map[string]int{}}
	for _, k := range m.keys {
		v := m.vals[k]
		switch {
		case k == "language" || k == "entrypoint":
			s, err := scalar(k, v)
			if err != nil {
				return e, err
			}
			if k == "language" {
				e.Language = s
			} else {
				e.Entrypoint = s
			}
		case k == "authors" || k == "author":
			if v.Kind == yaml.ScalarNode {
				s, _ := scalar(k, v)
				e.Authors = append(e.Authors, s)
				continue
			}
			if e.Authors, err = stringList(k, v); err != nil {
				return e, err
			}
		case k == "model_solution":
			s, err := scalar(k, v)
			if err != nil {
				return e, err
			}
			if e.ModelSolution, err = strconv.ParseBool(s); err != nil {
				return e, fmt.Errorf("%s: line %d: want true or false, not %q", k, v.Line, s)
			}
		case slices.Contains(expectationKeys, k):
			own.keys = append(own.keys, k)
			own.vals[k] = v
			own.line[k] = m.line[k]
		case isTestGlob(k):
			sub, err := asMapping(k, v)
			if err != nil {
				return e, err
			}
			if err := sub.only("", k+": ", expectationKeys); err != nil {
				return e, err
			}
			x, _, err := parseExpectation(sub)
			if err != nil {
				return e, fmt.Errorf("%s: %w", k, err)
			}
			x.Tests = k
			e.Groups = append(e.Groups, x)
		default:
			return e, fmt.Errorf("line %d: unknown key %q (allowed: %s, or a test group glob starting with sample, secret or *)",
				m.line[k], k, strings.Join(entryKeys, ", "))
		}
	}
	e.Own, e.given, err = parseExpectation(own)
	return e, err
}

// isTestGlob reports whether a key of an entry names test groups or
// cases: it starts with sample, secret or a wildcard.
func isTestGlob(k string) bool {
	for _, p := range []string{"sample", "secret", "*", "{"} {
		if strings.HasPrefix(k, p) {
			return true
		}
	}
	return false
}

// parseExpectation reads the requirement keys of a map, and which of
// them it gives.
func parseExpectation(m *node) (Expectation, map[string]bool, error) {
	var x Expectation
	given := map[string]bool{}
	for _, k := range m.keys {
		v := m.vals[k]
		given[k] = true
		var err error
		switch k {
		case "permitted":
			x.Permitted, err = results(k, v)
		case "required":
			x.Required, err = results(k, v)
		case "message":
			x.Message, err = scalar(k, v)
		case "score":
			x.Score, err = scoreRange(v)
		case "use_for_time_limit":
			var s string
			if s, err = scalar(k, v); err == nil {
				switch s {
				case "true":
					// The default: as the verdicts say.
				case "false", "lower", "upper":
					x.UseForTimeLimit = s
				default:
					err = fmt.Errorf("%s: line %d: want true, false, lower or upper, not %q", k, v.Line, s)
				}
			}
		}
		if err != nil {
			return x, nil, err
		}
	}
	return x, given, nil
}

// results reads a list of AC, WA, TLE, RTE.
func results(key string, n *yaml.Node) ([]string, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, fmt.Errorf("%s: line %d: want a list of %s", key, n.Line, strings.Join(allResults, ", "))
	}
	list, err := stringList(key, n)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, fmt.Errorf("%s: line %d: the list is empty", key, n.Line)
	}
	for _, r := range list {
		if !slices.Contains(allResults, r) {
			return nil, fmt.Errorf("%s: line %d: unknown verdict %q (want %s)", key, n.Line, r, strings.Join(allResults, ", "))
		}
	}
	return list, nil
}

// scoreRange reads score: a number, or a list of two in order.
func scoreRange(n *yaml.Node) ([]float64, error) {
	if n.Kind == yaml.ScalarNode {
		x, err := number("score", n)
		return []float64{x, x}, err
	}
	if n.Kind != yaml.SequenceNode || len(n.Content) != 2 {
		return nil, fmt.Errorf("score: line %d: want a number or a list of two numbers", n.Line)
	}
	lo, err := number("score", resolve(n.Content[0]))
	if err != nil {
		return nil, err
	}
	hi, err := number("score", resolve(n.Content[1]))
	if err != nil {
		return nil, err
	}
	if lo > hi {
		return nil, fmt.Errorf("score: line %d: the range [%g, %g] is not in order", n.Line, lo, hi)
	}
	return []float64{lo, hi}, nil
}
