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
	// Relative folders in a file outside a configs/ folder are relative to
	// the file's own folder.
	if c.Workers != runtime.NumCPU() || c.Sandbox != runner.ModeAuto || c.ProblemsDir != filepath.Join(filepath.Dir(path), "problems") || c.Compile.Memory != 2<<30 {
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

// TestNameOnlyLanguage checks that a language with an empty list of
// extensions is chosen by name only, and that one without the key is
// refused.
func TestNameOnlyLanguage(t *testing.T) {
	c, err := Load(writeConfig(t, "", goodLanguages+"pypy3:\n  extensions: []\n  source: main.py\n  run: [pypy3, x]\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if l, err := c.Language("a.py", "pypy3"); err != nil || l.Name != "pypy3" {
		t.Errorf("Language(a.py, pypy3) = %v, %v", l, err)
	}
	if l, err := c.Language("a.py", ""); err != nil || l.Name != "python" {
		t.Errorf("Language(a.py) = %v, %v; want python", l, err)
	}
	want := "known: c (.c), pypy3 (--lang only), python (.py)"
	if _, err := c.Language("a.txt", ""); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Language(a.txt) error %v, want %q", err, want)
	}
}

// TestShippedConfig loads the repository's own configuration.
func TestShippedConfig(t *testing.T) {
	c, err := Load("../../configs/judge.yaml", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"go", "c", "cpp", "python", "java", "kotlin", "rust", "javascript", "pypy3"} {
		if c.Languages[want] == nil {
			t.Errorf("shipped languages lack %s", want)
		}
	}
	for _, ext := range []string{".go", ".c", ".cpp", ".cc", ".cxx", ".py", ".java", ".kt", ".rs", ".js"} {
		if _, err := c.Language("x"+ext, ""); err != nil {
			t.Errorf("extension %s: %v", ext, err)
		}
	}
	// Aliases people type, and .C, which gcc compiles as C++.
	for _, tc := range []struct{ file, lang, want string }{
		{"x.C", "", "cpp"}, {"x.c", "", "c"}, {"X.CPP", "", "cpp"}, {"x.txt", "c++", "cpp"}, {"x.txt", "C++", "cpp"},
		{"x.txt", "python3", "python"}, {"x.txt", "py", "python"}, {"x.txt", "Go", "go"},
		{"x.txt", "js", "javascript"}, {"x.txt", "rs", "rust"}, {"x.txt", "kt", "kotlin"}, {"x.txt", "pypy", "pypy3"},
	} {
		if l, err := c.Language(tc.file, tc.lang); err != nil || l.Name != tc.want {
			t.Errorf("Language(%q, %q) = %v, %v; want %s", tc.file, tc.lang, l, err, tc.want)
		}
	}
	if c.SourceLimit != 256<<10 {
		t.Errorf("source_limit %d, want 256 KiB", c.SourceLimit)
	}
}

// TestLanguageAliasClash refuses an alias two languages claim, or one
// that is another language's name.
func TestLanguageAliasClash(t *testing.T) {
	for _, tc := range []struct{ yml, err string }{
		{"a:\n  aliases: [x]\n  extensions: [.a]\n  source: a\n  run: [a]\nb:\n  aliases: [X]\n  extensions: [.b]\n  source: b\n  run: [b]\n", "alias x belongs to both a and b"},
		{"a:\n  aliases: [b]\n  extensions: [.a]\n  source: a\n  run: [a]\nb:\n  extensions: [.b]\n  source: b\n  run: [b]\n", "alias b is the name of another language"},
	} {
		if _, err := parseLanguages("l.yaml", []byte(tc.yml)); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("error %v, want %q", err, tc.err)
		}
	}
}

// TestSourceLimit reads source_limit and refuses a bad one.
func TestSourceLimit(t *testing.T) {
	c, err := Load(writeConfig(t, "source_limit: 1KiB\n", goodLanguages), nil)
	if err != nil || c.SourceLimit != 1024 {
		t.Fatalf("source_limit 1KiB: %v, %v", c, err)
	}
	if _, err := Load(writeConfig(t, "source_limit: 0B\n", goodLanguages), nil); err == nil || !strings.Contains(err.Error(), "source_limit") {
		t.Errorf("source_limit 0: error %v", err)
	}
}

