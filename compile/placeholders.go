package compile

import (
	"path/filepath"
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

// forSource returns lang as it compiles the file called name: Source set
// to name and "{source}" in the compile command replaced by it. Languages
// with a fixed source name are returned as they are, so that their cache
// keys do not change.
func forSource(lang *Language, name string) *Language {
	if lang.Source != KeepName {
		return lang
	}
	l := *lang
	l.Source = name
	l.Compile = replaceAll(lang.Compile, "{source}", name)
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
