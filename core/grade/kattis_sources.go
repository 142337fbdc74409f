package grade

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/problem/kattis"
	"github.com/puzzlejudge/judge/runner"
)

// languagePriority breaks ties between languages with as many files in a
// folder program: problemtools' priorities (its languages.yaml), by the
// judge's language names; unlisted languages come after, by name.
var languagePriority = map[string]int{
	"cpp":        1000,
	"c":          950,
	"python":     850,
	"pypy":       840,
	"java":       800,
	"rust":       575,
	"javascript": 500,
	"go":         400,
	"kotlin":     250,
}

// PickSources picks, among the files of a program or submission that is
// the folder dir (or the one file files[0] when dir is that file), the
// source to compile, its language and the files to place beside it, as
// problemtools does. The language is the one most files are in (by
// extension; ties go to problemtools' priority: C++, C, Python, Java,
// ...); the source is its one file, or of several the one called main.*
// (any case), or for Java the one declaring public static void main, or
// for Python __main__.py, or else the first in lexicographic order. The
// other files of the folder come along (headers, modules) under their own
// names, but not files in its sub-folders. A C or C++ folder is all its
// files of the language compiled and linked together, as problemtools
// does: the language's compile command takes them with {sources}
// (compile.SourcesArg), each under its own name. A folder with a build or
// run file is a program with scripts: the source is the folder itself, in
// compile.BuildRunLanguage, which builds it with its build script.
func (g *Grader) PickSources(dir string, files []string) (string, *compile.Language, []runner.File, error) {
	return g.pickSources(dir, files, nil, "")
}

// SubmissionSource returns the source file, language and accompanying
// files of an example submission of a Kattis package: the file itself,
// or for a folder what PickSources picks, in the language and with the
// entry point submissions.yaml gives, if it does. Included files are not
// added here (WithIncludes, which Grade calls).
func (g *Grader) SubmissionSource(s kattis.Submission) (string, *compile.Language, []runner.File, error) {
	if s.Python2 && s.Language == "" {
		return "", nil, nil, fmt.Errorf("%s: Python 2 (its #! line says so) is not a language of this judge", s.Path)
	}
	var lang *compile.Language
	if s.Language != "" {
		if g.LanguageNamed == nil {
			return "", nil, nil, fmt.Errorf("%s: no languages to find %q (submissions.yaml) in", s.Path, s.Language)
		}
		var err error
		if lang, err = g.LanguageNamed(s.Language); err != nil {
			return "", nil, nil, fmt.Errorf("%s: language of submissions.yaml: %w", s.Path, err)
		}
	}
	if !s.Dir {
		return g.pickSources(s.Path, []string{s.Path}, lang, s.Entrypoint)
	}
	return g.pickSources(s.Path, s.Files, lang, s.Entrypoint)
}

// pickSources is PickSources with the language and entry point that
// submissions.yaml may give (nil and "" when it does not).
func (g *Grader) pickSources(dir string, files []string, lang *compile.Language, entry string) (string, *compile.Language, []runner.File, error) {
	if g.LanguageOf == nil {
		return "", nil, nil, errors.New("no languages to compile package programs with")
	}
	if len(files) == 1 && files[0] == dir {
		if lang != nil {
			return dir, lang, nil, nil
		}
		l, err := g.LanguageOf(dir)
		return dir, l, nil, err
	}
	var top []string
	for _, f := range files {
		rel, err := filepath.Rel(dir, f)
		if err != nil || strings.ContainsRune(rel, filepath.Separator) || strings.HasPrefix(rel, ".") {
			continue
		}
		top = append(top, f)
	}
	if isBuildRun(dir) {
		return dir, compile.BuildRunLanguage(), nil, nil
	}
	slices.Sort(top)
	byLang := map[*compile.Language][]string{}
	best := lang
	for _, f := range top {
		l, err := g.LanguageOf(f)
		if err != nil {
			continue
		}
		if lang != nil && l.Name != lang.Name {
			continue
		}
		byLang[l] = append(byLang[l], f)
		if best == nil || len(byLang[l]) > len(byLang[best]) || len(byLang[l]) == len(byLang[best]) && before(l, best) {
			best = l
		}
	}
	if best == nil {
		return "", nil, nil, fmt.Errorf("%s: no source file in a known language", dir)
	}
	sources := byLang[best]
	if len(sources) == 0 {
		return "", nil, nil, fmt.Errorf("%s: no %s source file (submissions.yaml gives the language)", dir, best.Name)
	}
	main := sources[0]
	switch {
	case entry != "":
		var err error
		if main, err = entrySource(dir, sources, entry); err != nil {
			return "", nil, nil, err
		}
	case len(sources) > 1 && compilesAll(best) && !best.TakesSources():
		return "", nil, nil, fmt.Errorf("%s: %d %s source files, and the %s compile command (languages.yaml) compiles one: give it %s", dir, len(sources), best.Name, best.Name, compile.SourcesArg)
	case len(sources) > 1:
		main = mainSource(sources)
	}
	var extra []runner.File
	for _, f := range top {
		if f != main {
			extra = append(extra, runner.File{Name: filepath.Base(f), Path: f})
		}
	}
	return main, best, extra, nil
}

// isBuildRun reports whether the folder dir is a program with build and
// run scripts: it has a file called build or run.
func isBuildRun(dir string) bool {
	for _, name := range []string{"build", "run"} {
		if fi, err := os.Stat(filepath.Join(dir, name)); err == nil && !fi.IsDir() {
			return true
		}
	}
	return false
}

// compilesAll reports whether a folder program in the language is all of
// its sources compiled together (C, C++), as problemtools compiles them,
// rather than a main file that uses the others.
func compilesAll(l *compile.Language) bool {
	return l.Name == "c" || l.Name == "cpp"
}

// before reports whether language a wins a tie against b.
func before(a, b *compile.Language) bool {
	pa, pb := languagePriority[a.Name], languagePriority[b.Name]
	if pa != pb {
		return pa > pb
	}
	return a.Name < b.Name
}

// javaMain matches a Java main method.
var javaMain = regexp.MustCompile(`public\s+static\s+(final\s+)?void\s+main\s*\(`)

// mainSource picks the main file among several of one language.
func mainSource(sources []string) string {
	for _, f := range sources {
		base := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
		if strings.EqualFold(base, "main") {
			return f
		}
	}
	for _, f := range sources {
		if filepath.Ext(f) == ".java" {
			if data, err := os.ReadFile(f); err == nil && javaMain.Match(data) {
				return f
			}
		}
	}
	for _, f := range sources {
		if filepath.Base(f) == "__main__.py" {
			return f
		}
	}
	return sources[0]
}

// entrySource finds the file that submissions.yaml's entrypoint names: a
// file name ("solve.py"), a name without extension, or for Java a class
// name, which the file declaring the class gives.
func entrySource(dir string, sources []string, entry string) (string, error) {
	for _, f := range sources {
		base := filepath.Base(f)
		if base == entry || strings.TrimSuffix(base, filepath.Ext(base)) == entry {
			return f, nil
		}
	}
	class := regexp.MustCompile(`\bclass\s+` + regexp.QuoteMeta(entry) + `\b`)
	for _, f := range sources {
		if filepath.Ext(f) == ".java" {
			if data, err := os.ReadFile(f); err == nil && class.Match(data) {
				return f, nil
			}
		}
	}
	return "", fmt.Errorf("%s: no source file for entrypoint %q (submissions.yaml)", dir, entry)
}
