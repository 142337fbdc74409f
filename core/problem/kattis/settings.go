package kattis

import (
	"fmt"
	"math"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Settings are the test data settings in force for a group or a test
// case: those of its testdata.yaml (legacy, 2023-07-draft) or
// test_group.yaml (2025-09), and of every group above it for the keys it
// does not set itself.
type Settings struct {
	// OnReject is "break" (stop the group at its first rejected case, the
	// default) or "continue".
	OnReject string
	// Grading is "default" or "custom"; GraderFlags are the default
	// grader's flags (legacy, 2023-07-draft).
	Grading     string
	GraderFlags []string
	// AcceptScore and RejectScore score each case of a scoring problem;
	// Range is the group's score range, "-inf +inf" by default.
	AcceptScore, RejectScore float64
	Range                    string
	// InputValidatorFlags are the flags of the input validators: under
	// "" for every validator, else under a validator's name.
	InputValidatorFlags map[string][]string
	// OutputValidatorFlags are the group's output validator flags
	// (output_validator_flags, or output_validator_args in 2025-09).
	OutputValidatorFlags []string
	// MaxScore (2025-09) is the group's max_score, or -1 when not set;
	// +Inf for max_score: unbounded.
	MaxScore float64
	// ScoreAggregation (2025-09) is pass-fail, sum or min, "" when not
	// set. Like max_score and require_pass it is the group's own: not
	// inherited (the defaults differ between secret and its groups).
	ScoreAggregation string
	// RequirePass (2025-09) names the groups (or sample) whose test cases
	// must all be accepted for this group to be scored.
	RequirePass []string
	// Args (2025-09) are the submission's command-line arguments.
	Args []string
	// StaticScore (2025-09) is the group's static_validation_score: the
	// maximum score of its static validation test case, -1 when it has
	// none; StaticPassFail says it is given as pass-fail. StaticArgs are
	// its static_validator_args. None of the three is inherited: each
	// group defines its own static validation test case.
	StaticScore    float64
	StaticPassFail bool
	StaticArgs     []string
}

// defaultSettings are problemtools' defaults for the data folder.
func defaultSettings() Settings {
	return Settings{
		OnReject: "break", Grading: "default", AcceptScore: 1, RejectScore: 0, Range: "-inf +inf",
		MaxScore: -1, StaticScore: -1,
	}
}

// settingsKeys lists the keys of a group's settings file per version.
var settingsKeys = map[Version][]string{
	Legacy: {"on_reject", "grading", "grader_flags", "input_validator_flags", "output_validator_flags",
		"accept_score", "reject_score", "range"},
	V2025: {"max_score", "score_aggregation", "static_validation_score", "require_pass", "args",
		"input_validator_args", "static_validator_args", "output_validator_args",
		"input_visualizer_args", "output_visualizer_args", "full_feedback", "description", "hint"},
}

// caseKeys lists the keys of a 2025-09 test case's X.yaml.
var caseKeys = []string{"args", "input_validator_args", "output_validator_args", "static_validator_args",
	"input_visualizer_args", "output_visualizer_args", "full_feedback", "description", "hint"}

func init() { settingsKeys[Draft2023] = settingsKeys[Legacy] }

// inherit returns the settings of a child group: a copy of s with the
// keys of the settings file data (if any) applied. max_score is not
// inherited.
func (s Settings) inherit(data []byte, v Version, scoring bool, caseFile bool) (Settings, error) {
	out := s
	out.MaxScore = -1
	out.StaticScore, out.StaticPassFail, out.StaticArgs = -1, false, nil
	if v == V2025 {
		out.ScoreAggregation, out.RequirePass = "", nil
	}
	out.InputValidatorFlags = make(map[string][]string, len(s.InputValidatorFlags))
	for k, f := range s.InputValidatorFlags {
		out.InputValidatorFlags[k] = f
	}
	if data == nil {
		return out, nil
	}
	m, err := mapping(data)
	if err != nil {
		return out, err
	}
	allowed := settingsKeys[v]
	context := fmt.Sprintf("for version %s", v)
	if caseFile {
		allowed, context = caseKeys, "in a test case's settings"
	}
	if err := m.only(context, "", allowed); err != nil {
		return out, err
	}
	if v == V2025 {
		if !scoring {
			for _, k := range []string{"max_score", "score_aggregation", "require_pass"} {
				if m.get(k) != nil {
					return out, fmt.Errorf("line %d: %s: only for scoring problems (type: scoring)", m.line[k], k)
				}
			}
		}
		if err := out.apply2025(m); err != nil {
			return out, err
		}
		if caseFile {
			// A test case's static_validator_args: the format lists the
			// key, but a static validation test case belongs to a group.
			out.StaticArgs = nil
			return out, nil
		}
		return out, out.checkStatic(m, scoring)
	}
	return out, out.applyLegacy(m, scoring)
}

// applyLegacy applies the keys of a legacy or 2023-07-draft testdata.yaml.
func (s *Settings) applyLegacy(m *node, scoring bool) error {
	if !scoring {
		for _, k := range []string{"accept_score", "reject_score", "range"} {
			if m.get(k) != nil {
				return fmt.Errorf("line %d: %s: only for scoring problems (type: scoring)", m.line[k], k)
			}
		}
	}
	for _, k := range m.keys {
		v := m.get(k)
		switch k {
		case "on_reject":
			x, err := scalar(k, v)
			if err != nil {
				return err
			}
			if x != "break" && x != "continue" {
				return fmt.Errorf("on_reject: %q: want break or continue", x)
			}
			s.OnReject = x
		case "grading":
			x, err := scalar(k, v)
			if err != nil {
				return err
			}
			if x != "default" && x != "custom" {
				return fmt.Errorf("grading: %q: want default or custom", x)
			}
			s.Grading = x
		case "grader_flags":
			x, err := scalar(k, v)
			if err != nil {
				return err
			}
			s.GraderFlags = strings.Fields(x)
		case "accept_score", "reject_score":
			x, err := number(k, v)
			if err != nil {
				return err
			}
			if k == "accept_score" {
				s.AcceptScore = x
			} else {
				s.RejectScore = x
			}
		case "range":
			x, err := scalar(k, v)
			if err != nil {
				return err
			}
			if err := checkRange(x); err != nil {
				return err
			}
			s.Range = x
		case "output_validator_flags":
			x, err := scalar(k, v)
			if err != nil {
				return err
			}
			s.OutputValidatorFlags = strings.Fields(x)
		case "input_validator_flags":
			flags, err := validatorFlags(k, v)
			if err != nil {
				return err
			}
			s.InputValidatorFlags = flags
		}
	}
	return nil
}

// checkRange checks a legacy range: two numbers, inf allowed.
func checkRange(r string) error {
	f := strings.Fields(r)
	if len(f) != 2 {
		return fmt.Errorf("range: %q: want two numbers, low and high", r)
	}
	for _, x := range f {
		if _, err := ParseBound(x); err != nil {
			return fmt.Errorf("range: %q: bad number %q", r, x)
		}
	}
	return nil
}

// ParseBound parses an end of a legacy range: a number, inf, +inf or
// -inf.
func ParseBound(s string) (float64, error) {
	switch s {
	case "inf", "+inf":
		return math.Inf(1), nil
	case "-inf":
		return math.Inf(-1), nil
	}
	var x float64
	_, err := fmt.Sscan(s, &x)
	return x, err
}

// validatorFlags reads input_validator_flags: a string of flags for every
// validator, or a map from a validator's name to its flags (also written
// as {name: N, flags: F}).
func validatorFlags(key string, n *yaml.Node) (map[string][]string, error) {
	if n.Kind == yaml.ScalarNode {
		x, err := scalar(key, n)
		if err != nil {
			return nil, err
		}
		return map[string][]string{"": strings.Fields(x)}, nil
	}
	m, err := asMapping(key, n)
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	if len(m.keys) == 2 && m.get("name") != nil && m.get("flags") != nil {
		name, err := scalar(key+": name", m.get("name"))
		if err != nil {
			return nil, err
		}
		flags, err := stringList(key+": flags", m.get("flags"))
		if err != nil {
			return nil, err
		}
		out[name] = flags
		return out, nil
	}
	for _, k := range m.keys {
		flags, err := stringList(key+": "+k, m.get(k))
		if err != nil {
			return nil, err
		}
		out[k] = flags
	}
	return out, nil
}

// apply2025 applies the keys of a 2025-09 test_group.yaml or X.yaml.
func (s *Settings) apply2025(m *node) error {
	for _, k := range m.keys {
		v := m.get(k)
		var err error
		switch k {
		case "max_score":
			var x float64
			if v.Kind == yaml.ScalarNode && strings.TrimSpace(v.Value) == "unbounded" {
				x = math.Inf(1)
			} else if x, err = number(k, v); err == nil && x < 0 {
				err = fmt.Errorf("max_score: %q must not be negative (or unbounded)", v.Value)
			}
			s.MaxScore = x
		case "require_pass":
			s.RequirePass, err = stringList(k, v)
		case "score_aggregation":
			var x string
			if x, err = scalar(k, v); err == nil && x != "pass-fail" && x != "sum" && x != "min" {
				err = fmt.Errorf("score_aggregation: %q: want pass-fail, sum or min", x)
			}
			s.ScoreAggregation = x
		case "static_validation_score":
			if v.Kind == yaml.ScalarNode && strings.TrimSpace(v.Value) == "pass-fail" {
				s.StaticPassFail = true
				break
			}
			var x float64
			if x, err = number(k, v); err == nil && (x < 0 || x != math.Trunc(x)) {
				err = fmt.Errorf("static_validation_score: %q: want a non-negative integer or pass-fail", v.Value)
			}
			s.StaticScore = x
		case "static_validator_args":
			s.StaticArgs, err = argList(k, v)
		case "args":
			s.Args, err = argList(k, v)
		case "output_validator_args":
			s.OutputValidatorFlags, err = argList(k, v)
		case "input_validator_args":
			if v.Kind == yaml.MappingNode {
				s.InputValidatorFlags, err = validatorFlags(k, v)
			} else {
				var list []string
				list, err = argList(k, v)
				s.InputValidatorFlags = map[string][]string{"": list}
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// argList reads a 2025-09 argument list, which must be a YAML list.
func argList(key string, n *yaml.Node) ([]string, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, fmt.Errorf("%s: line %d: want a list of arguments (2025-09 writes [a, b], not a string)", key, n.Line)
	}
	return stringList(key, n)
}

// HasStatic reports whether the group defines a static validation test
// case (static_validation_score, as a number or pass-fail).
func (s Settings) HasStatic() bool { return s.StaticPassFail || s.StaticScore >= 0 }

// checkStatic checks a 2025-09 group's static validation keys: no
// static_validator_args without static_validation_score, and a number
// only in a scoring problem (a pass-fail problem writes pass-fail).
func (s Settings) checkStatic(m *node, scoring bool) error {
	switch {
	case s.StaticArgs != nil && !s.HasStatic():
		return fmt.Errorf("line %d: static_validator_args: given without static_validation_score", m.line["static_validator_args"])
	case s.StaticScore >= 0 && !scoring:
		return fmt.Errorf("line %d: static_validation_score: a number only in scoring problems (type: scoring); a pass-fail problem writes pass-fail", m.line["static_validation_score"])
	}
	return nil
}
