package grade

import (
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// outputs says where each test's output goes while it is checked: into
// Options.OutputDir, kept, one file per test; into Grader.TempDir, one file
// per test removed once checked; or, with neither, into one memory file
// per worker that each of its tests rewrites. A memory file spares each
// test creating and removing a file on disk, which on ext4 cost more than
// anything else the judge does per test but the run itself.
type outputs struct {
	dir  string     // files named after their tests; "" with mem
	keep bool       // dir is Options.OutputDir
	temp bool       // dir was made here, and goes with close
	mem  []*os.File // one memory file per worker
}

// newOutputs prepares the outputs of a submission judged on workers
// workers.
func newOutputs(opt Options, tempDir string, workers int) (*outputs, error) {
	if opt.OutputDir != "" {
		return &outputs{dir: opt.OutputDir, keep: true}, nil
	}
	if tempDir == "" {
		o := &outputs{}
		for w := 0; w < workers; w++ {
			fd, err := unix.MemfdCreate("judge-output", unix.MFD_CLOEXEC)
			if err != nil {
				// No memory files here: files in the temporary folder.
				o.close()
				o = nil
				break
			}
			o.mem = append(o.mem, os.NewFile(uintptr(fd), "judge-output"))
		}
		if o != nil {
			return o, nil
		}
	}
	dir, err := os.MkdirTemp(tempDir, "judge-out-")
	if err != nil {
		return nil, fmt.Errorf("create output directory: %w", err)
	}
	return &outputs{dir: dir, temp: true}, nil
}

// path is where the output of test goes, run by worker.
func (o *outputs) path(worker int, test string) string {
	if o.mem != nil {
		// The judge opens it again by this path (the runner, to write;
		// the checker, to read): the same memory file, in this process.
		return fmt.Sprintf("/proc/self/fd/%d", o.mem[worker].Fd())
	}
	return filepath.Join(o.dir, filepath.FromSlash(test)+".out")
}

// direct says whether outputs are the judge's memory files, which a
// program may be given to write into itself (runner.Spec.StdoutFile): a
// file on disk would show the program its host path.
func (o *outputs) direct() bool { return o.mem != nil }

// kept says whether outputs stay once checked (TestResult.OutputPath).
func (o *outputs) kept() bool { return o.keep }

// done is called once the output at path has been checked.
func (o *outputs) done(path string) {
	if o.dir != "" && !o.keep {
		os.Remove(path)
	}
}

// close frees the memory files, or removes the temporary folder.
func (o *outputs) close() {
	for _, f := range o.mem {
		f.Close()
	}
	if o.temp {
		os.RemoveAll(o.dir)
	}
}
