package author

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
)

func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for rel, content := range files {
		path := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestBatch(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	writeFiles(t, dir, map[string]string{"src": "copied", "old": "old"})
	b := &Batch{}
	b.AddData(filepath.Join(dir, "old"), []byte("new"), 0o644)
	b.AddCopy(filepath.Join(dir, "copy"), src, 0o600)
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"old": "new", "copy": "copied"} {
		if got, _ := os.ReadFile(filepath.Join(dir, name)); string(got) != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	if fi, _ := os.Stat(filepath.Join(dir, "copy")); fi.Mode().Perm() != 0o600 {
		t.Errorf("copy mode %v, want 0600", fi.Mode().Perm())
	}

	// A batch that cannot write one file writes none and leaves no
	// temporary file behind.
	b = &Batch{}
	b.AddData(filepath.Join(dir, "old"), []byte("newer"), 0o644)
	b.AddCopy(filepath.Join(dir, "x"), filepath.Join(dir, "missing"), 0o644)
	if err := b.Commit(); err == nil {
		t.Fatal("commit with a missing source succeeded")
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "old")); string(got) != "new" {
		t.Errorf("old = %q after a failed batch, want it untouched", got)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{"copy", "old", "src"}; !slices.Equal(names, want) {
		t.Errorf("folder holds %q, want %q", names, want)
	}
}

func TestReadGenerated(t *testing.T) {
	tests := []struct {
		name    string
		content string
		want    []GeneratedTest
		err     string
	}{
		{"list", "# c\ntests:\n  - name: a\n    seed: 3\n    args: [\"--n\", \"5\"]\n  - name: b\n    seed: 0\n",
			[]GeneratedTest{{Name: "a", Seed: 3, Args: []string{"--n", "5"}}, {Name: "b", Seed: 0}}, ""},
		{"empty list", "tests: []\n", []GeneratedTest{}, ""},
		{"empty file", "", []GeneratedTest{}, ""},
		{"unknown key", "tests:\n  - name: a\n    seed: 1\n    sead: 2\n", nil, "field sead not found"},
		{"missing seed", "tests:\n  - name: a\n", nil, `test "a": missing seed`},
		{"twice", "tests:\n  - name: a\n    seed: 1\n  - name: a\n    seed: 2\n", nil, `test "a": listed twice`},
		{"bad name", "tests:\n  - name: ../a\n    seed: 1\n", nil, "plain file name"},
		{"negative seed", "tests:\n  - name: a\n    seed: -1\n", nil, "generated.yaml: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{"tests/generated.yaml": tt.content})
			got, err := ReadGenerated(dir)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) || strings.Contains(err.Error(), "\n") {
					t.Fatalf("error %v, want one line with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i].Name != tt.want[i].Name || got[i].Seed != tt.want[i].Seed || !slices.Equal(got[i].Args, tt.want[i].Args) {
					t.Errorf("test %d = %+v, want %+v", i, got[i], tt.want[i])
				}
			}
		})
	}
	if _, err := ReadGenerated(t.TempDir()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: error %v, want fs.ErrNotExist", err)
	}
}

func TestAppendGenerated(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"tests/generated.yaml": "# how the tests were made\ntests:\n  - name: old\n    seed: 1\n    args: [\"--x\"]\n"})
	data, err := appendGenerated(dir, []GeneratedTest{{Name: "7", Seed: 8, Args: []string{"--n", "5"}}, {Name: "8", Seed: 9}})
	if err != nil {
		t.Fatal(err)
	}
	want := "# how the tests were made\ntests:\n  - name: old\n    seed: 1\n    args: [\"--x\"]\n  - name: \"7\"\n    seed: 8\n    args: [\"--n\", \"5\"]\n  - name: \"8\"\n    seed: 9\n"
	if string(data) != want {
		t.Errorf("got\n%s\nwant\n%s", data, want)
	}
	// A missing or empty list is started.
	for _, content := range []string{"", "tests: []\n"} {
		writeFiles(t, dir, map[string]string{"tests/generated.yaml": content})
		data, err := appendGenerated(dir, []GeneratedTest{{Name: "a", Seed: 2}})
		if err != nil {
			t.Fatal(err)
		}
		writeFiles(t, dir, map[string]string{"tests/generated.yaml": string(data)})
		got, err := ReadGenerated(dir)
		if err != nil || len(got) != 1 || got[0].Name != "a" || got[0].Seed != 2 {
			t.Errorf("from %q: got %v, %v (file %q)", content, got, err, data)
		}
	}
}

func TestNextNames(t *testing.T) {
	tests := []struct {
		files []string
		n     int
		want  []string
	}{
		{[]string{"sample-1.in", "sample-1.out"}, 2, []string{"1", "2"}},
		{[]string{"1.in", "1.out", "2.in", "2.out", "10.in", "10.out"}, 1, []string{"11"}},
		{[]string{"01-hand.in", "01-hand.out", "09-gen.in", "09-gen.out"}, 2, []string{"10", "11"}},
		{[]string{"001.in", "001.out", "generated.yaml"}, 1, []string{"002"}},
		{[]string{"3.out"}, 1, []string{"4"}},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		files := map[string]string{}
		for _, f := range tt.files {
			files["tests/"+f] = "x"
		}
		writeFiles(t, dir, files)
		got, err := nextNames(&problem.Problem{Dir: dir}, tt.n)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("files %v: got %v, want %v", tt.files, got, tt.want)
		}
	}
}

