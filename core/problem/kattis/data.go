package kattis

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/puzzlejudge/judge/internal/fileutil"
)

// Case is one test case: X.in and X.ans in the same folder under data/.
type Case struct {
	// Name is the path under data/ without extension: "secret/group1/01".
	Name   string
	Input  string // absolute path of X.in
	Answer string // absolute path of X.ans
	Sample bool   // under data/sample
	Group  string // the group folder under data/: "secret/group1"
	// Settings in force for the case (a 2025-09 X.yaml included).
	Settings Settings
}

// Group is a folder of test data: data/sample, data/secret and every
// folder below them.
type Group struct {
	Name     string // path under data/: "secret/group1"
	Settings Settings
	// Configured reports whether the group has its own settings file.
	Configured bool
}

// Names of the settings files of a group.
const (
	testdataFile  = "testdata.yaml"
	testGroupFile = "test_group.yaml"
)

// walker reads the data/ tree of a package.
type walker struct {
	root    string // the package folder, symbolic links resolved
	dir     string // the package folder, as given
	abs     string // the package folder, absolute
	version Version
	scoring bool
	// constants are substituted in the settings files (test_group.yaml,
	// as the format says; testdata.yaml of 2023-07-draft likewise).
	constants Constants
	cases     []Case
	groups    []Group
}

// readData reads data/: its groups in lexicographic order, depth first,
// and the cases in each, their settings inherited from the groups above.
func readData(dir, abs string, v Version, scoring bool, constants Constants) ([]Case, []Group, Settings, error) {
	root, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, nil, Settings{}, fmt.Errorf("%s: %w", dir, fileutil.UnwrapPath(err))
	}
	w := &walker{root: root, dir: dir, abs: abs, version: v, scoring: scoring, constants: constants}
	dataDir := filepath.Join(dir, "data")
	rootSettings, _, err := w.settings("data", defaultSettings())
	if err != nil {
		return nil, nil, Settings{}, err
	}
	entries, err := w.list("data")
	if err != nil {
		return nil, nil, Settings{}, err
	}
	tops := map[string]bool{}
	for _, e := range entries {
		name := e.Name()
		switch {
		case name == testdataFile || name == testGroupFile:
			continue
		case !e.IsDir():
			return nil, nil, Settings{}, fmt.Errorf("%s: a file directly in data/ (want only the folders sample and secret)", filepath.Join(dataDir, name))
		case name == "sample" || name == "secret":
			tops[name] = true
		case v == V2025 && (name == "invalid_input" || name == "invalid_output" || name == "valid_output"):
			// Validator tests: never judged.
		default:
			return nil, nil, Settings{}, fmt.Errorf("%s: unknown folder in data/ (want sample and secret)", filepath.Join(dataDir, name))
		}
	}
	if !tops["secret"] && (!tops["sample"] || scoring) {
		return nil, nil, Settings{}, missingSecret(dir, scoring)
	}
	for _, top := range []string{"sample", "secret"} {
		if tops[top] {
			if err := w.group("data/"+top, top == "sample", rootSettings); err != nil {
				return nil, nil, Settings{}, err
			}
		}
	}
	if len(w.cases) == 0 {
		return nil, nil, Settings{}, fmt.Errorf("%s: no test cases (want X.in and X.ans pairs)", dataDir)
	}
	return w.cases, w.groups, rootSettings, nil
}

// missingSecret is the error of a package without data/secret that
// cannot be judged on its samples alone: one with no samples either, or
// a scoring one (whose samples score nothing in 2025-09).
func missingSecret(dir string, scoring bool) error {
	path := filepath.Join(dir, "data", "secret")
	if scoring {
		return fmt.Errorf("%s: missing folder (the secret test data; a scoring problem is not judged on its samples alone)", path)
	}
	return fmt.Errorf("%s: missing folder (the secret test data)", path)
}

// list returns the entries of the package folder rel, following symbolic
// links (which must stay inside the package), without hidden ones, in
// lexicographic order.
func (w *walker) list(rel string) ([]fs.DirEntry, error) {
	path := filepath.Join(w.dir, rel)
	entries, err := os.ReadDir(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: missing folder", path)
		}
		return nil, fmt.Errorf("%s: %w", path, fileutil.UnwrapPath(err))
	}
	var out []fs.DirEntry
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		if e.Type()&fs.ModeSymlink != 0 {
			target, err := w.link(filepath.Join(rel, e.Name()))
			if err != nil {
				return nil, err
			}
			out = append(out, fs.FileInfoToDirEntry(target))
			continue
		}
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return out, nil
}

