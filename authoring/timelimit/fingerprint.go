package timelimit

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
)

// notJudged are the top folders of a Kattis package that judging a
// submission never reads: a change there keeps a derived limit.
var notJudged = map[string]bool{
	"problem_statement": true, "statement": true, "attachments": true,
	"solution": true, "input_visualizer": true, "output_visualizer": true,
	".git": true,
}

// packageHash returns the hex sha256 of a package's files that judging
// may read: every file's path, size and bytes, in lexical order, but those
// under notJudged. A link to a folder counts as its target's name (the
// package loader does not follow it either).
func packageHash(dir string) (string, error) {
	h := sha256.New()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		if d.IsDir() {
			if notJudged[rel] {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			if fi, err := os.Stat(path); err != nil || !fi.Mode().IsRegular() {
				target, _ := os.Readlink(path)
				fmt.Fprintf(h, "link %q %q\x00", rel, target)
				return nil
			}
		}
		return hashFile(h, rel, path)
	})
	if err != nil {
		return "", fmt.Errorf("hash the package: %w", err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// hashFile writes a file's name, size and bytes to w.
func hashFile(w io.Writer, rel, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		fmt.Fprintf(w, "special %q %v\x00", rel, fi.Mode().Type())
		return nil
	}
	fmt.Fprintf(w, "file %q %d\x00", rel, fi.Size())
	_, err = io.Copy(w, f)
	return err
}

// judgeBuild identifies the judge's build: its module version and commit,
// and for a build with local changes (or none recorded) the executable's
// path, size and time, so that a rebuild is another judge.
func judgeBuild() string {
	var b strings.Builder
	var rev, modified string
	if bi, ok := debug.ReadBuildInfo(); ok {
		fmt.Fprintf(&b, "%s %s %s", bi.Main.Path, bi.Main.Version, bi.GoVersion)
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
		fmt.Fprintf(&b, " commit %s", rev)
	}
	if rev == "" || modified == "true" {
		if exe, err := os.Executable(); err == nil {
			if fi, err := os.Stat(exe); err == nil {
				fmt.Fprintf(&b, " executable %s %d %d", exe, fi.Size(), fi.ModTime().UnixNano())
			}
		}
	}
	return b.String()
}

// machineFacts are the facts of the machine that set how fast programs
// run: the processor's model, the number of CPUs and the architecture.
// The judge has no speed figure of its own to key by.
func machineFacts() string {
	return fmt.Sprintf("%s/%s cpus %d model %q", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), cpuModel())
}

// cpuModel returns the processor's model from /proc/cpuinfo, "" when it
// cannot be read.
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		key, value, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		switch strings.TrimSpace(key) {
		case "model name", "Model", "Hardware", "cpu model":
			return strings.TrimSpace(value)
		}
	}
	return ""
}
