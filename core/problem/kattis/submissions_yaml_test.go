package kattis

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestMatchGlob(t *testing.T) {
	tests := []struct {
		glob, name string
		want       bool
	}{
		{"accepted", "accepted/a.py", true},
		{"accepted/*", "accepted/a.py", true},
		{"accepted/*", "accepted", false},
		{"accepted/a.py", "accepted/a.py", true},
		{"accepted/a.py", "accepted/a.pyc", false},
		{"*", "wrong_answer/x.c", true},
		{"*.py", "accepted/a.py", false}, // * stops at /
		{"*/*.py", "accepted/a.py", true},
		{"accepted/{simple,complex}.py", "accepted/complex.py", true},
		{"accepted/{simple,complex}.py", "accepted/other.py", false},
		{"{accepted,wrong_answer}/author.{py,cpp}", "wrong_answer/author.cpp", true},
		{"a/{x,{y,z}}.c", "a/z.c", true},
		{"secret/*-easy", "secret/3-easy", true},
		{"secret/*-easy", "secret/3-hard", false},
		{"secret/group1", "secret/group1/07", true},
		{"secret/group1", "secret/group10/07", false},
		{"sample", "secret/1", false},
	}
	for _, tt := range tests {
		if got := MatchGlob(tt.glob, tt.name); got != tt.want {
			t.Errorf("MatchGlob(%q, %q) = %v, want %v", tt.glob, tt.name, got, tt.want)
		}
	}
}

// rules shows a submission's rules as "permitted/required@tests".
func rules(s Submission) string {
	var out []string
	for _, r := range s.Rules {
		d := strings.Join(r.Permitted, ",") + "/" + strings.Join(r.Required, ",")
		if r.Tests != "" {
			d += "@" + r.Tests
		}
		if r.Score != nil {
			d += fmt.Sprintf("score%v", r.Score)
		}
		if r.UseForTimeLimit != "" {
			d += "tl=" + r.UseForTimeLimit
		}
		out = append(out, d)
	}
	return strings.Join(out, " ")
}

func TestSubmissionsYAML(t *testing.T) {
	files := minimal("problem_format_version: 2025-09\nname: x\nuuid: u\n")
	for path, content := range map[string]string{
		"submissions/accepted/a.py":         "",
		"submissions/accepted/b.py":         "",
		"submissions/wrong_answer/w.py":     "",
		"submissions/mine/good.cpp":         "",
		"submissions/mine/slow.py":          "",
		"submissions/other/unmatched.py":    "",
		"submissions/time_limit_exceeded/t": "",
		"submissions/submissions.yaml": `
wrong_answer:
  required: [WA, RTE]
accepted/b.py:
  language: python3
  entrypoint: b
  use_for_time_limit: false
mine/good.cpp:
  permitted: [AC]
  authors: Ada
  model_solution: true
mine/slow.py:
  secret:
    permitted: [AC, TLE]
    required: [TLE]
  score: [10, 20.5]
nothing/*:
  permitted: [AC]
`,
	} {
		files[path] = content
	}
	pk, err := Load(writePackage(t, files))
	if err != nil {
		t.Fatal(err)
	}
	subs, warnings, err := pk.ListSubmissions()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Submission{}
	for _, s := range subs {
		got[s.Name()] = s
	}
	for _, tt := range []struct {
		name, rules       string
		accept, timeLimit bool
	}{
		{"accepted/a.py", "AC/", true, true},
		{"accepted/b.py", "AC/ /tl=false", true, false},
		// The folder's own key replaces required and keeps permitted,
		// which permits no TLE: a lower bound of the time limit.
		{"wrong_answer/w.py", "AC,WA/WA,RTE", false, true},
		{"time_limit_exceeded/t", "AC,TLE/TLE", false, false},
		{"mine/good.cpp", "AC/", true, true},
		{"mine/slow.py", "/score[10 20.5] AC,TLE/TLE@secret", false, false},
	} {
		s, ok := got[tt.name]
		if !ok {
			t.Errorf("%s: not listed (got %v)", tt.name, subs)
			continue
		}
		if r := rules(s); r != tt.rules {
			t.Errorf("%s: rules %q, want %q", tt.name, r, tt.rules)
		}
		if s.MustAccept() != tt.accept || s.ForTimeLimit() != tt.timeLimit {
			t.Errorf("%s: MustAccept %v ForTimeLimit %v, want %v %v", tt.name, s.MustAccept(), s.ForTimeLimit(), tt.accept, tt.timeLimit)
		}
	}
	if len(subs) != 6 {
		t.Errorf("%d submissions, want 6 (other/unmatched.py is not judged)", len(subs))
	}
	if s := got["accepted/b.py"]; s.Language != "python3" || s.Entrypoint != "b" {
		t.Errorf("accepted/b.py: language %q entrypoint %q", s.Language, s.Entrypoint)
	}
	if s := got["mine/good.cpp"]; !slices.Equal(s.Authors, []string{"Ada"}) || !s.ModelSolution {
		t.Errorf("mine/good.cpp: authors %q model solution %v", s.Authors, s.ModelSolution)
	}
	joined := strings.Join(warnings, "\n")
	for _, w := range []string{"other/unmatched.py: in no default folder and matched by no glob of submissions.yaml; not judged", "submissions.yaml: nothing/* matches no submission"} {
		if !strings.Contains(joined, w) {
			t.Errorf("warnings %q lack %q", warnings, w)
		}
	}
}

