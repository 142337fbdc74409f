package grade

import (
	"fmt"
	"path/filepath"
	"slices"

	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/runner"
)

// driverNames are the spec's default entry points by language name (its
// languages table): an included file of that name is a driver, the main
// file of every submission in the language.
var driverNames = map[string]string{
	"java":       "Main.java",
	"kotlin":     "Main.kt",
	"python":     "main.py",
	"pypy":       "main.py",
	"javascript": "main.js",
}

// WithIncludes adds a Kattis package's included files (include/default/
// and include/<language>/, see kattis.Package.IncludeFiles) to a
// submission in lang: source and extra are the submission's main file and
// the files beside it. As the spec says, an included file replaces a
// submission file of the same name, and an included driver (Main.java,
// main.py, ...) becomes the main file, the submission's own source then
// going beside it under its own name. Calling it again on its result
// changes nothing. A build/run program (compile.BuildRunLanguage) gets
// every included file at the top of its folder. Native problems are
// returned as they are.
func WithIncludes(p *problem.Problem, lang *compile.Language, source string, extra []runner.File) (string, []runner.File, error) {
	if p.Kattis == nil || p.Kattis.Package == nil || lang == nil {
		return source, extra, nil
	}
	files, err := p.Kattis.Package.IncludeFiles(append([]string{lang.Name}, lang.Aliases...))
	if err != nil {
		return "", nil, fmt.Errorf("include: %w", err)
	}
	if len(files) == 0 {
		return source, extra, nil
	}
	out := slices.Clone(extra)
	for _, f := range files {
		name := filepath.Base(f)
		switch {
		case lang.BuildRun:
			// The source is the folder: the files go at its top.
			out = setFile(out, runner.File{Name: name, Path: f})
		case f == source:
		case name == driverNames[lang.Name]:
			if filepath.Base(source) != name {
				out = setFile(out, runner.File{Name: filepath.Base(source), Path: source})
			}
			source = f
		case name == filepath.Base(source):
			source = f
		default:
			out = setFile(out, runner.File{Name: name, Path: f})
		}
	}
	return source, out, nil
}

// setFile puts f in files, in place of a file of the same name.
func setFile(files []runner.File, f runner.File) []runner.File {
	for i, g := range files {
		if g.Name == f.Name {
			files[i] = f
			return files
		}
	}
	return append(files, f)
}
