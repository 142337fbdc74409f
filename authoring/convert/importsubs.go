package convert

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/problem/kattis"
)

// nativeFolders maps Kattis submission folders to native verdict
// folders; the others (partially_accepted, rejected, brute_force) say
// less than one verdict and are dropped.
var nativeFolders = map[string]string{
	kattis.FolderAccepted:          "accepted",
	kattis.FolderWrongAnswer:       "wrong_answer",
	kattis.FolderTimeLimitExceeded: "time_limit_exceeded",
	kattis.FolderRunTimeError:      "run_time_error",
	"memory_limit_exceeded":        "memory_limit_exceeded",
	"output_limit_exceeded":        "output_limit_exceeded",
}

// importSubmissions copies the package's submissions into dir/<verdict>/.
// scored says the native problem has scored groups: partially_accepted/
// is then a native folder too.
func importSubmissions(p *problem.Problem, dir string, scored bool) ([]string, error) {
	pk := p.Kattis.Package
	if pk.Submissions == "" {
		return nil, nil
	}
	subs, warnings, err := pk.ListSubmissions()
	if err != nil {
		return nil, err
	}
	dropped := append([]string(nil), warnings...)
	for _, s := range subs {
		name := rel(pk.Dir, s.Path)
		folder, ok := nativeFolders[s.Folder]
		if scored && s.Folder == kattis.FolderPartiallyAccepted && len(s.Expected) == 0 {
			folder, ok = author.PartialFolder, true
		} else if f, why := ruledFolder(s); why != "" {
			dropped = append(dropped, fmt.Sprintf("%s: %s", name, why))
			continue
		} else if f != "" {
			folder, ok = f, true
		}
		switch {
		case !ok:
			dropped = append(dropped, fmt.Sprintf("%s: the native format has no %s/ verdict folder", name, s.Folder))
			continue
		case s.Dir:
			dropped = append(dropped, name+": a directory submission (native solutions are single files)")
			continue
		case len(s.Expected) > 0 && folder != expectedFolder(s.Expected):
			dropped = append(dropped, fmt.Sprintf("%s: @EXPECTED_RESULTS@ %v (the verdict folder %s/ is kept)", name, s.Expected, folder))
		}
		if err := copyFile(s.Path, filepath.Join(dir, folder, filepath.Base(s.Path))); err != nil {
			return nil, err
		}
	}
	return dropped, nil
}

// expectedFolders maps DOMjudge's @EXPECTED_RESULTS@ to native folders.
var expectedFolders = map[string]string{
	"CORRECT":      "accepted",
	"WRONG-ANSWER": "wrong_answer",
	"NO-OUTPUT":    "wrong_answer",
	"TIMELIMIT":    "time_limit_exceeded",
	"RUN-ERROR":    "run_time_error",
	"OUTPUT-LIMIT": "output_limit_exceeded",
}

// expectedFolder is the native folder of one @EXPECTED_RESULTS@ verdict,
// "" for several or none.
func expectedFolder(expected []string) string {
	if len(expected) != 1 {
		return ""
	}
	return expectedFolders[expected[0]]
}

// ruleFolders maps the one verdict a 2025-09 submission may get besides
// AC to its native folder.
var ruleFolders = map[string]string{
	kattis.ResultWA:  "wrong_answer",
	kattis.ResultTLE: "time_limit_exceeded",
	kattis.ResultRTE: "run_time_error",
}

// ruledFolder returns the native folder a submission's verdicts call for:
// @EXPECTED_RESULTS@ of one verdict; for 2025-09, accepted when it must
// be, or the one verdict other than AC that its rules over every test
// permit. It returns why the submission cannot be a native one when its
// 2025-09 rules permit more than one failing verdict, and "", "" when
// the folder decides.
func ruledFolder(s kattis.Submission) (string, string) {
	if f := expectedFolder(s.Expected); f != "" {
		return f, ""
	}
	if s.Rules == nil || s.Expected != nil {
		return "", ""
	}
	if s.MustAccept() {
		return "accepted", ""
	}
	permitted := map[string]bool{kattis.ResultWA: true, kattis.ResultTLE: true, kattis.ResultRTE: true}
	for _, r := range s.Rules {
		if r.Tests != "" || r.Permitted == nil {
			continue
		}
		for v := range permitted {
			if !slices.Contains(r.Permitted, v) {
				delete(permitted, v)
			}
		}
	}
	required := false
	for _, r := range s.Rules {
		required = required || r.Tests == "" && len(r.Required) > 0 && !slices.Contains(r.Required, kattis.ResultAC)
	}
	if len(permitted) == 1 && required {
		for v := range permitted {
			return ruleFolders[v], ""
		}
	}
	if len(permitted) == 1 {
		return "", "submissions.yaml permits AC on every test; a native solution that is not accepted must fail"
	}
	var vs []string
	for _, v := range []string{kattis.ResultWA, kattis.ResultTLE, kattis.ResultRTE} {
		if permitted[v] {
			vs = append(vs, v)
		}
	}
	return "", fmt.Sprintf("submissions.yaml permits %s (with AC); a native solution has one verdict", strings.Join(vs, ", "))
}
