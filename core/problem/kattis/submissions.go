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
	// Rules are the 2025-09 requirements on the submission's verdicts:
	// its folder's default (with the keys submissions.yaml gives for the
	// folder itself) and those of every other glob of submissions.yaml
	// that matches it. Nil before 2025-09.
	Rules []Expectation
	// Language and Entrypoint are submissions.yaml's (the last matching
	// glob that gives them wins), "" when not given: the language code
	// of the spec's table, and the main class or file.
	Language, Entrypoint string
	// Authors and ModelSolution are submissions.yaml's.
	Authors       []string
	ModelSolution bool
}

// MustAccept reports whether the submission must be accepted on every
// test case: in accepted/ before 2025-09, or by a rule over all test
// cases that permits only AC.
func (s Submission) MustAccept() bool {
	if s.Rules == nil {
		return s.Folder == FolderAccepted
	}
	for _, r := range s.Rules {
		if r.Tests == "" && slices.Equal(r.Permitted, []string{ResultAC}) {
			return true
		}
	}
	return false
}

// ForTimeLimit reports whether the submission bounds a derived time limit
// from below (TimeBounds): before 2025-09 an accepted/ one; in 2025-09
// one with a requirement that permits no TLE (accepted/, wrong_answer/,
// run_time_error/ by default) or says use_for_time_limit: lower, and
// does not opt out (use_for_time_limit: false).
func (s Submission) ForTimeLimit() bool {
	lower, _ := s.TimeBounds()
	return len(lower) > 0
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
	var cfg *submissionsConfig
	present := map[string]bool{}
	var others []string
	for _, e := range entries {
		switch {
		case strings.HasPrefix(e.Name(), "."):
		case e.Name() == SubmissionsFile && p.Metadata.Version == V2025:
			if cfg, err = readSubmissionsConfig(filepath.Join(p.Submissions, e.Name()), filepath.Join(p.Submissions, e.Name())); err != nil {
				return nil, nil, err
			}
		case e.Name() == SubmissionsFile:
			warnings = append(warnings, fmt.Sprintf("%s: a 2025-09 file, ignored in version %s; the folder rules apply", filepath.Join(p.Submissions, e.Name()), p.Metadata.Version))
		case !e.IsDir():
			warnings = append(warnings, fmt.Sprintf("%s: a file directly in submissions/ is not judged", filepath.Join(p.Submissions, e.Name())))
		case !slices.Contains(known, e.Name()):
			others = append(others, e.Name())
		default:
			present[e.Name()] = true
		}
	}
	for _, o := range others {
		if cfg == nil {
			warnings = append(warnings, fmt.Sprintf("%s: unknown submissions folder (known in %s: %s); not judged",
				filepath.Join(p.Submissions, o), p.Metadata.Version, strings.Join(known, ", ")))
		}
	}
	folders := known
	if cfg != nil {
		folders = append(slices.Clone(known), others...)
	}
	var out []Submission
	for _, folder := range folders {
		if !present[folder] && !slices.Contains(others, folder) {
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
			if !present[folder] && !cfg.matches(folder+"/"+e.Name()) {
				warnings = append(warnings, fmt.Sprintf("%s: in no default folder and matched by no glob of %s; not judged", path, SubmissionsFile))
				continue
			}
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
			if p.Metadata.Version == V2025 {
				if err := s.configure(cfg); err != nil {
					return nil, nil, fmt.Errorf("%s: %s: %w", filepath.Join(p.Submissions, SubmissionsFile), s.Name(), err)
				}
			}
			out = append(out, s)
		}
	}
	if cfg != nil {
		for _, e := range cfg.Entries {
			if !slices.ContainsFunc(out, func(s Submission) bool { return MatchGlob(e.Pattern, s.Folder+"/"+filepath.Base(s.Path)) }) {
				warnings = append(warnings, fmt.Sprintf("%s: %s matches no submission", cfg.Path, e.Pattern))
			}
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

// resultSpellings maps the other spellings of @EXPECTED_RESULTS@ that
// DOMjudge and BAPCtools accept (after "_" became "-": WRONG_ANSWER,
// the Kattis names) to DOMjudge's own.
var resultSpellings = map[string]string{
	"ACCEPTED":            "CORRECT",
	"TIME-LIMIT-EXCEEDED": "TIMELIMIT",
	"RUN-TIME-ERROR":      "RUN-ERROR",
}

// expectedResults reads DOMjudge's "@EXPECTED_RESULTS@: A, B" from the
// first lines of a source file, each result in DOMjudge's spelling
// (WRONG_ANSWER is WRONG-ANSWER, as DOMjudge takes both).
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
			r = strings.ReplaceAll(strings.ToUpper(strings.TrimSpace(r)), "_", "-")
			if alt, ok := resultSpellings[r]; ok {
				r = alt
			}
			if r != "" {
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
