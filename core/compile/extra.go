package compile

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/puzzlejudge/judge/runner"
)

// withExtra appends the names and contents of the extra files to src, for
// the cache key: the same source with other headers is another program.
func withExtra(src []byte, extra []runner.File) ([]byte, error) {
	if len(extra) == 0 {
		return src, nil
	}
	out := slices.Clone(src)
	for _, f := range extra {
		if f.Name == "" || strings.ContainsRune(f.Name, '/') || f.Name == "." || f.Name == ".." {
			return nil, fmt.Errorf("extra file %q: want a plain file name", f.Name)
		}
		data, err := os.ReadFile(f.Path)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", f.Path, err)
		}
		out = fmt.Appendf(out, "\x00extra %q %d\x00", f.Name, len(data))
		out = append(out, data...)
	}
	return out, nil
}

// collectWith returns the artifacts and the extra files' names, without
// repeats: the extra files stay beside the program (a Python module, a
// data file it reads).
func collectWith(artifacts []string, extra []runner.File) []string {
	out := slices.Clone(artifacts)
	for _, f := range extra {
		if !slices.Contains(out, f.Name) {
			out = append(out, f.Name)
		}
	}
	return out
}

// addExtra adds the extra files kept in a cache entry to the program's
// files.
func addExtra(p *Program, extra []runner.File, entry string) *Program {
	if p == nil {
		return nil
	}
	for _, f := range extra {
		if slices.ContainsFunc(p.Files, func(g runner.File) bool { return g.Name == f.Name }) {
			continue
		}
		path := filepath.Join(entry, f.Name)
		if _, err := os.Stat(path); err == nil {
			p.Files = append(p.Files, runner.File{Name: f.Name, Path: path})
		}
	}
	return p
}
