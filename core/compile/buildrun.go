package compile

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/puzzlejudge/judge/internal/fileutil"
	"github.com/puzzlejudge/judge/runner"
)

// BuildRunName is the name of the language of build/run programs.
const BuildRunName = "build-run"

// BuildRunLanguage returns the language of the programs of a Kattis
// package that are a folder with a build script (optional) and a run
// script. Compiling one runs build, if there is one, in a copy of the
// folder in a box under the compile limits; the built copy is then the
// program's files, and its run script, started in the program's folder
// (as BAPCtools' scripts expect: ./jury), the program.
func BuildRunLanguage() *Language {
	return &Language{
		Name:   BuildRunName,
		Source: KeepName,
		// sh -c SCRIPT {prog}/run ARGS...: $0 is the run script.
		Run:            []string{"sh", "-c", `cd "${0%/*}" && exec "$0" "$@"`, "{prog}/run"},
		TimeMultiplier: 1,
		BuildRun:       true,
	}
}

// buildScript runs in the box, in the copy of the folder: it gives back
// the execute bits the copy lost (its arguments name the files that had
// them), runs build, and checks that it left an executable run. A build
// that fails exits with the build's own status.
const buildScript = `if [ $# -gt 0 ]; then chmod +x -- "$@" || exit 1; fi
./build
status=$?
if [ $status -ne 0 ]; then
	echo "build failed with exit status $status" >&2
	exit $status
fi
if [ ! -f run ]; then
	echo "the build left no run script" >&2
	exit 1
fi
if [ ! -x run ]; then
	echo "run is not executable" >&2
	exit 1
fi`

// treeFile is a file of a build/run program's folder.
type treeFile struct {
	name string // path under the folder
	path string // host path
	exec bool   // has an execute bit
}

// build compiles the build/run program in dir, with the extra files at
// its top, through the cache like a compile. The key is the folder's
// content (every file's path, execute bit and bytes) and the compile
// limits; the tools the build script runs are not part of it.
func (c *Compiler) build(ctx context.Context, lang *Language, dir string, extra []runner.File) (*Program, Compilation, error) {
	files, err := programTree(dir, extra)
	if err != nil {
		return nil, Compilation{}, err
	}
	blob, err := treeContent(files)
	if err != nil {
		return nil, Compilation{}, err
	}
	lim := c.limits()
	entry := filepath.Join(c.CacheDir, "bin", key(lang, "", lim, blob))
	if prog, comp, ok := cachedBuild(lang, entry); ok && c.hold(ctx, entry) {
		return prog, comp, nil
	}
	if err := os.MkdirAll(filepath.Join(c.CacheDir, "bin"), 0o755); err != nil {
		return nil, Compilation{}, fmt.Errorf("create cache: %w", err)
	}
	tmp, err := os.MkdirTemp(filepath.Join(c.CacheDir, "bin"), ".tmp-")
	if err != nil {
		return nil, Compilation{}, fmt.Errorf("create cache entry: %w", err)
	}
	defer os.RemoveAll(tmp)
	tree := filepath.Join(tmp, "tree")
	if err := os.Mkdir(tree, 0o755); err != nil {
		return nil, Compilation{}, fmt.Errorf("create cache entry: %w", err)
	}
	start := time.Now()
	comp, store, err := c.runBuild(ctx, files, tree, lim)
	if err != nil {
		return nil, comp, fmt.Errorf("build %s: %w", dir, err)
	}
	comp.Time = time.Since(start)
	if !store {
		return nil, comp, nil
	}
	if err := c.commit(ctx, tmp, entry, comp, "built"); err != nil {
		return nil, comp, err
	}
	c.trim(entry)
	if !comp.OK {
		return nil, comp, nil
	}
	prog, err := treeProgram(lang, entry)
	return prog, comp, err
}