// chdirEmpty moves the test into a new empty folder, with no configs/
// folder above it (checked), and returns it.
func chdirEmpty(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, DefaultPath)); err == nil {
			t.Fatalf("%s has a %s: the test needs a folder without one above it", d, DefaultPath)
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return dir
}

func TestFind(t *testing.T) {
	root := chdirEmpty(t)
	project := filepath.Join(root, "project")
	deep := filepath.Join(project, "a", "b")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	found := writeConfig(t, "", goodLanguages)
	os.MkdirAll(filepath.Join(project, "configs"), 0o755)
	os.WriteFile(filepath.Join(project, DefaultPath), nil, 0o644)
	cases := []struct {
		name, dir, flag, env, want string
	}{
		{"nothing: built-in", root, "", "", ""},
		{"in the working folder", project, "", "", DefaultPath},
		{"in a parent folder", deep, "", "", filepath.Join("..", "..", DefaultPath)},
		{"JUDGE_CONFIG beats the parent folder", deep, "", found, found},
		{"--config beats JUDGE_CONFIG", deep, "x.yaml", found, "x.yaml"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Chdir(tc.dir)
			t.Setenv(EnvConfig, tc.env)
			got, err := Find(tc.flag)
			if err != nil || got != tc.want {
				t.Errorf("Find(%q) = %q, %v; want %q", tc.flag, got, err, tc.want)
			}
		})
	}
}

