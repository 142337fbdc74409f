// Package kattis reads problem packages in the Kattis problem package
// format (the format of Kattis, the ICPC, DOMjudge and BAPCtools) in its
// three versions: legacy, 2023-07-draft and 2025-09. It parses the package
// as the format states it (problem.yaml, data/ with its groups and their
// testdata.yaml or test_group.yaml, the validators, the example
// submissions); package problem turns the result into the judge's one
// problem model.
//
// Every error is a single line naming the offending file, such as
//
//	pkg/problem.yaml: unknown key "title" for version legacy (allowed: …)
package kattis

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Version is a problem_format_version.
type Version string

// The versions the loader reads.
const (
	Legacy    Version = "legacy"
	Draft2023 Version = "2023-07-draft"
	V2025     Version = "2025-09"
)

// versionAliases maps the spellings of problem_format_version to versions.
var versionAliases = map[string]Version{
	"legacy":        Legacy,
	"legacy-icpc":   Legacy,
	"2023-07-draft": Draft2023,
	"2023-07":       Draft2023,
	"2025-09":       V2025,
	"2025-09-draft": V2025,
	"draft":         V2025,
}

// allowedKeys lists the top-level keys of problem.yaml in each version.
var allowedKeys = map[Version][]string{
	Legacy: {"problem_format_version", "type", "name", "uuid", "author", "source", "source_url",
		"license", "rights_owner", "limits", "validation", "validator_flags", "grading", "keywords", "languages"},
	Draft2023: {"problem_format_version", "type", "name", "uuid", "version", "credits", "source",
		"license", "rights_owner", "embargo_until", "limits", "keywords", "languages", "allow_file_writing", "constants"},
	V2025: {"problem_format_version", "type", "name", "uuid", "version", "credits", "source",
		"license", "rights_owner", "embargo_until", "limits", "keywords", "languages", "allow_file_writing", "constants"},
}

// allowedLimits lists the keys of limits in each version. Legacy also
// takes validation_passes, which DOMjudge's multi-pass packages use.
var allowedLimits = map[Version][]string{
	Legacy: {"time_multiplier", "time_safety_margin", "memory", "output", "code", "compilation_time",
		"compilation_memory", "validation_time", "validation_memory", "validation_output", "validation_passes"},
	Draft2023: {"time_multipliers", "time_limit", "time_resolution", "memory", "output", "code", "compilation_time",
		"compilation_memory", "validation_time", "validation_memory", "validation_output", "validation_passes"},
}

func init() { allowedLimits[V2025] = allowedLimits[Draft2023] }

// Limits are the limits of problem.yaml, with the version's defaults
// applied. Sizes are in MiB (Code in KiB), times in seconds.
type Limits struct {
	// TimeLimit is the time limit in seconds, 0 when the package gives
	// none and it must be derived from the accepted submissions.
	TimeLimit float64
	// ACToTimeLimit multiplies the slowest accepted submission's time to
	// make the limit (legacy time_multiplier, default 5; later
	// ac_to_time_limit, default 2).
	ACToTimeLimit float64
	// TimeLimitToTLE: time_limit_exceeded submissions must still be too
	// slow at the limit times this (legacy time_safety_margin, default 2;
	// later time_limit_to_tle, default 1.5).
	TimeLimitToTLE float64
	// TimeResolution is what the limit is a multiple of (default 1).
	TimeResolution float64

	Memory, Output, Code                               int
	CompilationTime, CompilationMemory                 int
	ValidationTime, ValidationMemory, ValidationOutput int
	ValidationPasses                                   int
}

// Metadata is the content of problem.yaml.
type Metadata struct {
	Version Version
	Name    string // in English if there are several
	UUID    string
	// Problem types.
	Scoring, Interactive, MultiPass, SubmitAnswer bool
	// CustomValidation: legacy validation: custom (2023-07+ says so by
	// having an output validator).
	CustomValidation bool
	// CustomScore: legacy validation: custom score, the validator writes
	// score.txt.
	CustomScore bool
	// ValidatorFlags are legacy validator_flags, split on white space.
	ValidatorFlags []string
	Limits         Limits
	Languages      []string // languages submissions may use; nil for all
	// Constants are the constants (2023-07-draft and later), substituted
	// where the format says (Constants.Substitute); nil when none.
	Constants Constants
}

