package author

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/internal/fileutil"
)

// Solution is one file under solutions/<slug>/.
type Solution struct {
	// Path is the file's path.
	Path string
	// Rel is the path relative to the problem's solutions folder, with
	// slashes: "accepted/bfs.go".
	Rel string
	// Folder is the verdict folder the file is in ("" for a file lying
	// directly in the problem's solutions folder).
	Folder string
	// Expected is the verdict Folder names, or "" when it names none.
	Expected verdict.Verdict
	// Language is the file's language, or nil when its extension is not
	// one of a known language.
	Language *compile.Language
}

// SolutionsDir returns the folder of p's solutions: solutions/<slug>.
func (tl *Tools) SolutionsDir(p *problem.Problem) string {
	return filepath.Join(tl.Config.SolutionsDir, p.Slug)
}

// Solutions lists the solutions of p; see ListSolutions.
func (tl *Tools) Solutions(p *problem.Problem) ([]Solution, []string) {
	return ListSolutions(tl.SolutionsDir(p), func(file string) (*compile.Language, error) {
		return tl.Config.Language(file, "")
	})
}

// PartialFolder holds the solutions of a scoring problem (one with
// groups) that must get some of its score but not all; its solutions have
// no Expected verdict.
const PartialFolder = "partially_accepted"

// folderNames lists the verdict folders, for messages.
func folderNames() string {
	var names []string
	for _, v := range verdict.All() {
		if f := v.Folder(); f != "" {
			names = append(names, f)
		}
	}
	return strings.Join(append(names, PartialFolder), ", ")
}

// ListSolutions lists the solution files under dir (solutions/<slug>):
// accepted ones first, then by verdict and name. It also returns the
// problems of the folder's layout, each a line naming the file: a file
// outside a verdict folder or in a folder that names no verdict, a file of
// no known language, a folder inside a verdict folder. Those files are
// listed too, with Expected or Language left empty; files and folders whose
// names start with a dot are ignored. A missing dir holds no solutions.
func ListSolutions(dir string, language func(file string) (*compile.Language, error)) ([]Solution, []string) {
	var sols []Solution
	var problems []string
	entries, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, []string{fmt.Sprintf("%s: %v", dir, fileutil.UnwrapPath(err))}
	}
	add := func(path, rel, folder string) {
		s := Solution{Path: path, Rel: rel, Folder: folder}
		if folder == "" {
			problems = append(problems, fmt.Sprintf("%s: not inside a verdict folder (want one of %s)", path, folderNames()))
		} else if v, ok := verdict.FromFolder(folder); ok {
			s.Expected = v
		} else if folder != PartialFolder {
			problems = append(problems, fmt.Sprintf("%s: unknown verdict folder %q (want one of %s)", path, folder, folderNames()))
		}
		l, err := language(path)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: unknown language (extension %q)", path, filepath.Ext(path)))
		} else {
			s.Language = l
		}
		sols = append(sols, s)
	}
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		path := filepath.Join(dir, name)
		if !e.IsDir() {
			add(path, name, "")
			continue
		}
		files, err := os.ReadDir(path)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", path, fileutil.UnwrapPath(err)))
			continue
		}
		for _, f := range files {
			fname := f.Name()
			if strings.HasPrefix(fname, ".") {
				continue
			}
			fpath := filepath.Join(path, fname)
			if f.IsDir() {
				problems = append(problems, fmt.Sprintf("%s: a folder inside a verdict folder is not judged", fpath))
				continue
			}
			add(fpath, name+"/"+fname, name)
		}
	}
	slices.SortStableFunc(sols, func(a, b Solution) int {
		if ra, rb := folderRank(a), folderRank(b); ra != rb {
			return ra - rb
		}
		if a.Folder != b.Folder {
			return strings.Compare(a.Folder, b.Folder)
		}
		switch {
		case problem.NaturalLess(a.Rel, b.Rel):
			return -1
		case problem.NaturalLess(b.Rel, a.Rel):
			return 1
		}
		return 0
	})
	return sols, problems
}

// folderRank orders solutions by the verdict table, unknown folders last.
func folderRank(s Solution) int {
	for i, v := range verdict.All() {
		if v == s.Expected && s.Expected != "" {
			return i
		}
	}
	return len(verdict.All())
}

// Reference picks the reference solution of p among its solutions.
func (tl *Tools) Reference(p *problem.Problem) (Solution, error) {
	sols, _ := tl.Solutions(p)
	return Reference(p, tl.SolutionsDir(p), sols)
}

// Reference picks the reference solution of p among sols, the solutions
// listed from dir: the one problem.yaml names with `reference:` (relative
// to dir), else the first accepted Go solution, else the first accepted
// one.
func Reference(p *problem.Problem, dir string, sols []Solution) (Solution, error) {
	if p.Reference != "" {
		want := filepath.ToSlash(filepath.Clean(p.Reference))
		for _, s := range sols {
			if s.Rel == want {
				if s.Language == nil {
					return Solution{}, fmt.Errorf("%s: reference: %s: unknown language", filepath.Join(p.Dir, problem.ConfigFile), p.Reference)
				}
				return s, nil
			}
		}
		return Solution{}, fmt.Errorf("%s: reference: %q: no such solution file", filepath.Join(p.Dir, problem.ConfigFile), p.Reference)
	}
	var first *Solution
	for i, s := range sols {
		if s.Expected != verdict.AC || s.Language == nil {
			continue
		}
		if s.Language.Name == "go" {
			return s, nil
		}
		if first == nil {
			first = &sols[i]
		}
	}
	if first != nil {
		return *first, nil
	}
	return Solution{}, fmt.Errorf("%s: no accepted solution to compute expected outputs with (add one, or name one with reference: in problem.yaml)", filepath.Join(dir, verdict.AC.Folder()))
}
