package kattis

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func caseNames(cs []Case) string {
	var names []string
	for _, c := range cs {
		names = append(names, c.Name)
	}
	return strings.Join(names, " ")
}

func TestOrderIsLexicographicDepthFirst(t *testing.T) {
	files := map[string]string{
		"problem.yaml":     "name: order\n",
		"data/sample/2.in": "", "data/sample/2.ans": "",
		"data/sample/10.in": "", "data/sample/10.ans": "",
		"data/secret/b/1.in": "", "data/secret/b/1.ans": "",
		"data/secret/a.in": "", "data/secret/a.ans": "",
		"data/secret/c.in": "", "data/secret/c.ans": "",
		"data/secret/b/09.in": "", "data/secret/b/09.ans": "",
		"data/secret/.hidden.in": "", "data/secret/.hidden.ans": "",
		"data/secret/b.desc":        "a description is not a test",
		"data/sample/3.interaction": "> 1\n< 2\n",
	}
	pk, err := Load(writePackage(t, files))
	if err != nil {
		t.Fatal(err)
	}
	want := "sample/10 sample/2 secret/a secret/b/09 secret/b/1 secret/c"
	if got := caseNames(pk.Cases); got != want {
		t.Errorf("order %q, want %q", got, want)
	}
	if !pk.Cases[0].Sample || pk.Cases[2].Sample || pk.Cases[3].Group != "secret/b" {
		t.Errorf("sample or group wrong: %+v", pk.Cases)
	}
	var groups []string
	for _, g := range pk.Groups {
		groups = append(groups, g.Name)
	}
	if got := strings.Join(groups, " "); got != "sample secret secret/b" {
		t.Errorf("groups %q", got)
	}
}

func TestSettingsInheritance(t *testing.T) {
	files := map[string]string{
		"problem.yaml":       "name: inherit\nvalidator_flags: case_sensitive\ntype: scoring\n",
		"data/testdata.yaml": "on_reject: continue\n",
		"data/sample/1.in":   "", "data/sample/1.ans": "",
		"data/secret/testdata.yaml": "output_validator_flags: float_tolerance 1e-6\naccept_score: 10\ninput_validator_flags: n=5\n",
		"data/secret/g1/1.in":       "", "data/secret/g1/1.ans": "",
		"data/secret/g2/testdata.yaml": "output_validator_flags: space_change_sensitive\ninput_validator_flags: {check: max=3}\n",
		"data/secret/g2/1.in":          "", "data/secret/g2/1.ans": "",
		"data/secret/g2/deep/testdata.yaml": "on_reject: break\n",
		"data/secret/g2/deep/1.in":          "", "data/secret/g2/deep/1.ans": "",
	}
	pk, err := Load(writePackage(t, files))
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]Settings{}
	for _, c := range pk.Cases {
		byName[c.Name] = c.Settings
	}
	tests := []struct {
		name, onReject, outFlags, inFlags string
		accept                            float64
	}{
		{"sample/1", "continue", "", "", 1},
		{"secret/g1/1", "continue", "float_tolerance 1e-6", ":n=5", 10},
		{"secret/g2/1", "continue", "space_change_sensitive", "check:max=3", 10},
		{"secret/g2/deep/1", "break", "space_change_sensitive", "check:max=3", 10},
	}
	for _, tt := range tests {
		s, ok := byName[tt.name]
		if !ok {
			t.Fatalf("no case %s in %s", tt.name, caseNames(pk.Cases))
		}
		var in []string
		for k, v := range s.InputValidatorFlags {
			in = append(in, k+":"+strings.Join(v, " "))
		}
		if s.OnReject != tt.onReject || strings.Join(s.OutputValidatorFlags, " ") != tt.outFlags ||
			strings.Join(in, ",") != tt.inFlags || s.AcceptScore != tt.accept {
			t.Errorf("%s: got on_reject %q, output flags %q, input flags %q, accept %g; want %q %q %q %g",
				tt.name, s.OnReject, s.OutputValidatorFlags, in, s.AcceptScore, tt.onReject, tt.outFlags, tt.inFlags, tt.accept)
		}
	}
}