func TestCheckName(t *testing.T) {
	for name, ok := range map[string]bool{"12": true, "max-size": true, "": false, "a/b": false, ".hidden": false, "x.in": false} {
		if err := checkName(name); (err == nil) != ok {
			t.Errorf("checkName(%q) = %v", name, err)
		}
	}
}

func fakeLanguage(file string) (*compile.Language, error) {
	switch filepath.Ext(file) {
	case ".go":
		return &compile.Language{Name: "go"}, nil
	case ".c":
		return &compile.Language{Name: "c"}, nil
	}
	return nil, errors.New("unknown")
}

func TestListSolutionsAndReference(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"accepted/b.c":          "",
		"accepted/a10.go":       "",
		"accepted/a9.go":        "",
		"accepted/.gitkeep":     "",
		"wrong_answer/w.c":      "",
		"slow/s.go":             "",
		"loose.go":              "",
		"accepted/notes.txt":    "",
		"accepted/deeper/x.go":  "",
		"time_limit_exceeded/t": "",
	})
	sols, problems := ListSolutions(dir, fakeLanguage)
	var rels []string
	for _, s := range sols {
		rels = append(rels, s.Rel)
	}
	wantRels := []string{"accepted/a9.go", "accepted/a10.go", "accepted/b.c", "accepted/notes.txt",
		"wrong_answer/w.c", "time_limit_exceeded/t", "loose.go", "slow/s.go"}
	if !slices.Equal(rels, wantRels) {
		t.Errorf("solutions %q, want %q", rels, wantRels)
	}
	for _, want := range []string{
		`slow/s.go: unknown verdict folder "slow"`,
		"loose.go: not inside a verdict folder",
		`notes.txt: unknown language (extension ".txt")`,
		"deeper: a folder inside a verdict folder is not judged",
	} {
		found := false
		for _, p := range problems {
			found = found || strings.Contains(p, want)
		}
		if !found {
			t.Errorf("no problem with %q in %q", want, problems)
		}
	}
	if sols[0].Expected != verdict.AC || sols[4].Expected != verdict.WA {
		t.Errorf("expected verdicts %v, %v", sols[0].Expected, sols[4].Expected)
	}

	p := &problem.Problem{Dir: dir}
	ref, err := Reference(p, dir, sols)
	if err != nil || ref.Rel != "accepted/a9.go" {
		t.Errorf("reference %q, %v; want the first accepted Go solution", ref.Rel, err)
	}
	p.Reference = "accepted/b.c"
	if ref, err := Reference(p, dir, sols); err != nil || ref.Rel != "accepted/b.c" {
		t.Errorf("reference %q, %v; want problem.yaml's", ref.Rel, err)
	}
	p.Reference = "accepted/none.c"
	if _, err := Reference(p, dir, sols); err == nil || !strings.Contains(err.Error(), `reference: "accepted/none.c": no such solution file`) {
		t.Errorf("missing reference: %v", err)
	}
	p.Reference = ""
	if _, err := Reference(p, dir, sols[4:]); err == nil || !strings.Contains(err.Error(), "no accepted solution") {
		t.Errorf("no accepted solution: %v", err)
	}
	if sols, problems := ListSolutions(filepath.Join(dir, "none"), fakeLanguage); sols != nil || problems != nil {
		t.Errorf("missing folder: %v %v", sols, problems)
	}
}

func TestScaffold(t *testing.T) {
	root := t.TempDir()
	pdir, sdir := filepath.Join(root, "problems"), filepath.Join(root, "solutions")
	for _, bad := range []string{"Flip", "flip_game", "-x", "x-", "", "a/b"} {
		if _, err := Scaffold(pdir, sdir, bad); err == nil {
			t.Errorf("slug %q accepted", bad)
		}
	}
	created, err := Scaffold(pdir, sdir, "knight-moves")
	if err != nil {
		t.Fatal(err)
	}
	if len(created) != 2 {
		t.Errorf("created %v", created)
	}
	p, err := problem.Load(filepath.Join(pdir, "knight-moves"))
	if err != nil {
		t.Fatalf("scaffold does not load: %v", err)
	}
	if !strings.Contains(p.Title, Placeholder) || p.Validator == "" || p.Generator == "" || len(p.Tests) != 1 || !p.Tests[0].Sample {
		t.Errorf("scaffold %+v", p)
	}
	if gen, err := ReadGenerated(p.Dir); err != nil || len(gen) != 0 {
		t.Errorf("generated.yaml: %v %v", gen, err)
	}
	for _, f := range []string{"accepted", "wrong_answer", "time_limit_exceeded", "memory_limit_exceeded", "run_time_error"} {
		if _, err := os.Stat(filepath.Join(sdir, "knight-moves", f, ".gitkeep")); err != nil {
			t.Errorf("solutions folder %s: %v", f, err)
		}
	}
	if _, err := Scaffold(pdir, sdir, "knight-moves"); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("second scaffold: %v", err)
	}
	entries, _ := os.ReadDir(pdir)
	if len(entries) != 1 {
		t.Errorf("problems folder holds %d entries, want only the package (no temporary folder)", len(entries))
	}
}

func TestFirstLines(t *testing.T) {
	for _, tt := range []struct {
		in   string
		n    int
		want string
	}{
		{"\n a \n\nb\nc\n", 2, "a / b"},
		{"", 1, ""},
		{strings.Repeat("é", 150), 1, strings.Repeat("é", 100) + "…"},
	} {
		if got := FirstLines(tt.in, tt.n); got != tt.want {
			t.Errorf("FirstLines(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
		}
	}
}
