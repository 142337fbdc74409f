package kattis

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/puzzlejudge/judge/internal/fileutil"
	"go.yaml.in/yaml/v3"
)

// Constants are the constants of problem.yaml (2023-07-draft and later):
// for each name its variants ("value", and any others), each the text a
// constant sequence of it is replaced with.
type Constants map[string]map[string]string

// constantName is what a constant's name, and a variant's, must be.
var constantName = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_]*$`)

// constantSequence is {{name}} or {{name.variant}}.
var constantSequence = regexp.MustCompile(`\{\{([a-zA-Z_][a-zA-Z0-9_]*)(?:\.([a-zA-Z_][a-zA-Z0-9_]*))?\}\}`)

// parseConstants reads constants: a map of names to a scalar (an integer,
// a float or a string), or to a map with a required value and other
// variants, each a scalar. A scalar is written as the file gives it.
func parseConstants(n *yaml.Node) (Constants, error) {
	m, err := asMapping("constants", n)
	if err != nil {
		return nil, err
	}
	out := Constants{}
	for _, name := range m.keys {
		if !constantName.MatchString(name) {
			return nil, fmt.Errorf("constants: line %d: %q is not a constant's name (want letters, digits and _, not first a digit)", m.line[name], name)
		}
		v := m.get(name)
		variants := map[string]string{}
		switch v.Kind {
		case yaml.ScalarNode:
			if variants["value"], err = constantValue("constants: "+name, v); err != nil {
				return nil, err
			}
		case yaml.MappingNode:
			vm, err := asMapping("constants: "+name, v)
			if err != nil {
				return nil, err
			}
			for _, variant := range vm.keys {
				if !constantName.MatchString(variant) {
					return nil, fmt.Errorf("constants: %s: line %d: %q is not a variant's name", name, vm.line[variant], variant)
				}
				if variants[variant], err = constantValue("constants: "+name+": "+variant, vm.get(variant)); err != nil {
					return nil, err
				}
			}
			if _, ok := variants["value"]; !ok {
				return nil, fmt.Errorf("constants: %s: line %d: missing required key \"value\"", name, v.Line)
			}
		default:
			return nil, fmt.Errorf("constants: %s: line %d: want a number, a string, or a map with value", name, v.Line)
		}
		out[name] = variants
	}
	return out, nil
}

// constantValue reads a scalar value of a constant, as written.
func constantValue(key string, n *yaml.Node) (string, error) {
	n = resolve(n)
	if n.Kind != yaml.ScalarNode || n.ShortTag() == "!!null" {
		return "", fmt.Errorf("%s: line %d: want a number or a string", key, n.Line)
	}
	return n.Value, nil
}

// Substitute replaces the constant sequences in text, {{name}} and
// {{name.variant}} ({{name}} is {{name.value}}), with the constants'
// values, as the format does in statements, validators, included files,
// example submissions and test_group.yaml. Sequences of undefined
// constants or variants are left as they are. Without constants, or
// without a sequence, text itself is returned.
func (c Constants) Substitute(text []byte) []byte {
	if len(c) == 0 || !bytes.Contains(text, []byte("{{")) {
		return text
	}
	return constantSequence.ReplaceAllFunc(text, func(seq []byte) []byte {
		m := constantSequence.FindSubmatch(seq)
		variant := string(m[2])
		if variant == "" {
			variant = "value"
		}
		if v, ok := c[string(m[1])][variant]; ok {
			return []byte(v)
		}
		return seq
	})
}

// Has reports whether text holds a sequence of a defined constant.
func (c Constants) Has(text []byte) bool {
	return len(c) > 0 && !bytes.Equal(c.Substitute(text), text)
}

// ConstantsOf finds the package that holds path (a file or folder in it,
// at any depth) and returns its folder and its constants: "" and nil
// when path is in no package.
func ConstantsOf(path string) (string, Constants, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", nil, err
	}
	for dir := filepath.Dir(abs); ; dir = filepath.Dir(dir) {
		if IsPackage(dir) {
			mp := filepath.Join(dir, MetadataFile)
			data, err := os.ReadFile(mp)
			if err != nil {
				return "", nil, fmt.Errorf("%s: %w", mp, fileutil.UnwrapPath(err))
			}
			md, err := parseMetadata(data)
			if err != nil {
				return "", nil, fmt.Errorf("%s: %w", mp, err)
			}
			return dir, md.Constants, nil
		}
		if dir == filepath.Dir(dir) {
			return "", nil, nil
		}
	}
}

// SubstitutesIn reports whether constants are substituted in the file
// path of the package in dir: every file of the package that is compiled
// or read as text (validators, included files, example submissions,
// statements), not its test data (data/) nor problem.yaml.
func SubstitutesIn(dir, path string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	rel, err := filepath.Rel(dir, abs)
	if err != nil || !filepath.IsLocal(rel) {
		return false
	}
	top, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
	return top != "data" && rel != MetadataFile
}