func Test2025Settings(t *testing.T) {
	files := map[string]string{
		"problem.yaml":         "problem_format_version: 2025-09\nname: n\nuuid: u\ntype: scoring\n",
		"data/test_group.yaml": "output_validator_args: [float_tolerance, \"1E-6\"]\n",
		"data/sample/1.in":     "", "data/sample/1.ans": "",
		"data/secret/g1/test_group.yaml": "max_score: 40\nscore_aggregation: min\n",
		"data/secret/g1/1.in":            "", "data/secret/g1/1.ans": "",
		"data/secret/g1/2.in": "", "data/secret/g1/2.ans": "",
		"data/secret/g1/2.yaml":     "output_validator_args: [case_sensitive]\n",
		"data/invalid_input/bad.in": "x",
	}
	pk, err := Load(writePackage(t, files))
	if err != nil {
		t.Fatal(err)
	}
	if got := caseNames(pk.Cases); got != "sample/1 secret/g1/1 secret/g1/2" {
		t.Fatalf("cases %q", got)
	}
	if got := strings.Join(pk.Cases[1].Settings.OutputValidatorFlags, " "); got != "float_tolerance 1E-6" {
		t.Errorf("inherited args %q", got)
	}
	if got := strings.Join(pk.Cases[2].Settings.OutputValidatorFlags, " "); got != "case_sensitive" {
		t.Errorf("case args %q", got)
	}
	if s := pk.Cases[1].Settings; s.MaxScore != 40 || s.ScoreAggregation != "min" {
		t.Errorf("group settings %+v", s)
	}
}

func TestDataErrors(t *testing.T) {
	base := func(extra map[string]string) map[string]string {
		m := minimal("name: x\n")
		for k, v := range extra {
			if v == "<delete>" {
				delete(m, k)
				continue
			}
			m[k] = v
		}
		return m
	}
	tests := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"in without ans", base(map[string]string{"data/secret/2.in": ""}), "data/secret/2.in: no matching 2.ans"},
		{"ans without in", base(map[string]string{"data/secret/2.ans": ""}), "data/secret/2.ans: no matching 2.in"},
		{"file in data", base(map[string]string{"data/1.in": ""}), "data/1.in: a file directly in data/"},
		{"unknown top folder", base(map[string]string{"data/extra/1.in": ""}), "data/extra: unknown folder in data/"},
		{"no secret and no samples", base(map[string]string{"data/secret/1.in": "<delete>", "data/secret/1.ans": "<delete>",
			"data/sample/s1.in": "<delete>", "data/sample/s1.ans": "<delete>", "data/testdata.yaml": ""}), "data/secret: missing folder (the secret test data)"},
		{"scoring without secret", base(map[string]string{"problem.yaml": "name: x\ntype: scoring\n", "data/secret/1.in": "<delete>", "data/secret/1.ans": "<delete>"}),
			"data/secret: missing folder (the secret test data; a scoring problem is not judged on its samples alone)"},
		{"link out of the package", base(map[string]string{"data/secret/2.in": "->../../../outside.in", "data/secret/2.ans": ""}),
			"data/secret/2.in: symbolic link to ../../../outside.in, which does not exist"},
		{"absolute link", base(map[string]string{"data/secret/2.in": "->/etc/hostname", "data/secret/2.ans": ""}),
			"data/secret/2.in: symbolic link to the absolute path /etc/hostname"},
		{"unknown testdata key", base(map[string]string{"data/secret/testdata.yaml": "on_rejct: break\n"}),
			`data/secret/testdata.yaml: line 1: unknown key "on_rejct" for version legacy (allowed: on_reject,`},
		{"score key in pass-fail", base(map[string]string{"data/secret/testdata.yaml": "accept_score: 5\n"}),
			"data/secret/testdata.yaml: line 1: accept_score: only for scoring problems"},
		{"bad on_reject", base(map[string]string{"data/secret/testdata.yaml": "on_reject: stop\n"}),
			`on_reject: "stop": want break or continue`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writePackage(t, tt.files)
			_, err := Load(dir)
			if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %v, want one line containing %q", err, tt.want)
			}
		})
	}
}

// TestSamplesOnly: a pass-fail package without data/secret loads with
// its samples as its test data (DOMjudge and BAPCtools judge it), and
// Complete says what problemtools says of it.
func TestSamplesOnly(t *testing.T) {
	for _, yaml := range []string{"name: x\n", "problem_format_version: 2025-09\nname: x\nuuid: u\n"} {
		files := minimal(yaml)
		delete(files, "data/secret/1.in")
		delete(files, "data/secret/1.ans")
		dir := writePackage(t, files)
		pk, err := Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		if got := caseNames(pk.Cases); got != "sample/s1" || !pk.SamplesOnly {
			t.Errorf("cases %q, samples only %v", got, pk.SamplesOnly)
		}
		want := filepath.Join(dir, "data", "secret") + ": missing folder (the secret test data)"
		if err := pk.Complete(); err == nil || err.Error() != want {
			t.Errorf("Complete: %v, want %q", err, want)
		}
	}
	pk, err := Load(writePackage(t, minimal("name: x\n")))
	if err != nil || pk.SamplesOnly || pk.Complete() != nil {
		t.Errorf("a package with data/secret: %v, samples only %v", err, pk.SamplesOnly)
	}
}

