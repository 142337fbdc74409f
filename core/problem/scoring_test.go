package problem

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"
)

// scoring2025 is a 2025-09 scoring package's files, with extra files
// (test_group.yaml of secret/g1 and secret/g2) over them.
func scoring2025(extra map[string]string) map[string]string {
	files := map[string]string{
		"problem.yaml":            "problem_format_version: 2025-09\nname: S\nuuid: u\ntype: scoring\nlimits: {time_limit: 1}\n",
		"statement/problem.en.md": "S",
		"data/sample/1.in":        "", "data/sample/1.ans": "",
		"data/secret/g1/1.in": "", "data/secret/g1/1.ans": "",
		"data/secret/g2/1.in": "", "data/secret/g2/1.ans": "",
		"data/secret/g2/deep/01.in": "", "data/secret/g2/deep/01.ans": "",
	}
	for k, v := range extra {
		files[k] = v
	}
	return files
}

func TestKattisScoringTree(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "pkg")
	writeTree(t, dir, scoring2025(map[string]string{
		"data/secret/g1/test_group.yaml": "max_score: 40\n",
		"data/secret/g2/test_group.yaml": "max_score: 60\nscore_aggregation: min\nrequire_pass: [sample, secret/g1]\n",
	}))
	p, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	sc := p.Scoring
	if sc == nil || sc.Rules != Rules2025 {
		t.Fatalf("scoring %+v", sc)
	}
	var got []string
	sc.Root.Walk(func(g *ScoreGroup) {
		got = append(got, g.Name+"="+g.Aggregation+"/"+strings.Join(g.Tests(), ","))
	})
	want := "data=pass-fail/sample/1,secret/g1/1,secret/g2/1,secret/g2/deep/01 sample=pass-fail/sample/1 " +
		"secret=sum/secret/g1/1,secret/g2/1,secret/g2/deep/01 secret/g1=pass-fail/secret/g1/1 secret/g2=min/secret/g2/1,secret/g2/deep/01"
	if strings.Join(got, " ") != want {
		t.Errorf("tree\n %s\nwant\n %s", strings.Join(got, " "), want)
	}
	sc.Root.Walk(func(g *ScoreGroup) {
		if g.Name == "secret" && g.MaxScore != 100 || g.Name == "secret/g2" && (g.MaxScore != 60 || len(g.RequirePass) != 2) {
			t.Errorf("group %s: max %g, require %v", g.Name, g.MaxScore, g.RequirePass)
		}
	})
}

