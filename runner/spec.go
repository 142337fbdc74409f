package runner

import "os"

// File is a host file placed into a box for a run.
type File struct {
	Name string // name inside the box: a base name, or a relative path (Work, Program)
	Path string // host path to copy from
}

// Spec is one run of a program.
type Spec struct {
	// Args is the command line. Args[0] is looked up in the box's PATH
	// unless it holds a slash. "{prog}" and "{box}" in Args and Env are
	// replaced with the program directory and the working directory.
	Args []string
	// Env is added to the box's clean environment (PATH, HOME, LANG,
	// TMPDIR); nothing is taken from the judge's own environment.
	Env []string
	// Program files are placed read-only in {prog}; a Name there may be a
	// relative path (bin/tool), its folders made.
	Program []File
	// Work files are placed in the writable working directory {box}; a
	// Name there may be a relative path (state/seen.txt), its folders made.
	Work []File
	// Collect names files of the working directory to copy, after the run,
	// into CollectDir (regular files only; links are refused). What
	// Collect and CollectAll bring out is at most the box's disk size
	// together, by apparent sizes, or nothing is (ErrCollectLimit).
	Collect    []string
	CollectDir string
	// CollectAll copies, besides Collect, every regular file of the
	// working directory and of its folders (8 deep) into CollectDir, the
	// folders made there (links and other kinds are left), for a program
	// whose working directory is a folder that lives on between runs (a
	// validator's feedback folder).
	CollectAll bool
	// Stdin is the host file given as standard input, through a pipe the
	// judge feeds (the program never sees the host file itself); "" gives
	// /dev/null.
	Stdin string
	// Stdout is the host file standard output is written to; "" discards
	// it (it is still counted against the output limit).
	Stdout string
	// StdinPipe and StdoutPipe, when set, are given ends (of pipes, as a
	// rule) the program gets as its standard input and output instead of
	// Stdin and Stdout, which must then be empty. The runner hands the
	// program a copy and never reads or writes them itself: the caller
	// keeps its own ends and closes them. The output limit is not counted
	// on a given stdout (Result.Output is zero); whoever reads it bounds
	// it. RunPair joins two programs this way.
	StdinPipe, StdoutPipe *os.File
	// StdoutFile, when set, is an open file (of the caller's, written
	// from its start, as a rule a memory file: the program can read the
	// name of what it writes to) that the program's standard output goes
	// into directly, with no pipe and no copy; Stdout and StdoutPipe must
	// then be empty. The output limit holds as for Stdout: RLIMIT_FSIZE
	// stops the program (SIGXFSZ) one byte past it, and Result.Output is
	// the file's size after the run.
	StdoutFile *os.File
	// AllCPUs lets the run use every CPU the judge may; any other run is
	// bound to one CPU (see the package documentation). For compilers,
	// which build in parallel.
	AllCPUs bool
	// Combined sends stdout and stderr together into Result.Stderr, capped
	// at Limits.Stderr, with no output limit (for compilers).
	Combined bool
	// Overlays are shown as private writable views; such a run gets a box
	// of its own that is discarded afterwards.
	Overlays []Overlay
	Limits   Limits
}

// BoxPath is the PATH every box gets.
const BoxPath = "/usr/local/go/bin:/usr/local/bin:/usr/bin:/bin"