func TestLoadBuiltin(t *testing.T) {
	chdirEmpty(t)
	t.Setenv(EnvConfig, "")
	cache := t.TempDir()
	t.Setenv("JUDGE_CACHE_DIR", cache)
	c, err := Load("", nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.File != "" || c.Dir != "" || c.ProblemsDir != "problems" || c.SolutionsDir != "solutions" || c.CacheDir != cache {
		t.Errorf("built-in: file %q dir %q problems %q solutions %q cache %q", c.File, c.Dir, c.ProblemsDir, c.SolutionsDir, c.CacheDir)
	}
	for _, want := range []string{"go", "c", "cpp", "python", "java", "kotlin", "rust", "javascript", "pypy3"} {
		if c.Languages[want] == nil {
			t.Errorf("built-in languages lack %s", want)
		}
	}
	// The warm-up source is written where a compile can read it, the same
	// as the repository's.
	warm := c.Languages["go"].Cache.WarmSource
	if !strings.HasPrefix(warm, cache+string(filepath.Separator)) {
		t.Errorf("warm source %s is not under the cache dir %s", warm, cache)
	}
	got, err := os.ReadFile(warm)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../configs/warm/main.go")
	if err == nil && string(got) != string(want) {
		t.Errorf("warm source %s differs from configs/warm/main.go", warm)
	}
	// Loading again finds it in place.
	if c2, err := Load("", nil); err != nil || c2.Languages["go"].Cache.WarmSource != warm {
		t.Errorf("second load: %v, warm source %v", err, c2)
	}
}

// TestShippedWarmSource checks that the embedded warm-up source is the
// repository's.
func TestShippedWarmSource(t *testing.T) {
	langs, err := builtinLanguages(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(langs["go"].Cache.WarmSource)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../configs/warm/main.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Error("the built-in warm source differs from configs/warm/main.go")
	}
}

func TestLoadFolders(t *testing.T) {
	root := chdirEmpty(t)
	project := filepath.Join(root, "project")
	os.MkdirAll(filepath.Join(project, "configs"), 0o755)
	os.MkdirAll(filepath.Join(project, "sub"), 0o755)
	os.WriteFile(filepath.Join(project, DefaultPath), []byte("problems_dir: probs\nbox_dir: boxes\n"), 0o644)
	t.Chdir(filepath.Join(project, "sub"))
	t.Setenv(EnvConfig, "")

	// From a configs/ folder: relative to the project folder above it,
	// and the built-in languages when none lies beside the file.
	c, err := Load("", nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join("..", DefaultPath); c.File != want {
		t.Errorf("file %q, want %q", c.File, want)
	}
	if c.ProblemsDir != filepath.Join("..", "probs") || c.SolutionsDir != filepath.Join("..", "solutions") || c.BoxDir != filepath.Join("..", "boxes") {
		t.Errorf("problems %q solutions %q boxes %q, want them under ..", c.ProblemsDir, c.SolutionsDir, c.BoxDir)
	}
	if c.Languages["go"] == nil {
		t.Error("no languages.yaml beside the file, and not the built-in languages")
	}

	// Flags and variables are relative to the working folder.
	t.Setenv("JUDGE_SOLUTIONS_DIR", "sols")
	fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
	fs.String("problems-dir", "", "")
	if err := fs.Parse([]string{"--problems-dir", "here"}); err != nil {
		t.Fatal(err)
	}
	if c, err = Load("", fs); err != nil || c.ProblemsDir != "here" || c.SolutionsDir != "sols" {
		t.Errorf("flag and variable: problems %q solutions %q, err %v", c.ProblemsDir, c.SolutionsDir, err)
	}

	// A languages file the configuration names must exist.
	os.WriteFile(filepath.Join(project, DefaultPath), []byte("languages: mine.yaml\n"), 0o644)
	if _, err := Load("", nil); err == nil || !strings.Contains(err.Error(), "mine.yaml") {
		t.Errorf("missing named languages file: error %v", err)
	}
}

func TestFoldersOutsideBoxes(t *testing.T) {
	chdirEmpty(t)
	link := filepath.Join(t.TempDir(), "share")
	if err := os.Symlink("/usr/share", link); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, judge, envKey, envVal, want string
	}{
		{"problems", "problems_dir: /usr/share/problems\n", "", "", "problems_dir /usr/share/problems lies under /usr,"},
		{"solutions", "solutions_dir: /lib/solutions\n", "", "", "solutions_dir /lib/solutions lies under /lib,"},
		{"cache", "", "JUDGE_CACHE_DIR", "/usr/local/cache", "cache_dir /usr/local/cache lies under /usr,"},
		{"box dir", "", "JUDGE_BOX_DIR", "/bin/boxes", "box_dir /bin/boxes lies under /bin,"},
		{"through a symbolic link", "problems_dir: " + link + "\n", "", "", "problems_dir " + link + " lies under /usr,"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.envKey != "" {
				t.Setenv(tc.envKey, tc.envVal)
			}
			_, err := Load(writeConfig(t, tc.judge, goodLanguages), nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("error %v, want one line containing %q", err, tc.want)
			}
		})
	}
	// The shipped folders are fine.
	t.Setenv("JUDGE_CACHE_DIR", t.TempDir())
	if _, err := Load(writeConfig(t, "", goodLanguages), nil); err != nil {
		t.Error(err)
	}
}

// TestLoadLanguagesRelativePath loads the shipped languages file by a
// relative path, as a configuration found in the current folder names
// it: every warm-up source must come back absolute and exist, or the
// first Go compile on a fresh machine (empty cache) cannot warm its
// build cache.
func TestLoadLanguagesRelativePath(t *testing.T) {
	langs, err := LoadLanguages(filepath.Join("..", "..", "configs", "languages.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	warmed := 0
	for name, l := range langs {
		if l.Cache == nil {
			continue
		}
		warmed++
		if !filepath.IsAbs(l.Cache.WarmSource) {
			t.Errorf("%s: warm source %q is relative", name, l.Cache.WarmSource)
		}
		if _, err := os.Stat(l.Cache.WarmSource); err != nil {
			t.Errorf("%s: warm source: %v", name, err)
		}
	}
	if warmed == 0 {
		t.Fatal("no language with a warm build cache in configs/languages.yaml")
	}
}
