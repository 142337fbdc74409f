package compile

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/puzzlejudge/judge/runner"
)

// KeepName as a language's Source keeps the submission's own file name in
// the box (Java: a public class must be declared in a file of its name).
// The compile command names the file with "{source}".
const KeepName = "{name}"

// sourceName returns the name source gets in the box: its own base name
// for a language whose Source is KeepName, else the language's Source.
func sourceName(lang *Language, source string) string {
	if lang.Source == KeepName {
		return filepath.Base(source)
	}
	return lang.Source
}

// SourcesArg, as a whole argument of a language's compile command, stands
// for every source file the compile compiles: the main source and, after
// it, the extra files whose extension is one of the language's (as
// written), in the order given. C and C++ programs of several files are
// compiled and linked this way.
const SourcesArg = "{sources}"

// TakesSources reports whether the language's compile command compiles
// several source files at once (it has SourcesArg).
func (l *Language) TakesSources() bool {
	return slices.Contains(l.Compile, SourcesArg)
}

// otherSources returns the names of the extra files that a compile of lang
// compiles with the main source: none unless the language TakesSources.
func otherSources(lang *Language, extra []runner.File) []string {
	if !lang.TakesSources() {
		return nil
	}
	var out []string
	for _, f := range extra {
		if slices.Contains(lang.Extensions, filepath.Ext(f.Name)) {
			out = append(out, f.Name)
		}
	}
	return out
}

// forSource returns lang as it compiles the file called name with the
// other sources (see SourcesArg): Source set to name, "{source}" in the
// compile command replaced by it and SourcesArg by name and others. A
// language with a fixed source name and no SourcesArg is returned as it
// is; for the others the result is what the command runs, so that a
// single source's cache key is the same whether the configuration writes
// main.c or {sources}.
func forSource(lang *Language, name string, others ...string) *Language {
	if lang.Source != KeepName && !lang.TakesSources() {
		return lang
	}
	l := *lang
	l.Source = name
	l.Compile = nil
	for _, a := range lang.Compile {
		if a == SourcesArg {
			l.Compile = append(append(l.Compile, name), others...)
			continue
		}
		l.Compile = append(l.Compile, strings.ReplaceAll(a, "{source}", name))
	}
	return &l
}

// expandLimits replaces "{memory_mib}" in args by the memory limit in MiB,
// so that a runtime that sizes its heap itself (the JVM, V8) can be told
// the limit: the box shows it no cgroup to read it from.
func expandLimits(args []string, lim runner.Limits) []string {
	return replaceAll(args, "{memory_mib}", strconv.FormatInt(lim.Memory>>20, 10))
}

func replaceAll(list []string, old, new string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = strings.ReplaceAll(s, old, new)
	}
	return out
}