// parseMetadata parses the content of a problem.yaml. Its errors are
// single lines without the file name.
func parseMetadata(data []byte) (*Metadata, error) {
	top, err := mapping(data)
	if err != nil {
		return nil, err
	}
	m := &Metadata{Version: Legacy}
	if v := top.get("problem_format_version"); v != nil {
		s, err := scalar("problem_format_version", v)
		if err != nil {
			return nil, err
		}
		ver, ok := versionAliases[s]
		if !ok {
			return nil, fmt.Errorf("problem_format_version: unknown version %q (want legacy, 2023-07-draft or 2025-09)", s)
		}
		m.Version = ver
	}
	if m.Version != Legacy && top.get("source_url") != nil {
		// The legacy key is refused, as the format says; the error names
		// its new form.
		return nil, fmt.Errorf("line %d: unknown key \"source_url\" for version %s (a legacy key: give the link as source: {name: ..., url: ...})",
			top.line["source_url"], m.Version)
	}
	if err := top.only(fmt.Sprintf("for version %s", m.Version), "", allowedKeys[m.Version]); err != nil {
		return nil, err
	}
	if m.Name, err = parseName(top.get("name")); err != nil {
		return nil, err
	}
	if v := top.get("uuid"); v != nil {
		if m.UUID, err = scalar("uuid", v); err != nil {
			return nil, err
		}
	}
	if m.Version != Legacy {
		if m.UUID == "" {
			return nil, fmt.Errorf("missing required key \"uuid\" (required from version 2023-07-draft)")
		}
		if m.Name == "" {
			return nil, fmt.Errorf("missing required key \"name\" (required from version 2023-07-draft)")
		}
	}
	if err := m.parseType(top.get("type")); err != nil {
		return nil, err
	}
	if m.Version == Legacy {
		if err := m.parseValidation(top.get("validation")); err != nil {
			return nil, err
		}
		if v := top.get("validator_flags"); v != nil {
			s, err := scalar("validator_flags", v)
			if err != nil {
				return nil, err
			}
			m.ValidatorFlags = strings.Fields(s)
		}
	}
	if err := m.parseLimits(top.get("limits")); err != nil {
		return nil, err
	}
	if v := top.get("constants"); v != nil {
		if m.Constants, err = parseConstants(v); err != nil {
			return nil, err
		}
	}
	if v := top.get("languages"); v != nil {
		if m.Languages, err = stringList("languages", v); err != nil {
			return nil, err
		}
		if len(m.Languages) == 1 && m.Languages[0] == "all" {
			m.Languages = nil
		}
	}
	return m, nil
}

// parseName reads name: a string, or a map of language code to name.
func parseName(n *yaml.Node) (string, error) {
	if n == nil {
		return "", nil
	}
	switch n.Kind {
	case yaml.ScalarNode:
		return strings.TrimSpace(n.Value), nil
	case yaml.MappingNode:
		names := map[string]string{}
		var first string
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := resolve(n.Content[i]), resolve(n.Content[i+1])
			if v.Kind != yaml.ScalarNode {
				return "", fmt.Errorf("name: %s: want a string", k.Value)
			}
			names[k.Value] = strings.TrimSpace(v.Value)
			if first == "" {
				first = k.Value
			}
		}
		if s, ok := names["en"]; ok {
			return s, nil
		}
		return names[first], nil
	}
	return "", fmt.Errorf("name: want a string or a map of language to name")
}

// problemTypes are the words of type from 2023-07-draft.
var problemTypes = []string{"pass-fail", "scoring", "multi-pass", "interactive", "submit-answer"}

// parseType reads type: legacy pass-fail or scoring; later a string of
// space-separated types or a list of them.
func (m *Metadata) parseType(n *yaml.Node) error {
	if n == nil {
		return nil
	}
	var words []string
	if n.Kind == yaml.SequenceNode {
		list, err := stringList("type", n)
		if err != nil {
			return err
		}
		words = list
	} else {
		s, err := scalar("type", n)
		if err != nil {
			return err
		}
		words = strings.Fields(s)
	}
	allowed := problemTypes
	if m.Version == Legacy {
		allowed = problemTypes[:2]
		if len(words) != 1 {
			return fmt.Errorf("type: %q: want pass-fail or scoring", strings.Join(words, " "))
		}
	}
	has := map[string]bool{}
	for _, w := range words {
		if !slices.Contains(allowed, w) {
			return fmt.Errorf("type: unknown type %q (want %s)", w, strings.Join(allowed, ", "))
		}
		has[w] = true
	}
	for _, bad := range [][2]string{{"pass-fail", "scoring"}, {"submit-answer", "multi-pass"}, {"submit-answer", "interactive"}} {
		if has[bad[0]] && has[bad[1]] {
			return fmt.Errorf("type: %s and %s cannot be combined", bad[0], bad[1])
		}
	}
	m.Scoring, m.Interactive, m.MultiPass, m.SubmitAnswer = has["scoring"], has["interactive"], has["multi-pass"], has["submit-answer"]
	return nil
}

