package grade

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/runner"
)

// CheckSource checks a source file before it is compiled: it must be a
// regular file, not empty, and at most limit bytes (0: no limit). The
// error names the file and says what is wrong in one line.
func CheckSource(path string, limit int64) error {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return fmt.Errorf("%s: not a readable source file", path)
	}
	switch {
	case fi.Size() == 0:
		return fmt.Errorf("%s: the source file is empty", path)
	case limit > 0 && fi.Size() > limit:
		return fmt.Errorf("%s: the source is %d bytes, over the source limit of %s (source_limit)",
			path, fi.Size(), figures.Size(limit))
	}
	return nil
}

// PickFolder picks the source, language and companion files of a
// submission that is the folder dir, as a Kattis package's folder
// submissions are picked (see PickSources), for the command line and
// other callers that take a folder. The folder is a contestant's, and
// hostile: it is first copied into tmp (a folder of the caller's, which it
// removes when done with the files), as copyFolder does: a link, a
// special file, too many files, folders too deep, or files over limit
// bytes together (every file at every depth) refuse it, before anything
// is copied; the files returned are the copy's. lang, when not nil, is
// the language the user named; its files are picked among the folder's.
// At least one of the folder's files must be a non-empty source. Errors
// name the folder as dir, in one line.
func (g *Grader) PickFolder(dir, tmp string, lang *compile.Language, limit int64) (string, *compile.Language, []runner.File, error) {
	copied := filepath.Join(tmp, "folder")
	if err := copyFolder(dir, copied, limit); err != nil {
		return "", nil, nil, err
	}
	// The copy's names, in errors, are the folder's.
	named := func(err error) error {
		return errors.New(strings.ReplaceAll(err.Error(), copied, filepath.Clean(dir)))
	}
	entries, err := os.ReadDir(copied)
	if err != nil {
		return "", nil, nil, fmt.Errorf("read the copy of %s: %w", dir, err)
	}
	var files []string
	for _, e := range entries {
		if e.Type().IsRegular() {
			files = append(files, filepath.Join(copied, e.Name()))
		}
	}
	if len(files) == 0 {
		return "", nil, nil, fmt.Errorf("%s: the folder holds no file", dir)
	}
	src, l, extra, err := g.pickSources(copied, files, lang, "")
	if err != nil {
		return "", nil, nil, named(err)
	}
	if l.Name != compile.BuildRunName {
		if err := CheckSource(src, limit); err != nil {
			return "", nil, nil, named(err)
		}
	}
	return src, l, extra, nil
}
