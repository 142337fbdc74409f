package grade

import (
	"fmt"
	"os"
	"path/filepath"
)

// outputs says where each test's output goes while it is checked: into
// Options.OutputDir, kept, one file per test; into Grader.TempDir, one file
// per test removed once checked; or, with neither, into a temporary
// folder of the same kind. (One memory file per worker was tried: it saved
// the per-test create and unlink, but basic-mode runs then got stray
// SIGKILLs, so it waits for that to be understood.)
type outputs struct {
	dir  string // files named after their tests
	keep bool   // dir is Options.OutputDir
	temp bool   // dir was made here, and goes with close
}

// newOutputs prepares the outputs of a submission judged on workers
// workers.
func newOutputs(opt Options, tempDir string, workers int) (*outputs, error) {
	if opt.OutputDir != "" {
		return &outputs{dir: opt.OutputDir, keep: true}, nil
	}
	dir, err := os.MkdirTemp(tempDir, "judge-out-")
	if err != nil {
		return nil, fmt.Errorf("create output directory: %w", err)
	}
	return &outputs{dir: dir, temp: true}, nil
}

// path is where the output of test goes, run by worker.
func (o *outputs) path(worker int, test string) string {
	return filepath.Join(o.dir, filepath.FromSlash(test)+".out")
}

// kept says whether outputs stay once checked (TestResult.OutputPath).
func (o *outputs) kept() bool { return o.keep }

// done is called once the output at path has been checked.
func (o *outputs) done(path string) {
	if o.dir != "" && !o.keep {
		os.Remove(path)
	}
}

// close removes the temporary folder.
func (o *outputs) close() {
	if o.temp {
		os.RemoveAll(o.dir)
	}
}
