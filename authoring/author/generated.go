package author

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/internal/fileutil"
	"go.yaml.in/yaml/v3"
)

// GeneratedFile is the file, in a package's tests folder, that records how
// generated tests were made.
const GeneratedFile = "generated.yaml"

// GeneratedTest records how one test input was generated: tests/NAME.in
// is the output of `generator SEED ARGS...`.
type GeneratedTest struct {
	Name string   `yaml:"name"`
	Seed uint64   `yaml:"seed"`
	Args []string `yaml:"args,omitempty"`
}

// GeneratedPath returns the path of tests/generated.yaml in the package in
// dir.
func GeneratedPath(dir string) string {
	return filepath.Join(dir, problem.TestsDir, GeneratedFile)
}

// ReadGenerated reads tests/generated.yaml of the package in dir. A
// missing file is an error wrapping fs.ErrNotExist. Every other error is
// one line naming the file.
func ReadGenerated(dir string) ([]GeneratedTest, error) {
	path := GeneratedPath(dir)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, fileutil.UnwrapPath(err))
	}
	var doc struct {
		Tests []struct {
			Name string   `yaml:"name"`
			Seed *uint64  `yaml:"seed"`
			Args []string `yaml:"args"`
		} `yaml:"tests"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&doc); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%s: %s", path, oneLine(err))
	}
	seen := map[string]bool{}
	out := make([]GeneratedTest, 0, len(doc.Tests))
	for i, t := range doc.Tests {
		switch {
		case t.Name == "":
			return nil, fmt.Errorf("%s: test %d: missing name", path, i+1)
		case strings.ContainsAny(t.Name, `/\`) || strings.HasPrefix(t.Name, "."):
			return nil, fmt.Errorf("%s: test %q: name must be a plain file name", path, t.Name)
		case seen[t.Name]:
			return nil, fmt.Errorf("%s: test %q: listed twice", path, t.Name)
		case t.Seed == nil:
			return nil, fmt.Errorf("%s: test %q: missing seed", path, t.Name)
		}
		seen[t.Name] = true
		out = append(out, GeneratedTest{Name: t.Name, Seed: *t.Seed, Args: t.Args})
	}
	return out, nil
}

// oneLine collapses a YAML error onto one line.
func oneLine(err error) string {
	return strings.TrimPrefix(strings.Join(strings.Fields(err.Error()), " "), "yaml: ")
}

// appendGenerated returns the content of tests/generated.yaml of the
// package in dir with the entries added at the end, keeping the file's
// comments and layout.
func appendGenerated(dir string, entries []GeneratedTest) ([]byte, error) {
	path := GeneratedPath(dir)
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w", path, fileutil.UnwrapPath(err))
	}
	var doc yaml.Node
	if len(bytes.TrimSpace(data)) > 0 {
		if err := yaml.Unmarshal(data, &doc); err != nil {
			return nil, fmt.Errorf("%s: %s", path, oneLine(err))
		}
	}
	if doc.Kind == 0 {
		doc = yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{{Kind: yaml.MappingNode, Tag: "!!map"}}}
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s: want a mapping with a tests list", path)
	}
	var seq *yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == "tests" {
			seq = root.Content[i+1]
		}
	}
	if seq == nil {
		seq = &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		root.Content = append(root.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "tests"}, seq)
	}
	if seq.Kind != yaml.SequenceNode {
		return nil, fmt.Errorf("%s: tests: want a list", path)
	}
	seq.Style = 0 // block style, even if it was written as []
	str := func(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }
	for _, e := range entries {
		m := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		m.Content = append(m.Content, str("name"), str(e.Name),
			str("seed"), &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.FormatUint(e.Seed, 10)})
		if len(e.Args) > 0 {
			args := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle}
			for _, a := range e.Args {
				n := str(a)
				n.Style = yaml.DoubleQuotedStyle
				args.Content = append(args.Content, n)
			}
			m.Content = append(m.Content, str("args"), args)
		}
		seq.Content = append(seq.Content, m)
	}
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return buf.Bytes(), nil
}
