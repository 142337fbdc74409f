package port

import (
	"fmt"
	"path/filepath"

	"github.com/puzzlejudge/judge/problem"
	"github.com/puzzlejudge/judge/problem/kattis"
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
func importSubmissions(p *problem.Problem, dir string) ([]string, error) {
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
		switch {
		case !ok:
			dropped = append(dropped, fmt.Sprintf("%s: the native format has no %s/ verdict folder", name, s.Folder))
			continue
		case s.Dir:
			dropped = append(dropped, name+": a directory submission (native solutions are single files)")
			continue
		case len(s.Expected) > 0:
			dropped = append(dropped, fmt.Sprintf("%s: @EXPECTED_RESULTS@ %v (the verdict folder %s/ is kept)", name, s.Expected, folder))
		}
		if err := copyFile(s.Path, filepath.Join(dir, folder, filepath.Base(s.Path))); err != nil {
			return nil, err
		}
	}
	return dropped, nil
}