// parseValidation reads legacy validation: default, or custom followed by
// score, interactive or (DOMjudge) multi-pass.
func (m *Metadata) parseValidation(n *yaml.Node) error {
	if n == nil {
		return nil
	}
	s, err := scalar("validation", n)
	if err != nil {
		return err
	}
	words := strings.Fields(s)
	switch {
	case len(words) == 1 && words[0] == "default":
		return nil
	case len(words) == 0 || words[0] != "custom":
		return fmt.Errorf("validation: %q: want default or custom, then optionally score, interactive", s)
	}
	m.CustomValidation = true
	for _, w := range words[1:] {
		switch w {
		case "score":
			m.CustomScore = true
		case "interactive":
			m.Interactive = true
		case "multi-pass":
			m.MultiPass = true
		default:
			return fmt.Errorf("validation: unknown option %q (want score, interactive or multi-pass after custom)", w)
		}
	}
	return nil
}

// parseLimits reads limits with the version's defaults.
func (m *Metadata) parseLimits(n *yaml.Node) error {
	l := &m.Limits
	*l = Limits{
		TimeResolution: 1, Memory: 2048, Output: 8, Code: 128, CompilationTime: 60, CompilationMemory: 2048,
		ValidationTime: 60, ValidationMemory: 2048, ValidationOutput: 8, ValidationPasses: 2,
		ACToTimeLimit: 2, TimeLimitToTLE: 1.5,
	}
	if m.Version == Legacy {
		// problemtools' system defaults for legacy packages.
		l.ACToTimeLimit, l.TimeLimitToTLE = 5, 2
		l.Memory, l.CompilationMemory, l.ValidationMemory = 1024, 1024, 1024
	}
	if n == nil {
		return nil
	}
	lm, err := asMapping("limits", n)
	if err != nil {
		return err
	}
	if err := lm.only(fmt.Sprintf("for version %s", m.Version), "limits: ", allowedLimits[m.Version]); err != nil {
		return err
	}
	ints := []struct {
		key string
		dst *int
	}{
		{"memory", &l.Memory}, {"output", &l.Output}, {"code", &l.Code},
		{"compilation_time", &l.CompilationTime}, {"compilation_memory", &l.CompilationMemory},
		{"validation_time", &l.ValidationTime}, {"validation_memory", &l.ValidationMemory},
		{"validation_output", &l.ValidationOutput}, {"validation_passes", &l.ValidationPasses},
	}
	for _, f := range ints {
		if v := lm.get(f.key); v != nil {
			x, err := number("limits: "+f.key, v)
			if err != nil {
				return err
			}
			if x != math.Trunc(x) || x < 1 {
				return fmt.Errorf("limits: %s: %q must be a positive whole number", f.key, v.Value)
			}
			*f.dst = int(x)
		}
	}
	floats := []struct {
		key string
		dst *float64
	}{
		{"time_multiplier", &l.ACToTimeLimit}, {"time_safety_margin", &l.TimeLimitToTLE},
		{"time_limit", &l.TimeLimit}, {"time_resolution", &l.TimeResolution},
	}
	for _, f := range floats {
		if v := lm.get(f.key); v != nil {
			x, err := number("limits: "+f.key, v)
			if err != nil {
				return err
			}
			if x <= 0 {
				return fmt.Errorf("limits: %s: %q must be positive", f.key, v.Value)
			}
			*f.dst = x
		}
	}
	if v := lm.get("time_multipliers"); v != nil {
		tm, err := asMapping("limits: time_multipliers", v)
		if err != nil {
			return err
		}
		if err := tm.only("", "limits: time_multipliers: ", []string{"ac_to_time_limit", "time_limit_to_tle"}); err != nil {
			return err
		}
		for key, dst := range map[string]*float64{"ac_to_time_limit": &l.ACToTimeLimit, "time_limit_to_tle": &l.TimeLimitToTLE} {
			if v := tm.get(key); v != nil {
				x, err := number("limits: time_multipliers: "+key, v)
				if err != nil {
					return err
				}
				if x <= 0 {
					return fmt.Errorf("limits: time_multipliers: %s: %q must be positive", key, v.Value)
				}
				*dst = x
			}
		}
	}
	if m.Version == V2025 && l.TimeLimit > 0 {
		if k := l.TimeLimit / l.TimeResolution; math.Abs(k-math.Round(k)) > 1e-9 {
			return fmt.Errorf("limits: time_limit: %g is not a multiple of time_resolution %g", l.TimeLimit, l.TimeResolution)
		}
	}
	return nil
}

