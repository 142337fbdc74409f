package kattis

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/puzzlejudge/judge/internal/fileutil"
)

// IncludeDefault is the folder of include/ whose files go with the
// submissions of every language.
const IncludeDefault = "default"

// IncludeFiles returns the files to copy into a submission in a language
// known by any of names (its name and aliases: "python", "python3"):
// those of include/default/, and those of the first include/<name>/ that
// exists, which replace default files of the same name. Hidden files are
// left out; the result is sorted by name. None when the package has no
// include/.
func (p *Package) IncludeFiles(names []string) ([]string, error) {
	root := filepath.Join(p.Dir, "include")
	if !isDir(root) {
		return nil, nil
	}
	byName := map[string]string{}
	dirs := []string{IncludeDefault}
	for _, n := range names {
		if n != IncludeDefault && isDir(filepath.Join(root, n)) {
			dirs = append(dirs, n)
			break
		}
	}
	for _, d := range dirs {
		dir := filepath.Join(root, d)
		entries, err := os.ReadDir(dir)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", dir, fileutil.UnwrapPath(err))
		}
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), ".") {
				continue
			}
			path := filepath.Join(dir, e.Name())
			fi, err := os.Stat(path)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", path, fileutil.UnwrapPath(err))
			}
			if !fi.Mode().IsRegular() {
				return nil, fmt.Errorf("%s: include/ holds files, not folders", path)
			}
			byName[e.Name()] = path
		}
	}
	var out []string
	for _, path := range byName {
		out = append(out, path)
	}
	slices.SortFunc(out, func(a, b string) int { return strings.Compare(filepath.Base(a), filepath.Base(b)) })
	return out, nil
}