// link checks the symbolic link rel of the package: relative, leading to
// an existing file inside the package. It returns what it leads to, under
// the link's own name.
func (w *walker) link(rel string) (fs.FileInfo, error) {
	path := filepath.Join(w.dir, rel)
	target, err := os.Readlink(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, fileutil.UnwrapPath(err))
	}
	if filepath.IsAbs(target) {
		return nil, fmt.Errorf("%s: symbolic link to the absolute path %s (links must be relative and stay inside the package)", path, target)
	}
	real, err := filepath.EvalSymlinks(filepath.Join(w.abs, rel))
	if err != nil {
		return nil, fmt.Errorf("%s: symbolic link to %s, which does not exist", path, target)
	}
	if r, err := filepath.Rel(w.root, real); err != nil || !filepath.IsLocal(r) {
		return nil, fmt.Errorf("%s: symbolic link to %s, outside the package folder", path, target)
	}
	fi, err := os.Stat(real)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, fileutil.UnwrapPath(err))
	}
	return renamed{fi, filepath.Base(rel)}, nil
}

// renamed is a FileInfo under another name.
type renamed struct {
	fs.FileInfo
	name string
}

func (r renamed) Name() string { return r.name }

// settings reads the settings file of the group rel, if it has one, over
// the parent's settings. It reports whether the group has one.
func (w *walker) settings(rel string, parent Settings) (Settings, bool, error) {
	var names []string
	switch w.version {
	case Legacy:
		names = []string{testdataFile}
	case Draft2023:
		names = []string{testdataFile, testGroupFile}
	case V2025:
		names = []string{testGroupFile}
		if fileExists(filepath.Join(w.dir, rel, testdataFile)) {
			return parent, false, fmt.Errorf("%s: renamed %s in version 2025-09", filepath.Join(w.dir, rel, testdataFile), testGroupFile)
		}
	}
	var found string
	for _, n := range names {
		if fileExists(filepath.Join(w.dir, rel, n)) {
			if found != "" {
				return parent, false, fmt.Errorf("%s: both %s and %s (keep one)", filepath.Join(w.dir, rel), found, n)
			}
			found = n
		}
	}
	if found == "" {
		s, err := parent.inherit(nil, w.version, w.scoring, false)
		return s, false, err
	}
	path := filepath.Join(w.dir, rel, found)
	data, err := os.ReadFile(path)
	if err != nil {
		return parent, false, fmt.Errorf("%s: %w", path, fileutil.UnwrapPath(err))
	}
	s, err := parent.inherit(w.constants.Substitute(data), w.version, w.scoring, false)
	if err != nil {
		return parent, false, fmt.Errorf("%s: %w", path, err)
	}
	return s, true, nil
}

// group reads the group folder rel ("data/secret/g1") and everything
// below it, in lexicographic order: sub-groups and cases interleaved,
// each case at the place of its .ans file.
func (w *walker) group(rel string, sample bool, parent Settings) error {
	s, configured, err := w.settings(rel, parent)
	if err != nil {
		return err
	}
	name := strings.TrimPrefix(rel, "data/")
	w.groups = append(w.groups, Group{Name: name, Settings: s, Configured: configured})
	entries, err := w.list(rel)
	if err != nil {
		return err
	}
	files := map[string]bool{}
	for _, e := range entries {
		if !e.IsDir() {
			files[e.Name()] = true
		}
	}
	for _, e := range entries {
		n := e.Name()
		path := filepath.Join(w.dir, rel, n)
		if e.IsDir() {
			if err := w.group(rel+"/"+n, sample, s); err != nil {
				return err
			}
			continue
		}
		base, ext := strings.TrimSuffix(n, filepath.Ext(n)), filepath.Ext(n)
		switch ext {
		case ".in":
			if !files[base+".ans"] && !files[base+".interaction"] {
				return fmt.Errorf("%s: no matching %s.ans", path, base)
			}
		case ".ans":
			if !files[base+".in"] {
				return fmt.Errorf("%s: no matching %s.in", path, base)
			}
			cs := s
			if w.version == V2025 && files[base+".yaml"] {
				yp := filepath.Join(w.dir, rel, base+".yaml")
				data, err := os.ReadFile(yp)
				if err != nil {
					return fmt.Errorf("%s: %w", yp, fileutil.UnwrapPath(err))
				}
				if cs, err = s.inherit(data, w.version, w.scoring, true); err != nil {
					return fmt.Errorf("%s: %w", yp, err)
				}
			}
			w.cases = append(w.cases, Case{
				Name:     name + "/" + base,
				Input:    filepath.Join(w.abs, rel, base+".in"),
				Answer:   filepath.Join(w.abs, rel, n),
				Sample:   sample,
				Group:    name,
				Settings: cs,
			})
		}
	}
	return nil
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