// runBuild makes the program of files in tree: a copy of them, built by
// their build script in a box if they have one. It reports whether the
// result may be cached, as runCompiler does.
func (c *Compiler) runBuild(ctx context.Context, files []treeFile, tree string, lim runner.Limits) (Compilation, bool, error) {
	find := func(name string) (treeFile, bool) {
		i := slices.IndexFunc(files, func(f treeFile) bool { return f.name == name })
		if i < 0 {
			return treeFile{}, false
		}
		return files[i], true
	}
	build, hasBuild := find("build")
	if hasBuild && !build.exec {
		return Compilation{Output: "build is not executable"}, true, nil
	}
	if !hasBuild {
		run, ok := find("run")
		switch {
		case !ok:
			return Compilation{Output: "no build or run script"}, true, nil
		case !run.exec:
			return Compilation{Output: "run is not executable"}, true, nil
		}
		for _, f := range files {
			dst := filepath.Join(tree, f.name)
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return Compilation{}, false, err
			}
			if err := fileutil.Copy(f.path, dst, 0o755); err != nil {
				return Compilation{}, false, err
			}
		}
		return Compilation{OK: true}, true, nil
	}
	args := []string{"sh", "-c", buildScript, "build"}
	var work []runner.File
	for _, f := range files {
		work = append(work, runner.File{Name: f.name, Path: f.path})
		if f.exec {
			args = append(args, f.name)
		}
	}
	spec := runner.Spec{Args: args, Work: work, CollectAll: true, CollectDir: tree, Combined: true, AllCPUs: true, Limits: lim}
	res, err := c.Sandbox.Run(ctx, spec)
	if errors.Is(err, runner.ErrCollectLimit) {
		// What the build left is more than the box's disk by apparent
		// sizes (sparse files): a compile error, and nothing of it kept
		// (nor cached: the bound is the judge's setting, compile_memory).
		return Compilation{Output: "the build left more than its box may bring out: " + err.Error()}, false, nil
	}
	if err != nil {
		return Compilation{}, false, err
	}
	comp := Compilation{OK: res.OK(), Output: trimOutput(string(res.Stderr), lim.Stderr > 0 && int64(len(res.Stderr)) >= lim.Stderr)}
	note, store := outcome(res, "the build", "the build script")
	if !comp.OK && environmentFault(string(res.Stderr), nil) {
		store = false
	}
	if _, err := os.Stat(filepath.Join(tree, "run")); comp.OK && err != nil {
		// The build claims success, but its run was not brought back (a
		// link, or too deep): not the folder's fault for certain.
		comp.OK, store, note = false, false, "the build's run script could not be collected"
	}
	if note != "" {
		comp.Output = trimOutput(comp.Output+"\n"+note, false)
	}
	return comp, store, nil
}

// programTree lists the regular files of dir and the extra files at its
// top in place of files of the same name. Nothing in dir is followed: a
// link, or anything but a folder or a regular file, is an error naming
// it.
func programTree(dir string, extra []runner.File) ([]treeFile, error) {
	var files []treeFile
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s is not a regular file or folder (links in a program folder are not followed)", rel)
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		files = append(files, treeFile{name: filepath.ToSlash(rel), path: path, exec: fi.Mode()&0o111 != 0})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read program %s: %w", dir, err)
	}
	for _, f := range extra {
		if f.Name == "" || !filepath.IsLocal(f.Name) || filepath.Base(f.Name) != f.Name {
			return nil, fmt.Errorf("extra file %q: want a plain file name", f.Name)
		}
		fi, err := os.Stat(f.Path)
		if err != nil {
			return nil, fmt.Errorf("extra file: %w", err)
		}
		t := treeFile{name: f.Name, path: f.Path, exec: fi.Mode()&0o111 != 0}
		if i := slices.IndexFunc(files, func(g treeFile) bool { return g.name == f.Name }); i >= 0 {
			files[i] = t
		} else {
			files = append(files, t)
		}
	}
	slices.SortFunc(files, func(a, b treeFile) int {
		switch {
		case a.name < b.name:
			return -1
		case a.name > b.name:
			return 1
		}
		return 0
	})
	return files, nil
}

// treeContent is what a build/run program's cache key covers: a digest of
// each file's path, execute bit and content, read through a small buffer
// (links refused).
func treeContent(files []treeFile) ([]byte, error) {
	h := sha256.New()
	for _, f := range files {
		if err := hashFile(h, f); err != nil {
			return nil, fmt.Errorf("read %s: %w", f.path, err)
		}
	}
	return h.Sum(nil), nil
}

// hashFile adds f's path, execute bit, size and content to h.
func hashFile(h io.Writer, f treeFile) error {
	in, st, err := fileutil.OpenRegularAt(nil, f.path)
	if errors.Is(err, fileutil.ErrNotRegular) {
		return err
	}
	if err != nil {
		return &os.PathError{Op: "open", Path: f.path, Err: err}
	}
	defer in.Close()
	fmt.Fprintf(h, "\x00file %q %t %d\x00", f.name, f.exec, st.Size)
	n, err := io.Copy(h, io.LimitReader(in, st.Size))
	if err == nil && n != st.Size {
		err = errors.New("changed while read")
	}
	return err
}

// cachedBuild returns the build stored in entry, if there is one.
func cachedBuild(lang *Language, entry string) (*Program, Compilation, bool) {
	_, comp, ok := cached(lang, "", entry)
	if !ok || !comp.OK {
		return nil, comp, ok
	}
	prog, err := treeProgram(lang, entry)
	if err != nil {
		return nil, Compilation{}, false
	}
	return prog, comp, true
}

// treeProgram returns the program whose files are the built tree of
// entry, under their paths in it.
func treeProgram(lang *Language, entry string) (*Program, error) {
	root := filepath.Join(entry, "tree")
	p := &Program{Language: lang}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if d.Type().IsRegular() {
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			p.Files = append(p.Files, runner.File{Name: rel, Path: path})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("built program: %w", err)
	}
	return p, nil
}
