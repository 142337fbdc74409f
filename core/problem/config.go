package problem

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/puzzlejudge/judge/core/feedback"
	"github.com/puzzlejudge/judge/core/figures"
	"go.yaml.in/yaml/v3"
)

// config is the validated content of problem.yaml. checker.Source is
// still relative to the package folder.
type config struct {
	title     string
	limits    Limits
	checker   CheckerSpec
	reference string
	// interactor is the interactor's source, relative to the package
	// folder, or "".
	interactor string
	// inputValidator is the input validator program's source, relative
	// to the package folder, or "".
	inputValidator string
	// importedFrom says where an imported package came from, or "".
	importedFrom string
	// groups are the scored groups of tests, nil for a pass-fail problem.
	groups []groupSpec
	// feedback is what a contestant sees of the tests (feedback.Default
	// when not given).
	feedback feedback.Level
}

// Keys of problem.yaml.
const (
	keyTitle         = "title"
	keyTimeLimit     = "time_limit"
	keyMemoryLimit   = "memory_limit"
	keyOutputLimit   = "output_limit"
	keyChecker       = "checker"
	keyFloatAbs      = "float_abs"
	keyFloatRel      = "float_rel"
	keyCheckerSource = "checker_source"
	keyReference     = "reference"
	keyInteractor    = "interactor"
	// keyInputValidator names an input validator program in any language
	// (Kattis convention: exit 42 when the input is valid), in place of
	// validator/main.go.
	keyInputValidator = "input_validator"
	// keyImportedFrom records the package an import came from.
	keyImportedFrom = "imported_from"
	// keyFeedback says what the service shows contestants of the tests
	// (see package feedback).
	keyFeedback = "feedback"
)

// knownKeys lists the keys of problem.yaml in the order they are checked.
var knownKeys = [...]string{
	keyTitle, keyTimeLimit, keyMemoryLimit, keyOutputLimit, keyChecker,
	keyFloatAbs, keyFloatRel, keyCheckerSource, keyReference, keyInteractor, keyGroups,
	keyInputValidator, keyImportedFrom, keyFeedback,
}