func TestKattisScoringErrors(t *testing.T) {
	tests := []struct {
		name  string
		extra map[string]string
		want  string
	}{
		{"a group of a bounded secret needs max_score", map[string]string{"data/secret/g1/test_group.yaml": "score_aggregation: sum\n"},
			"g1/test_group.yaml: missing max_score"},
		{"pass-fail needs a bound", map[string]string{"data/secret/test_group.yaml": "max_score: unbounded\n"},
			"g1/test_group.yaml: score_aggregation: pass-fail needs a bounded max_score"},
		{"require_pass of a later group", map[string]string{
			"data/secret/g1/test_group.yaml": "max_score: 50\nrequire_pass: secret/g2\n",
			"data/secret/g2/test_group.yaml": "max_score: 50\n"},
			`require_pass: "secret/g2" is not sample or a group before secret/g1`},
		{"require_pass of a group that is not pass-fail", map[string]string{
			"data/secret/g1/test_group.yaml": "max_score: 50\nscore_aggregation: sum\n",
			"data/secret/g2/test_group.yaml": "max_score: 50\nrequire_pass: secret/g1\n"},
			`require_pass: "secret/g1" must have pass-fail aggregation`},
		{"bad max_score", map[string]string{"data/secret/g1/test_group.yaml": "max_score: lots\n"}, `max_score: bad number "lots"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "pkg")
			writeTree(t, dir, scoring2025(tt.extra))
			_, err := Load(dir)
			if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("error %v, want one line with %q", err, tt.want)
			}
		})
	}
}

func TestKattisLegacyScoringDefaults(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "pkg")
	writeTree(t, dir, map[string]string{
		"problem.yaml":                     "name: S\ntype: scoring\nvalidation: custom score\nlimits: {memory: 256}\n",
		"problem_statement/problem.en.tex": "S",
		"output_validators/v/v.py":         "",
		"data/testdata.yaml":               "grader_flags: ignore_sample\non_reject: continue\nrange: 0 50\n",
		"data/secret/g/testdata.yaml":      "accept_score: 5\n",
		"data/secret/g/1.in":               "", "data/secret/g/1.ans": "",
	})
	p, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	sc := p.Scoring
	if sc.Rules != RulesLegacy || !sc.ScoreFileRequired || sc.ScoreFileForbidden {
		t.Fatalf("scoring %+v", sc)
	}
	g := sc.Root.Items[0].Group.Items[0].Group
	if sc.Root.Name != "data" || strings.Join(sc.Root.GraderFlags, " ") != "ignore_sample" || g.Name != "secret/g" ||
		g.AcceptScore != 5 || g.OnReject != "continue" || g.RangeHigh != 50 || g.RangeLow != 0 || math.IsInf(g.RangeHigh, 0) {
		t.Errorf("root %+v, group %+v", sc.Root, g)
	}
}

// TestKattisPassFailRejectsScoringKeys: a 2025-09 pass-fail package must
// not give max_score, score_aggregation or require_pass.
func TestKattisPassFailRejectsScoringKeys(t *testing.T) {
	files := scoring2025(map[string]string{
		"problem.yaml":                   "problem_format_version: 2025-09\nname: S\nuuid: u\nlimits: {time_limit: 1}\n",
		"data/secret/g1/test_group.yaml": "max_score: 40\n",
	})
	dir := filepath.Join(t.TempDir(), "pkg")
	writeTree(t, dir, files)
	_, err := Load(dir)
	if err == nil || !strings.Contains(err.Error(), "g1/test_group.yaml: line 1: max_score: only for scoring problems") {
		t.Errorf("error %v", err)
	}
}

// TestKattisCustomGrader: grading: custom marks a group (and, inherited,
// its sub-groups) for the one program in graders/; without a grader, with
// two, or in a pass-fail problem the package is refused.
func TestKattisCustomGrader(t *testing.T) {
	base := func(extra map[string]string) map[string]string {
		files := map[string]string{
			"problem.yaml":                     "name: S\ntype: scoring\nlimits: {memory: 256}\n",
			"problem_statement/problem.en.tex": "S",
			"data/secret/testdata.yaml":        "grading: custom\ngrader_flags: max sum\n",
			"data/secret/a/1.in":               "", "data/secret/a/1.ans": "",
			"data/secret/b/1.in": "", "data/secret/b/1.ans": "",
			"data/secret/b/testdata.yaml": "grading: default\n",
		}
		for k, v := range extra {
			files[k] = v
		}
		return files
	}
	t.Run("marked groups and the grader", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "pkg")
		writeTree(t, dir, base(map[string]string{"graders/best.py": "print('AC 1')\n"}))
		p, err := Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(p.Scoring.Grader, filepath.Join("graders", "best.py")) {
			t.Errorf("grader %q", p.Scoring.Grader)
		}
		var got []string
		p.Scoring.Root.Walk(func(g *ScoreGroup) {
			got = append(got, fmt.Sprintf("%s:%v:%s", g.Name, g.Custom, strings.Join(g.GraderFlags, ",")))
		})
		if want := "data:false: secret:true:max,sum secret/a:true:max,sum secret/b:false:max,sum"; strings.Join(got, " ") != want {
			t.Errorf("groups\n %s\nwant\n %s", strings.Join(got, " "), want)
		}
	})
	errs := []struct {
		name  string
		extra map[string]string
		want  string
	}{
		{"no grader", nil, "data/secret: grading: custom (inherited or its own) needs a grader program in "},
		{"two graders", map[string]string{"graders/a.py": "", "graders/b.cpp": ""},
			"graders: 2 programs (a, b): the format allows at most one grader"},
		{"pass-fail", map[string]string{"problem.yaml": "name: S\nlimits: {memory: 256}\n", "graders/a.py": ""},
			"data/secret: grading: custom: custom graders are supported in scoring problems only"},
	}
	for _, tt := range errs {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "pkg")
			writeTree(t, dir, base(tt.extra))
			_, err := Load(dir)
			if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("error %v, want one line with %q", err, tt.want)
			}
		})
	}
}
