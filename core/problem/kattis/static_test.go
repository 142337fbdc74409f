package kattis

import (
	"fmt"
	"strings"
	"testing"
)

// TestStaticCases loads 2025-09 packages with static validation keys:
// each group with static_validation_score gets a static validation test
// case named after it, and the keys' misuses are named errors.
func TestStaticCases(t *testing.T) {
	const head = "problem_format_version: 2025-09\nname: static\nuuid: 9a3e5c1b-2f4d-4e6a-8b7c-1d0e2f3a4b5c\n"
	base := func(problemYAML string, extra map[string]string) map[string]string {
		files := map[string]string{
			"problem.yaml":     head + problemYAML,
			"data/sample/1.in": "1\n", "data/sample/1.ans": "2\n",
			"data/secret/g1/1.in": "1\n", "data/secret/g1/1.ans": "2\n",
			"static_validator/check.py": "import sys\nsys.exit(42)\n",
		}
		for k, v := range extra {
			files[k] = v
		}
		return files
	}
	tests := []struct {
		name  string
		files map[string]string
		cases string // "name:args:score ..."
		err   string
	}{
		{"pass-fail problem", base("", map[string]string{"data/secret/test_group.yaml": "static_validation_score: pass-fail\nstatic_validator_args: [a, b]\n"}),
			"secret/static_validation:a,b:-1", ""},
		{"scoring groups", base("type: scoring\n", map[string]string{
			"data/sample/test_group.yaml":    "static_validation_score: pass-fail\n",
			"data/secret/g1/test_group.yaml": "max_score: 100\nscore_aggregation: sum\nstatic_validation_score: 10\n",
		}), "sample/static_validation::-1 secret/g1/static_validation::10", ""},
		{"no static cases", base("", nil), "", ""},
		{"number in a pass-fail problem", base("", map[string]string{"data/secret/test_group.yaml": "static_validation_score: 5\n"}),
			"", "static_validation_score: a number only in scoring problems"},
		{"args without score", base("", map[string]string{"data/secret/test_group.yaml": "static_validator_args: [x]\n"}),
			"", "static_validator_args: given without static_validation_score"},
		{"negative score", base("type: scoring\n", map[string]string{"data/secret/g1/test_group.yaml": "max_score: 10\nstatic_validation_score: -1\n"}),
			"", "want a non-negative integer or pass-fail"},
		{"args not a list", base("", map[string]string{"data/secret/test_group.yaml": "static_validation_score: pass-fail\nstatic_validator_args: a b\n"}),
			"", "static_validator_args: line 2: want a list"},
		{"no static validator", func() map[string]string {
			f := base("", map[string]string{"data/secret/test_group.yaml": "static_validation_score: pass-fail\n"})
			delete(f, "static_validator/check.py")
			return f
		}(), "", "the package has no static validator (static_validator/)"},
		{"submit-answer", base("type: submit-answer\n", nil), "", "a submit-answer problem has no static validator"},
		{"in data/", base("", map[string]string{"data/test_group.yaml": "static_validation_score: pass-fail\n"}),
			"", "set it in data/sample, data/secret or a group of secret, not in data/"},
		{"name of a test case", base("", map[string]string{
			"data/secret/test_group.yaml":      "static_validation_score: pass-fail\n",
			"data/secret/static_validation.in": "1\n", "data/secret/static_validation.ans": "2\n",
		}), "", "has the name of a test case"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pk, err := Load(writePackage(t, tt.files))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range pk.StaticCases {
				got = append(got, fmt.Sprintf("%s:%s:%g", c.Name, strings.Join(c.Args, ","), c.Score))
			}
			if strings.Join(got, " ") != tt.cases {
				t.Errorf("static cases %q, want %q", strings.Join(got, " "), tt.cases)
			}
			if pk.StaticValidator == nil || !strings.HasSuffix(pk.StaticValidator.Path, "static_validator") {
				t.Errorf("static validator %+v", pk.StaticValidator)
			}
		})
	}
}