// parseConfig parses and validates the content of a problem.yaml. Its
// errors are single lines without the file name.
func parseConfig(data []byte) (*config, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, oneLine(err)
	}
	values := map[string]*yaml.Node{}
	if len(doc.Content) > 0 {
		m := resolve(doc.Content[0])
		if m.Kind != yaml.MappingNode {
			if m.Kind != yaml.ScalarNode || m.ShortTag() != "!!null" {
				return nil, fmt.Errorf("line %d: want a mapping of keys to values", m.Line)
			}
		}
		for i := 0; i+1 < len(m.Content); i += 2 {
			k, v := resolve(m.Content[i]), resolve(m.Content[i+1])
			if k.Kind != yaml.ScalarNode {
				return nil, fmt.Errorf("line %d: keys must be plain names", k.Line)
			}
			key := k.Value
			if !isKnown(key) {
				return nil, fmt.Errorf("unknown key %q", key)
			}
			if _, dup := values[key]; dup {
				return nil, fmt.Errorf("line %d: duplicate key %q", k.Line, key)
			}
			if key == keyGroups {
				values[key] = v
				continue
			}
			if v.Kind != yaml.ScalarNode {
				return nil, fmt.Errorf("%s: want a single value", key)
			}
			if v.ShortTag() == "!!null" {
				return nil, fmt.Errorf("%s: missing value", key)
			}
			values[key] = v
		}
	}

	c := &config{}
	for _, key := range []string{keyTitle, keyTimeLimit, keyMemoryLimit} {
		if values[key] == nil {
			return nil, fmt.Errorf("missing required key %q", key)
		}
	}
	c.title = strings.TrimSpace(values[keyTitle].Value)
	if c.title == "" {
		return nil, fmt.Errorf("%s: must not be empty", keyTitle)
	}
	var err error
	if c.limits.Time, err = ParseDuration(values[keyTimeLimit].Value); err != nil {
		return nil, fmt.Errorf("%s: %w", keyTimeLimit, err)
	}
	if c.limits.Memory, err = positiveSize(values[keyMemoryLimit].Value); err != nil {
		return nil, fmt.Errorf("%s: %w", keyMemoryLimit, err)
	}
	c.limits.Output = DefaultOutputLimit
	if v := values[keyOutputLimit]; v != nil {
		if c.limits.Output, err = positiveSize(v.Value); err != nil {
			return nil, fmt.Errorf("%s: %w", keyOutputLimit, err)
		}
	}

	c.checker.Kind = CheckerTokens
	if v := values[keyChecker]; v != nil {
		switch v.Value {
		case CheckerTokens, CheckerExact, CheckerFloat, CheckerCustom:
			c.checker.Kind = v.Value
		default:
			return nil, fmt.Errorf("%s: unknown checker %q (want tokens, exact, float or custom)", keyChecker, v.Value)
		}
	}
	abs, rel := values[keyFloatAbs], values[keyFloatRel]
	if c.checker.Kind == CheckerFloat {
		if abs == nil && rel == nil {
			c.checker.FloatAbs, c.checker.FloatRel = DefaultFloatAbs, DefaultFloatRel
		}
		if c.checker.FloatAbs, err = tolerance(keyFloatAbs, abs, c.checker.FloatAbs); err != nil {
			return nil, err
		}
		if c.checker.FloatRel, err = tolerance(keyFloatRel, rel, c.checker.FloatRel); err != nil {
			return nil, err
		}
	} else {
		for _, key := range []string{keyFloatAbs, keyFloatRel} {
			if values[key] != nil {
				return nil, fmt.Errorf("%s: only allowed with checker: float, not %s", key, c.checker.Kind)
			}
		}
	}
	src := values[keyCheckerSource]
	switch {
	case c.checker.Kind == CheckerCustom && src == nil:
		return nil, fmt.Errorf("missing required key %q for checker: custom", keyCheckerSource)
	case c.checker.Kind != CheckerCustom && src != nil:
		return nil, fmt.Errorf("%s: only allowed with checker: custom, not %s", keyCheckerSource, c.checker.Kind)
	case src != nil:
		s := filepath.FromSlash(src.Value)
		if !filepath.IsLocal(s) {
			return nil, fmt.Errorf("%s: %q must be a path inside the package folder", keyCheckerSource, src.Value)
		}
		if filepath.Ext(s) != ".go" {
			return nil, fmt.Errorf("%s: %q must be a .go file", keyCheckerSource, src.Value)
		}
		c.checker.Source = filepath.Clean(s)
	}
	if v := values[keyInteractor]; v != nil {
		if values[keyChecker] != nil {
			return nil, fmt.Errorf("%s: not allowed with %s (the interactor gives each test's verdict)", keyChecker, keyInteractor)
		}
		s := filepath.FromSlash(strings.TrimSpace(v.Value))
		if !filepath.IsLocal(s) {
			return nil, fmt.Errorf("%s: %q must be a path inside the package folder", keyInteractor, v.Value)
		}
		c.interactor = filepath.Clean(s)
		c.checker = CheckerSpec{Kind: CheckerValidator}
	}
	if v := values[keyInputValidator]; v != nil {
		s := filepath.FromSlash(strings.TrimSpace(v.Value))
		if s == "" || !filepath.IsLocal(s) {
			return nil, fmt.Errorf("%s: %q must be a path inside the package folder", keyInputValidator, v.Value)
		}
		c.inputValidator = filepath.Clean(s)
	}
	if v := values[keyImportedFrom]; v != nil {
		c.importedFrom = strings.TrimSpace(v.Value)
	}
	c.feedback = feedback.Default
	if v := values[keyFeedback]; v != nil {
		if c.feedback, err = feedback.Parse(strings.TrimSpace(v.Value)); err != nil {
			return nil, fmt.Errorf("%s: %w", keyFeedback, err)
		}
	}
	if v := values[keyGroups]; v != nil {
		if c.groups, err = parseGroups(v); err != nil {
			return nil, err
		}
	}
	if v := values[keyReference]; v != nil {
		c.reference = strings.TrimSpace(v.Value)
		if c.reference == "" {
			return nil, fmt.Errorf("%s: must not be empty", keyReference)
		}
	}
	return c, nil
}

// resolve follows YAML aliases.
func resolve(n *yaml.Node) *yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

func isKnown(key string) bool {
	for _, k := range knownKeys {
		if k == key {
			return true
		}
	}
	return false
}

// positiveSize parses a size limit, which must be above zero and have a
// unit: in problem.yaml a bare number is more likely meant as MiB than as
// bytes, so it is an error (plain bytes are written with the unit B).
func positiveSize(s string) (int64, error) {
	if isNumber(s) {
		return 0, fmt.Errorf("%q needs a unit (e.g. 256MiB, 1GiB, 512KiB)", s)
	}
	n, err := figures.ParseSize(s)
	if err != nil {
		return 0, err
	}
	if n <= 0 {
		return 0, fmt.Errorf("bad size %q: must be positive", s)
	}
	return n, nil
}

// tolerance parses a float tolerance, returning def if n is nil.
func tolerance(key string, n *yaml.Node, def float64) (float64, error) {
	if n == nil {
		return def, nil
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(n.Value), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, fmt.Errorf("%s: bad number %q", key, n.Value)
	}
	if f < 0 {
		return 0, fmt.Errorf("%s: %q must not be negative", key, n.Value)
	}
	return f, nil
}

// oneLine wraps a YAML error so that its message is a single line.
func oneLine(err error) error { return lineError{err} }

// lineError is an error whose message is collapsed onto one line.
type lineError struct{ err error }

func (e lineError) Error() string {
	msg := strings.Join(strings.Fields(e.err.Error()), " ")
	return strings.TrimPrefix(msg, "yaml: ")
}

func (e lineError) Unwrap() error { return e.err }