func TestSubmissionsYAMLErrors(t *testing.T) {
	tests := []struct{ yaml, want string }{
		{"accepted:\n  expected: [AC]\n", `submissions.yaml: line 1: accepted: line 2: unknown key "expected" (allowed: language, entrypoint, authors, author, model_solution, permitted, required, score, message, use_for_time_limit, or a test group glob`},
		{"accepted:\n  permitted: [AC, MLE]\n", `line 1: accepted: permitted: line 2: unknown verdict "MLE" (want AC, WA, TLE, RTE)`},
		{"accepted:\n  permitted: AC\n", `accepted: permitted: line 2: want a list of AC, WA, TLE, RTE`},
		{"accepted:\n  secret:\n    language: c\n", `accepted: line 3: secret: unknown key "language"`},
		{"accepted:\n  use_for_time_limit: maybe\n", `use_for_time_limit: line 2: want true, false, lower or upper, not "maybe"`},
		// use_for_time_limit adds what it means, and must not contradict
		// the requirement's own verdicts.
		{"accepted:\n  use_for_time_limit: upper\n", `accepted/a.py: the default for accepted/, as submissions.yaml changes it: use_for_time_limit: upper (some TLE required) contradicts permitted: [AC]`},
		{"accepted/a.py:\n  permitted: [AC, TLE]\n  use_for_time_limit: lower\n", `accepted/a.py: submissions.yaml: accepted/a.py: use_for_time_limit: lower (no TLE permitted) contradicts permitted: [AC, TLE]`},
		{"accepted/a.py:\n  required: [WA]\n  use_for_time_limit: upper\n", `use_for_time_limit: upper (some TLE required) contradicts required: [WA]`},
		{"accepted:\n  score: [3, 1]\n", `score: line 2: the range [3, 1] is not in order`},
		{"../x:\n  permitted: [AC]\n", `line 1: ../x: the glob must be a path under submissions/`},
		{"accepted: [AC]\n", `accepted: line 1: want a mapping of keys to values`},
	}
	for _, tt := range tests {
		files := minimal("problem_format_version: 2025-09\nname: x\nuuid: u\n")
		files["submissions/accepted/a.py"] = ""
		files["submissions/submissions.yaml"] = tt.yaml
		pk, err := Load(writePackage(t, files))
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = pk.ListSubmissions()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want one with %q", tt.yaml, err, tt.want)
		}
	}
}

// TestTimeBounds: how each requirement bounds a derived time limit
// (2025-09 "Timelimit inference"), with what use_for_time_limit implies.
func TestTimeBounds(t *testing.T) {
	files := minimal("problem_format_version: 2025-09\nname: x\nuuid: u\n")
	for path, content := range map[string]string{
		"submissions/accepted/a.py":            "",
		"submissions/accepted/off.py":          "",
		"submissions/wrong_answer/w.py":        "",
		"submissions/run_time_error/r.py":      "",
		"submissions/time_limit_exceeded/t.py": "",
		"submissions/brute_force/b.py":         "",
		"submissions/rejected/x.py":            "",
		"submissions/other/low.py":             "",
		"submissions/other/up.py":              "",
		"submissions/other/group.py":           "",
		"submissions/submissions.yaml": `
accepted/off.py:
  use_for_time_limit: false
other/low.py:
  use_for_time_limit: lower
other/up.py:
  use_for_time_limit: upper
other/group.py:
  secret/hard:
    permitted: [AC, TLE]
    required: [TLE]
  sample:
    permitted: [AC]
`,
	} {
		files[path] = content
	}
	pk, err := Load(writePackage(t, files))
	if err != nil {
		t.Fatal(err)
	}
	subs, _, err := pk.ListSubmissions()
	if err != nil {
		t.Fatal(err)
	}
	show := func(rs []Expectation) string {
		var out []string
		for _, r := range rs {
			d := strings.Join(r.Permitted, ",") + "/" + strings.Join(r.Required, ",")
			if r.Tests != "" {
				d += "@" + r.Tests
			}
			out = append(out, d)
		}
		return strings.Join(out, " ")
	}
	want := map[string]string{
		"accepted/a.py":            "lower AC/ upper ",
		"accepted/off.py":          "lower  upper ",
		"wrong_answer/w.py":        "lower AC,WA/WA upper ",
		"run_time_error/r.py":      "lower AC,RTE/RTE upper ",
		"time_limit_exceeded/t.py": "lower  upper AC,TLE/TLE",
		"brute_force/b.py":         "lower  upper ",
		"rejected/x.py":            "lower  upper ",
		"other/low.py":             "lower AC,WA,RTE/ upper ",
		"other/up.py":              "lower  upper /TLE",
		"other/group.py":           "lower AC/@sample upper AC,TLE/TLE@secret/hard",
	}
	for _, s := range subs {
		lower, upper := s.TimeBounds()
		if got := "lower " + show(lower) + " upper " + show(upper); got != want[s.Name()] {
			t.Errorf("%s: %q, want %q", s.Name(), got, want[s.Name()])
		}
	}
	if len(subs) != len(want) {
		t.Errorf("%d submissions, want %d", len(subs), len(want))
	}
	legacy := Submission{Folder: FolderAccepted}
	if lower, upper := legacy.TimeBounds(); len(lower) != 1 || lower[0].Tests != "" || upper != nil {
		t.Errorf("legacy accepted: %v %v", lower, upper)
	}
	if lower, _ := (Submission{Folder: FolderWrongAnswer}).TimeBounds(); lower != nil {
		t.Errorf("legacy wrong_answer bounds the limit: %v", lower)
	}
}
