package kattis

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/puzzlejudge/judge/internal/fileutil"
)

// Folders of submissions/ and the verdict each expects, in problemtools'
// and the spec's sense.
const (
	FolderAccepted          = "accepted"
	FolderPartiallyAccepted = "partially_accepted"
	FolderWrongAnswer       = "wrong_answer"
	FolderTimeLimitExceeded = "time_limit_exceeded"
	FolderRunTimeError      = "run_time_error"
	FolderRejected          = "rejected"
	FolderBruteForce        = "brute_force"
)

// Folders lists the folders a version knows. Others are ignored with a
// warning, as problemtools does.
func Folders(v Version) []string {
	base := []string{FolderAccepted, FolderPartiallyAccepted, FolderWrongAnswer, FolderTimeLimitExceeded, FolderRunTimeError}
	if v != Legacy {
		base = append(base, FolderRejected, FolderBruteForce)
	}
	return base
}

// Submission is an example submission of the package: a file, or a
// folder of files, under submissions/<folder>/.
type Submission struct {
	Folder string // accepted, wrong_answer, ...
	Path   string // absolute path of the file or folder
	Dir    bool
	// Files are the source files: Path itself, or the files of the folder
	// (recursively, hidden ones left out), in lexicographic order.
	Files []string
	// Expected are DOMjudge's @EXPECTED_RESULTS@ (CORRECT, WRONG-ANSWER,
	// TIMELIMIT, RUN-ERROR, ...), nil when the source gives none.
	Expected []string
	// Python2 reports a .py file whose first line is a python2 #! line:
	// Python 2, which the format tells from Python 3 that way.
	Python2 bool
}

// Name returns the submission's path under submissions/.
func (s Submission) Name() string {
	return s.Folder + "/" + filepath.Base(s.Path)
}

// ListSubmissions lists the example submissions of the package in its
// known folders, in folder order then lexicographic order, and warns of
// folders it does not know.
func (p *Package) ListSubmissions() ([]Submission, []string, error) {
	if p.Submissions == "" {
		return nil, nil, nil
	}
	entries, err := os.ReadDir(p.Submissions)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", p.Submissions, fileutil.UnwrapPath(err))
	}
	known := Folders(p.Metadata.Version)
	var warnings []string
	present := map[string]bool{}
	for _, e := range entries {
		switch {
		case strings.HasPrefix(e.Name(), "."):
		case e.Name() == "submissions.yaml":
			warnings = append(warnings, fmt.Sprintf("%s: not read yet; the default folder rules apply", filepath.Join(p.Submissions, e.Name())))
		case !e.IsDir():
			warnings = append(warnings, fmt.Sprintf("%s: a file directly in submissions/ is not judged", filepath.Join(p.Submissions, e.Name())))
		case !slices.Contains(known, e.Name()):
			warnings = append(warnings, fmt.Sprintf("%s: unknown submissions folder (known in %s: %s); not judged",
				filepath.Join(p.Submissions, e.Name()), p.Metadata.Version, strings.Join(known, ", ")))
		default:
			present[e.Name()] = true
		}
	}
	var out []Submission
	for _, folder := range known {
		if !present[folder] {
			continue
		}
		dir := filepath.Join(p.Submissions, folder)
		subs, err := os.ReadDir(dir)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", dir, fileutil.UnwrapPath(err))
		}
		for _, e := range subs {
			if strings.HasPrefix(e.Name(), ".") {
				continue
			}
			path := filepath.Join(dir, e.Name())
			fi, err := os.Stat(path)
			if err != nil {
				return nil, nil, fmt.Errorf("%s: %w", path, fileutil.UnwrapPath(err))
			}
			s := Submission{Folder: folder, Path: path, Dir: fi.IsDir()}
			if s.Dir {
				if s.Files, err = sourceFiles(path); err != nil {
					return nil, nil, err
				}
			} else {
				s.Files = []string{path}
			}
			for _, f := range s.Files {
				if filepath.Ext(f) == ".py" && firstLineMatches(f, "#!", "python2") {
					s.Python2 = true
				}
				if exp := expectedResults(f); exp != nil {
					s.Expected = exp
					break
				}
			}
			out = append(out, s)
		}
	}
	return out, warnings, nil
}

// sourceFiles lists the files under a folder submission.
func sourceFiles(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if strings.HasPrefix(d.Name(), ".") && path != dir {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.IsDir() {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, fileutil.UnwrapPath(err))
	}
	slices.Sort(files)
	return files, nil
}

// expectedResults reads DOMjudge's "@EXPECTED_RESULTS@: A, B" from the
// first lines of a source file.
func expectedResults(path string) []string {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 4096), 64<<10)
	for i := 0; i < 50 && sc.Scan(); i++ {
		_, rest, ok := strings.Cut(sc.Text(), "@EXPECTED_RESULTS@:")
		if !ok {
			continue
		}
		var out []string
		for _, r := range strings.Split(rest, ",") {
			if r = strings.ToUpper(strings.TrimSpace(r)); r != "" {
				out = append(out, r)
			}
		}
		return out
	}
	return nil
}

// firstLineMatches reports whether the file's first line starts with
// prefix and contains word.
func firstLineMatches(path, prefix, word string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	if !sc.Scan() {
		return false
	}
	line := sc.Text()
	return strings.HasPrefix(line, prefix) && strings.Contains(line, word)
}