func TestLinkOutsideThePackage(t *testing.T) {
	files := minimal("name: x\n")
	files["data/secret/2.ans"] = ""
	dir := writePackage(t, files)
	outside := filepath.Join(filepath.Dir(dir), "outside.in")
	writeFile(t, outside, "1\n")
	symlink(t, "../../../outside.in", filepath.Join(dir, "data/secret/2.in"))
	_, err := Load(dir)
	if err == nil || !strings.Contains(err.Error(), "outside the package folder") {
		t.Fatalf("error %v, want a link outside the package", err)
	}
}

func TestRelativeLinkInside(t *testing.T) {
	files := minimal("name: x\n")
	files["data/secret/g2/1.in"] = "->../1.in"
	files["data/secret/g2/1.ans"] = "->../1.ans"
	pk, err := Load(writePackage(t, files))
	if err != nil {
		t.Fatal(err)
	}
	if got := caseNames(pk.Cases); got != "sample/s1 secret/1 secret/g2/1" {
		t.Errorf("cases %q", got)
	}
}

func Test2025RejectsTestdataYaml(t *testing.T) {
	files := minimal("problem_format_version: 2025-09\nname: x\nuuid: u\n")
	files["data/secret/testdata.yaml"] = "output_validator_flags: case_sensitive\n"
	_, err := Load(writePackage(t, files))
	if err == nil || !strings.Contains(err.Error(), "renamed test_group.yaml in version 2025-09") {
		t.Fatalf("error %v", err)
	}
	files = minimal("problem_format_version: 2025-09\nname: x\nuuid: u\n")
	files["data/secret/test_group.yaml"] = "output_validator_args: case_sensitive\n"
	_, err = Load(writePackage(t, files))
	if err == nil || !strings.Contains(err.Error(), "output_validator_args: line 1: want a list of arguments") {
		t.Fatalf("error %v", err)
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, target, path string) {
	t.Helper()
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
}

func TestListSubmissions(t *testing.T) {
	files := minimal("name: x\n")
	for path, content := range map[string]string{
		"submissions/accepted/a.c":              "int main(){}\n",
		"submissions/accepted/dir/main.py":      "print(1)\n",
		"submissions/accepted/dir/util.py":      "",
		"submissions/wrong_answer/py2.py":       "#!/usr/bin/env python2\nprint 1\n",
		"submissions/run_time_error/header.cpp": "// @EXPECTED_RESULTS@: TIMELIMIT, run-error\n",
		"submissions/wrong_answer/float.c":      "/*\n * @EXPECTED_RESULTS@: WRONG_ANSWER, Time_Limit_Exceeded,ACCEPTED\n */\n",
		"submissions/brute_force/slow.py":       "",
		"submissions/.hidden/x.c":               "",
	} {
		files[path] = content
	}
	dir := writePackage(t, files)
	pk, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	subs, warnings, err := pk.ListSubmissions()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range subs {
		desc := s.Name()
		if s.Dir {
			desc += fmt.Sprintf("(%d files)", len(s.Files))
		}
		if s.Python2 {
			desc += "(python2)"
		}
		if s.Expected != nil {
			desc += "(" + strings.Join(s.Expected, ",") + ")"
		}
		got = append(got, desc)
	}
	want := "accepted/a.c accepted/dir(2 files) wrong_answer/float.c(WRONG-ANSWER,TIMELIMIT,CORRECT) wrong_answer/py2.py(python2) run_time_error/header.cpp(TIMELIMIT,RUN-ERROR)"
	if strings.Join(got, " ") != want {
		t.Errorf("submissions %q, want %q", strings.Join(got, " "), want)
	}
	// brute_force is not a legacy folder: warned of, not judged.
	if len(warnings) != 1 || !strings.Contains(warnings[0], "brute_force: unknown submissions folder (known in legacy: accepted,") {
		t.Errorf("warnings %q", warnings)
	}
}
