package problem

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestKattisStaticScoring: a static validation test case is its group's
// first item and the problem's static test; its score must suit its
// group's aggregation.
func TestKattisStaticScoring(t *testing.T) {
	validator := "static_validator/check.py"
	dir := filepath.Join(t.TempDir(), "pkg")
	writeTree(t, dir, scoring2025(map[string]string{
		validator:                        "import sys\nsys.exit(42)\n",
		"data/secret/g1/test_group.yaml": "max_score: 40\nscore_aggregation: sum\nstatic_validation_score: 10\nstatic_validator_args: [x]\n",
		"data/secret/g2/test_group.yaml": "max_score: 60\nstatic_validation_score: pass-fail\n",
	}))
	p, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	p.Scoring.Root.Walk(func(g *ScoreGroup) {
		if strings.HasPrefix(g.Name, "secret/") {
			got = append(got, g.Name+"="+strings.Join(g.Tests(), ","))
			if g.StaticScore != map[string]float64{"secret/g1": 10, "secret/g2": -1}[g.Name] || !g.Items[0].Static {
				t.Errorf("group %s: static score %g, first item %+v", g.Name, g.StaticScore, g.Items[0])
			}
		}
	})
	want := "secret/g1=secret/g1/static_validation,secret/g1/1 secret/g2=secret/g2/static_validation,secret/g2/1,secret/g2/deep/01"
	if strings.Join(got, " ") != want {
		t.Errorf("groups %s, want %s", strings.Join(got, " "), want)
	}
	st := p.Kattis.StaticTests
	if len(st) != 2 || !st[0].Static || st[0].Group != "secret/g1" || strings.Join(st[0].CheckerArgs, " ") != "x" ||
		!strings.HasSuffix(p.Kattis.StaticValidator, "static_validator") {
		t.Errorf("static tests %+v, validator %q", st, p.Kattis.StaticValidator)
	}
	for _, tt := range p.Tests {
		if tt.Static {
			t.Errorf("static test %s among the tests", tt.Name)
		}
	}

	errs := []struct {
		name, file, yaml, want string
	}{
		{"number in a pass-fail group", "data/secret/g1/test_group.yaml", "max_score: 40\nstatic_validation_score: 10\n",
			"static_validation_score: 10 in a group with pass-fail aggregation (write pass-fail)"},
		{"pass-fail in a sum group", "data/secret/g1/test_group.yaml", "max_score: 40\nscore_aggregation: sum\nstatic_validation_score: pass-fail\n",
			"static_validation_score: pass-fail needs score_aggregation: pass-fail (this group's is sum)"},
		{"past max_score", "data/secret/g1/test_group.yaml", "max_score: 40\nscore_aggregation: min\nstatic_validation_score: 50\n",
			"static_validation_score: 50 is past the group's max_score 40"},
		{"number in the sample", "data/sample/test_group.yaml", "static_validation_score: 5\n",
			"static_validation_score: samples score nothing (write pass-fail)"},
	}
	for _, tt := range errs {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "pkg")
			writeTree(t, dir, scoring2025(map[string]string{validator: "", tt.file: tt.yaml,
				"data/secret/g2/test_group.yaml": "max_score: 60\n"}))
			_, err := Load(dir)
			if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("error %v, want one line with %q", err, tt.want)
			}
		})
	}
}
