package problem

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/figures"
)

func TestLoadDetectsKattis(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		check func(t *testing.T, p *Problem)
	}{
		{"legacy: no time limit, flags from problem.yaml and group", map[string]string{
			"problem.yaml":     "name: Hello\nvalidator_flags: case_sensitive\nlimits: {memory: 256, output: 4}\n",
			"data/sample/1.in": "", "data/sample/1.ans": "",
			"data/secret/g/testdata.yaml": "output_validator_flags: space_change_sensitive\n",
			"data/secret/g/1.in":          "", "data/secret/g/1.ans": "",
			"problem_statement/problem.en.tex": "\\problemname{Hello}",
		}, func(t *testing.T, p *Problem) {
			if p.Format != FormatKattis || p.Title != "Hello" || p.Limits.Time != 0 || !p.Kattis.TimeFromSubmissions ||
				p.Limits.Memory != 256*figures.MiB || p.Limits.Output != 4*figures.MiB || p.Checker.Kind != CheckerDefault {
				t.Errorf("got %+v", p)
			}
			if len(p.Tests) != 2 || p.Tests[1].Name != "secret/g/1" || p.Tests[1].Group != "secret/g" || !p.Tests[0].Sample ||
				!strings.HasSuffix(p.Tests[1].Output, "1.ans") {
				t.Fatalf("tests %+v", p.Tests)
			}
			if got := strings.Join(p.Tests[1].CheckerArgs, " "); got != "case_sensitive space_change_sensitive" {
				t.Errorf("checker args %q", got)
			}
			if got := strings.Join(p.Tests[0].CheckerArgs, " "); got != "case_sensitive" {
				t.Errorf("sample checker args %q", got)
			}
			if !strings.HasSuffix(p.Statement, "problem_statement/problem.en.tex") {
				t.Errorf("statement %q", p.Statement)
			}
		}},
		{"DOMjudge .timelimit", map[string]string{
			"problem.yaml": "name: T\n", ".timelimit": "1.5\n",
			"data/secret/1.in": "", "data/secret/1.ans": "",
		}, func(t *testing.T, p *Problem) {
			if p.Limits.Time != 1500*time.Millisecond || p.Kattis.TimeFromSubmissions {
				t.Errorf("limits %+v, from submissions %v", p.Limits, p.Kattis.TimeFromSubmissions)
			}
		}},
		{"2023-07 custom validator folder", map[string]string{
			"problem.yaml":     "problem_format_version: 2023-07-draft\nname: C\nuuid: u\nlimits: {time_limit: 2}\n",
			"data/secret/1.in": "", "data/secret/1.ans": "",
			"output_validator/v/validate.py": "import sys\n",
		}, func(t *testing.T, p *Problem) {
			if p.Limits.Time != 2*time.Second || p.Checker.Kind != CheckerValidator || !strings.HasSuffix(p.Checker.Source, "output_validator/v") {
				t.Errorf("got %+v", p)
			}
		}},
		{"2025-09 validator is the folder", map[string]string{
			"problem.yaml":     "problem_format_version: 2025-09\nname: C\nuuid: u\n",
			"data/secret/1.in": "", "data/secret/1.ans": "",
			"output_validator/validate.cc": "int main(){}\n", "output_validator/validate.h": "",
		}, func(t *testing.T, p *Problem) {
			if p.Checker.Kind != CheckerValidator || !strings.HasSuffix(p.Checker.Source, "output_validator") {
				t.Errorf("got %+v", p.Checker)
			}
		}},
		{"legacy custom uses the first of output_validators", map[string]string{
			"problem.yaml":     "name: C\nvalidation: custom\n",
			"data/secret/1.in": "", "data/secret/1.ans": "",
			"output_validators/b.py": "", "output_validators/a.c": "",
		}, func(t *testing.T, p *Problem) {
			if p.Checker.Kind != CheckerValidator || !strings.HasSuffix(p.Checker.Source, "output_validators/a.c") {
				t.Errorf("got %+v", p.Checker)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "pkg")
			writeTree(t, dir, tt.files)
			p, err := Load(dir)
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, p)
		})
	}
}

func TestLoadKattisCustomWithoutValidator(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "pkg")
	writeTree(t, dir, map[string]string{"problem.yaml": "name: C\nvalidation: custom\n", "data/secret/1.in": "", "data/secret/1.ans": ""})
	_, err := Load(dir)
	if err == nil || !strings.Contains(err.Error(), "needs a custom output validator and has none") {
		t.Fatalf("error %v", err)
	}
}
