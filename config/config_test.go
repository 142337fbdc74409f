package config

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/runner"
	"github.com/spf13/pflag"
)

const goodLanguages = `
c:
  extensions: [.c]
  source: main.c
  compile: [gcc, -o, main, main.c]
  artifacts: [main]
  run: ["{prog}/main"]
python:
  extensions: [.py]
  source: main.py
  run: [python3, "{prog}/main.py"]
  time_multiplier: 2
`

// writeConfig makes a configs folder with judge.yaml and languages.yaml.
func writeConfig(t *testing.T, judge, languages string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "judge.yaml"), []byte(judge), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "languages.yaml"), []byte(languages), 0o644); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, "judge.yaml")
}

func TestLoadPrecedence(t *testing.T) {
	path := writeConfig(t, "workers: 3\nsandbox: basic\ncompile_time: 10s\n", goodLanguages)
	// Defaults then file.
	c, err := Load(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Workers != 3 || c.Sandbox != runner.ModeBasic || c.Compile.CPU != 10*time.Second || c.BoxDisk != 64<<20 {
		t.Errorf("file values: workers %d sandbox %s compile %v disk %d", c.Workers, c.Sandbox, c.Compile.CPU, c.BoxDisk)
	}
	// Environment beats the file.
	t.Setenv("JUDGE_WORKERS", "5")
	if c, err = Load(path, nil); err != nil || c.Workers != 5 {
		t.Errorf("env: workers %d, err %v; want 5", c.Workers, err)
	}
	// A set flag beats the environment; an unset one does not.
	fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
	fs.Int("workers", 0, "")
	fs.String("sandbox", "", "")
	if err := fs.Parse([]string{"--workers", "7"}); err != nil {
		t.Fatal(err)
	}
	if c, err = Load(path, fs); err != nil || c.Workers != 7 || c.Sandbox != runner.ModeBasic {
		t.Errorf("flags: workers %d sandbox %s err %v; want 7, basic", c.Workers, c.Sandbox, err)
	}
}

func TestLoadDefaults(t *testing.T) {
	path := writeConfig(t, "", goodLanguages)
	c, err := Load(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Workers != runtime.NumCPU() || c.Sandbox != runner.ModeAuto || c.ProblemsDir != "problems" || c.Compile.Memory != 1<<30 {
		t.Errorf("defaults: %+v", c)
	}
	if !strings.HasSuffix(c.CacheDir, "puzzlejudge") {
		t.Errorf("default cache dir %q", c.CacheDir)
	}
}

func TestLoadErrors(t *testing.T) {
	cases := []struct {
		name, judge, langs, want string
	}{
		{"unknown key", "wrokers: 2\n", goodLanguages, `unknown key "wrokers"`},
		{"bad mode", "sandbox: strong\n", goodLanguages, `unknown sandbox mode "strong"`},
		{"negative workers", "workers: -1\n", goodLanguages, "workers: must not be negative"},
		{"bad duration", "compile_time: soon\n", goodLanguages, `compile_time: bad duration "soon"`},
		{"bad size", "box_disk: lots\n", goodLanguages, "box_disk"},
		{"no run", "", "c:\n  extensions: [.c]\n  source: main.c\n", "c: no run command"},
		{"no extensions", "", "c:\n  source: main.c\n  run: [x]\n", "c: no extensions"},
		{"compile without artifacts", "", "c:\n  extensions: [.c]\n  source: main.c\n  compile: [gcc]\n  run: [x]\n", "needs artifacts"},
		{"extension without dot", "", "c:\n  extensions: [c]\n  source: main.c\n  run: [x]\n", "must start with a dot"},
		{"duplicate extension", "", "c:\n  extensions: [.c]\n  source: a.c\n  run: [x]\nd:\n  extensions: [.c]\n  source: b.c\n  run: [x]\n", "extension .c belongs to both c and d"},
		{"unknown language key", "", "c:\n  extensions: [.c]\n  source: main.c\n  run: [x]\n  optimise: yes\n", `unknown key "optimise"`},
		{"source with slash", "", "c:\n  extensions: [.c]\n  source: src/main.c\n  run: [x]\n", "plain file name"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load(writeConfig(t, c.judge, c.langs), nil)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one containing %q", err, c.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error is not one line: %q", err)
			}
		})
	}
}

func TestMissingExplicitConfig(t *testing.T) {
	if _, err := Load(filepath.Join(t.TempDir(), "nope.yaml"), nil); err == nil {
		t.Fatal("a named config file that does not exist is not an error")
	}
}

func TestLanguage(t *testing.T) {
	c, err := Load(writeConfig(t, "", goodLanguages), nil)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ file, lang, want, err string }{
		{"a.c", "", "c", ""},
		{"dir/A.PY", "", "python", ""},
		{"a.txt", "", "", `cannot tell the language from extension ".txt"; use --lang (known: c (.c), python (.py))`},
		{"a.txt", "python", "python", ""},
		{"a.c", "rust", "", `unknown language "rust" (known: c (.c), python (.py))`},
	}
	for _, tc := range cases {
		l, err := c.Language(tc.file, tc.lang)
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("Language(%q, %q) error %v, want %q", tc.file, tc.lang, err, tc.err)
		case tc.err == "" && (err != nil || l.Name != tc.want):
			t.Errorf("Language(%q, %q) = %v, %v; want %s", tc.file, tc.lang, l, err, tc.want)
		}
	}
	if c.Languages["python"].TimeMultiplier != 2 || c.Languages["c"].TimeMultiplier != 1 {
		t.Errorf("time multipliers %v %v", c.Languages["python"].TimeMultiplier, c.Languages["c"].TimeMultiplier)
	}
}

// TestShippedConfig loads the repository's own configuration.
func TestShippedConfig(t *testing.T) {
	c, err := Load("../configs/judge.yaml", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"go", "c", "cpp", "python"} {
		if c.Languages[want] == nil {
			t.Errorf("shipped languages lack %s", want)
		}
	}
	for _, ext := range []string{".go", ".c", ".cpp", ".cc", ".cxx", ".py"} {
		if _, err := c.Language("x"+ext, ""); err != nil {
			t.Errorf("extension %s: %v", ext, err)
		}
	}
}
