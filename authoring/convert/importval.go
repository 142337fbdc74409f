package convert

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/problem/kattis"
	"github.com/puzzlejudge/judge/internal/fileutil"
)

// inputValidatorDir is where an imported input validator goes in the
// native package.
const inputValidatorDir = "input_validator"

// importInputValidator copies the package's first input validator that
// is a program of one source file into dir/input_validator/ and returns
// the problem.yaml line naming it ("" if none could be), with what is
// dropped: the other validators.
func importInputValidator(p *problem.Problem, dir string) (string, []string, error) {
	pk := p.Kattis.Package
	line := ""
	var dropped []string
	for _, v := range pk.InputValidators {
		name := rel(pk.Dir, v.Path)
		if line != "" {
			dropped = append(dropped, "input validator "+name+": only one input validator is imported")
			continue
		}
		if v.Kind != kattis.KindProgram {
			dropped = append(dropped, fmt.Sprintf("input validator %s (%s): the native format runs programs only", name, v.Kind))
			continue
		}
		src, err := singleSource(&v)
		if err != nil {
			dropped = append(dropped, fmt.Sprintf("input validator %s: %v", name, err))
			continue
		}
		dest := inputValidatorDir + "/" + filepath.Base(src)
		if err := copyFile(src, filepath.Join(dir, inputValidatorDir, filepath.Base(src))); err != nil {
			return "", nil, err
		}
		line = fmt.Sprintf("%s: %s\n", "input_validator", dest)
	}
	return line, dropped, nil
}

// appendSamples adds to the imported statement.md the sample tests it
// does not show yet, each input and output in a fenced code block, as a
// Kattis judge shows a package's samples below its statement.
func appendSamples(p *problem.Problem, dir string) error {
	path := filepath.Join(dir, problem.StatementFile)
	text, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, fileutil.UnwrapPath(err))
	}
	var add strings.Builder
	n := 0
	for _, t := range p.Tests {
		if !t.Sample {
			continue
		}
		n++
		for _, part := range []struct{ what, file string }{{"input", t.Input}, {"output", t.Output}} {
			data, err := os.ReadFile(part.file)
			if err != nil {
				return fmt.Errorf("%s: %w", part.file, fileutil.UnwrapPath(err))
			}
			if len(bytes.TrimSpace(data)) == 0 || bytes.Contains(text, bytes.TrimSpace(data)) {
				continue
			}
			if !bytes.HasSuffix(data, []byte("\n")) {
				data = append(data, '\n')
			}
			fmt.Fprintf(&add, "\nSample %s %d:\n\n```\n%s```\n", part.what, n, data)
		}
	}
	if add.Len() == 0 {
		return nil
	}
	if !bytes.HasSuffix(text, []byte("\n")) {
		text = append(text, '\n')
	}
	text = append(text, "\n## Samples\n"...)
	text = append(text, add.String()...)
	return writeFile(path, text)
}