// node is a YAML mapping with its keys in order.
type node struct {
	keys []string
	vals map[string]*yaml.Node
	line map[string]int
}

func (n *node) get(key string) *yaml.Node { return n.vals[key] }

// only returns an error naming the first key not in allowed.
func (n *node) only(context, prefix string, allowed []string) error {
	for _, k := range n.keys {
		if !slices.Contains(allowed, k) {
			if context != "" {
				context = " " + context
			}
			return fmt.Errorf("line %d: %sunknown key %q%s (allowed: %s)", n.line[k], prefix, k, context, strings.Join(allowed, ", "))
		}
	}
	return nil
}

// mapping parses a YAML document that must be a mapping (or empty).
func mapping(data []byte) (*node, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s", strings.TrimPrefix(strings.Join(strings.Fields(err.Error()), " "), "yaml: "))
	}
	if len(doc.Content) == 0 {
		return &node{vals: map[string]*yaml.Node{}, line: map[string]int{}}, nil
	}
	top := resolve(doc.Content[0])
	if top.Kind == yaml.ScalarNode && top.ShortTag() == "!!null" {
		return &node{vals: map[string]*yaml.Node{}, line: map[string]int{}}, nil
	}
	return asMapping("", top)
}

// asMapping reads a mapping node; key names where it sits, for errors.
func asMapping(key string, n *yaml.Node) (*node, error) {
	n = resolve(n)
	out := &node{vals: map[string]*yaml.Node{}, line: map[string]int{}}
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null" {
		return out, nil
	}
	if n.Kind != yaml.MappingNode {
		if key == "" {
			return nil, fmt.Errorf("line %d: want a mapping of keys to values", n.Line)
		}
		return nil, fmt.Errorf("%s: line %d: want a mapping of keys to values", key, n.Line)
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := resolve(n.Content[i]), resolve(n.Content[i+1])
		if k.Kind != yaml.ScalarNode {
			return nil, fmt.Errorf("line %d: keys must be plain names", k.Line)
		}
		if _, dup := out.vals[k.Value]; dup {
			return nil, fmt.Errorf("line %d: duplicate key %q", k.Line, k.Value)
		}
		out.keys = append(out.keys, k.Value)
		out.vals[k.Value] = v
		out.line[k.Value] = k.Line
	}
	return out, nil
}

// resolve follows YAML aliases.
func resolve(n *yaml.Node) *yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

// scalar returns the value of a scalar node.
func scalar(key string, n *yaml.Node) (string, error) {
	if n.Kind != yaml.ScalarNode {
		return "", fmt.Errorf("%s: line %d: want a single value", key, n.Line)
	}
	if n.ShortTag() == "!!null" {
		return "", nil
	}
	return strings.TrimSpace(n.Value), nil
}

// number returns the value of a numeric scalar node.
func number(key string, n *yaml.Node) (float64, error) {
	s, err := scalar(key, n)
	if err != nil {
		return 0, err
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, fmt.Errorf("%s: bad number %q", key, n.Value)
	}
	return x, nil
}

// stringList reads a list of strings, or a single string as a list of
// its white-space separated words.
func stringList(key string, n *yaml.Node) ([]string, error) {
	switch n.Kind {
	case yaml.ScalarNode:
		return strings.Fields(n.Value), nil
	case yaml.SequenceNode:
		var out []string
		for _, c := range n.Content {
			c = resolve(c)
			if c.Kind != yaml.ScalarNode {
				return nil, fmt.Errorf("%s: line %d: want a list of strings", key, c.Line)
			}
			out = append(out, c.Value)
		}
		return out, nil
	}
	return nil, fmt.Errorf("%s: line %d: want a list of strings", key, n.Line)
}
