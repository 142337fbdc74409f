package convert

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/problem/kattis"
	"github.com/puzzlejudge/judge/internal/fileutil"
)

// writeOutputValidator exports the interactor, or the native custom
// checker adapted to the format (writeOutputChecker), as the package's
// output validator; a checker it cannot adapt is named as dropped.
func writeOutputValidator(p *problem.Problem, dir string, v kattis.Version) ([]string, error) {
	dest := filepath.Join(dir, "output_validator", filepath.Base(p.Checker.Source))
	if v == kattis.Legacy {
		dest = filepath.Join(dir, "output_validators", "checker", filepath.Base(p.Checker.Source))
	}
	if p.Interactive {
		return nil, copyFile(p.Checker.Source, dest)
	}
	ok, err := writeOutputChecker(p.Checker.Source, dest)
	if err != nil || ok {
		return nil, err
	}
	return []string{"checker: custom: " + rel(p.Dir, p.Checker.Source) +
		" is not one Go file with a main to adapt to the format's 42/43; exported with the default output validator, which accepts only the answer files' outputs"}, nil
}

func rel(base, path string) string {
	if r, err := filepath.Rel(base, path); err == nil {
		return filepath.ToSlash(r)
	}
	return path
}

// exportFolder maps a native verdict folder to the version's submissions
// folder, "" when the version has none.
func exportFolder(native string, v kattis.Version) string {
	if slices.Contains(kattis.Folders(v), native) {
		return native
	}
	// rejected/ takes RE, TLE and WA: an MLE run ends as RE in the
	// format, an OLE one does not.
	if v != kattis.Legacy && native == "memory_limit_exceeded" {
		return kattis.FolderRejected
	}
	return ""
}

// writeSubmissions copies solDir/<verdict>/* into submissions/. scored
// says the problem has scored groups: a legacy package then leaves its
// partially accepted solutions out, since legacy gives a partial score
// only to an accepted submission and a native partial solution fails a
// test (see writeScoredData).
func writeSubmissions(solDir, dir string, v kattis.Version, scored bool) ([]string, error) {
	verdicts, err := os.ReadDir(solDir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", solDir, fileutil.UnwrapPath(err))
	}
	var dropped []string
	for _, vd := range verdicts {
		if !vd.IsDir() || vd.Name()[0] == '.' {
			continue
		}
		files, err := os.ReadDir(filepath.Join(solDir, vd.Name()))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Join(solDir, vd.Name()), fileutil.UnwrapPath(err))
		}
		folder := exportFolder(vd.Name(), v)
		for _, f := range files {
			if f.Name()[0] == '.' {
				continue
			}
			if scored && v == kattis.Legacy && folder == kattis.FolderPartiallyAccepted {
				dropped = append(dropped, fmt.Sprintf("solutions/%s/%s: legacy scores a submission that fails a test 0, so no partial solution can get a partial score there; not exported", vd.Name(), f.Name()))
				continue
			}
			if folder == "" {
				dropped = append(dropped, fmt.Sprintf("solutions/%s/%s: version %s has no submissions/%s/", vd.Name(), f.Name(), v, vd.Name()))
				continue
			}
			if folder != vd.Name() {
				dropped = append(dropped, fmt.Sprintf("solutions/%s/%s: as submissions/%s/ (version %s has no %s/)", vd.Name(), f.Name(), folder, v, vd.Name()))
			}
			src := filepath.Join(solDir, vd.Name(), f.Name())
			if err := copyTree(src, filepath.Join(dir, "submissions", folder, f.Name())); err != nil {
				return nil, err
			}
		}
	}
	return dropped, nil
}
