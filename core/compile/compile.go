package compile

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/puzzlejudge/judge/internal/fileutil"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/puzzlejudge/judge/runner"
)

// Compiler compiles submissions in boxes and keeps the results in a
// content-addressed cache. It is safe for concurrent use; use it through a
// pointer and do not copy it.
type Compiler struct {
	Sandbox *runner.Sandbox
	// CacheDir holds compiled programs (bin/) and warm build caches.
	CacheDir string
	// ConfigDir is where Language.Cache.WarmSource is found.
	ConfigDir string
	// Limits of a compile; with a zero CPU limit, DefaultLimits.
	Limits runner.Limits
	// OnWarm, if set, is called before a language's warm build cache is
	// built, which happens once per machine and takes a while.
	OnWarm func(lang string)
	// MaxCacheSize, if positive, is the size the cache is kept within
	// (least recently used programs removed first, none in use) as this
	// Compiler stores programs; see trim.
	MaxCacheSize int64

	mu      sync.Mutex
	ids     map[string]*identity // compiler identities, by identityKey
	held    holds                // cache entries in use by compiles with no lease
	trimmed trimState            // what trim knows of the cache's size
}

// DefaultLimits returns the default limits of a compile: its memory is
// the 2 GiB the Kattis format (2025-09) guarantees compilers.
func DefaultLimits() runner.Limits {
	return runner.Limits{
		CPU:    30 * time.Second,
		Wall:   60 * time.Second,
		Memory: 2 << 30,
		Stderr: 64 << 10,
		Procs:  256,
		Files:  256,
	}
}

// Compilation reports a compile.
type Compilation struct {
	OK     bool          `json:"ok"`
	Time   time.Duration `json:"-"`
	Output string        `json:"output"`
	Cached bool          `json:"cached"`
}

// notFoundError is the error of a compile whose compiler is not in the box.
type notFoundError struct {
	lang, command, install string
	err                    error // wraps runner.ErrCommandNotFound
}

func (e *notFoundError) Error() string {
	msg := fmt.Sprintf("compile %s: %s not found in the box", e.lang, e.command)
	if e.install != "" {
		msg += " (install: " + e.install + ")"
	}
	return msg
}

func (e *notFoundError) Unwrap() error { return e.err }

// limits returns the limits of a compile, defaults applied. Its box's
// disk (the files it may write, each of them and all together, and what
// it may bring out) is its memory limit, which in full mode counts what
// it writes anyway: a compile is not held to the box_disk of runs, so a
// program with a large static array (an object file and a binary of
// 512 MiB each) compiles, as under DOMjudge's 2.5 GiB file-size limit.
func (c *Compiler) limits() runner.Limits {
	lim := c.Limits
	if lim.CPU == 0 {
		lim = DefaultLimits()
	}
	lim = lim.WithDefaults()
	if lim.Disk == 0 {
		lim.Disk = lim.Memory
	}
	return lim
}

// Compile compiles source (a host file) as lang. A compile error is not an
// error: it is reported in Compilation with OK false. An error means the
// judge failed, for example because the compiler is not in the box (the
// error then wraps runner.ErrCommandNotFound and its message names the
// compiler and lang.Install).
func (c *Compiler) Compile(ctx context.Context, lang *Language, source string) (*Program, Compilation, error) {
	return c.CompileWith(ctx, lang, source, nil)
}

// CompileWith compiles source as Compile does, with the extra files (a
// program's headers or other modules, each under its own name) placed
// beside it for the compile and kept in the program's folder.
//
// For the language of build/run programs (BuildRunLanguage), source is the
// program's folder, and the extra files are placed at its top.
func (c *Compiler) CompileWith(ctx context.Context, lang *Language, source string, extra []runner.File) (*Program, Compilation, error) {
	if lang.BuildRun {
		return c.build(ctx, lang, source, extra)
	}
	src, err := os.ReadFile(source)
	if err != nil {
		return nil, Compilation{}, fmt.Errorf("read %s: %w", source, err)
	}
	if comp, bad := notText(src); bad {
		return nil, comp, nil
	}
	if src, err = withExtra(src, extra); err != nil {
		return nil, Compilation{}, err
	}
	lim := c.limits()
	id := ""
	if len(lang.Compile) > 0 {
		id = c.identity(ctx, lang)
	}
	name := sourceName(lang, source)
	others := otherSources(lang, extra)
	if len(others) > 0 {
		// Several sources keep their own names, as their #include lines
		// and messages know them.
		name = filepath.Base(source)
	}
	entry := filepath.Join(c.CacheDir, "bin", key(forSource(lang, name, others...), id, lim, src))
	if prog, comp, ok := cached(lang, name, entry); ok && c.hold(ctx, entry) {
		return addExtra(prog, extra, entry), comp, nil
	}
	if err := os.MkdirAll(filepath.Join(c.CacheDir, "bin"), 0o755); err != nil {
		return nil, Compilation{}, fmt.Errorf("create cache: %w", err)
	}
	tmp, err := os.MkdirTemp(filepath.Join(c.CacheDir, "bin"), ".tmp-")
	if err != nil {
		return nil, Compilation{}, fmt.Errorf("create cache entry: %w", err)
	}
	defer os.RemoveAll(tmp)
	start := time.Now()
	comp, store := Compilation{OK: true}, true
	if len(lang.Compile) == 0 {
		if err := fileutil.Copy(source, filepath.Join(tmp, name), 0o644); err != nil {
			return nil, comp, err
		}
		for _, f := range extra {
			if err := fileutil.Copy(f.Path, filepath.Join(tmp, f.Name), 0o644); err != nil {
				return nil, comp, err
			}
		}
	} else {
		if comp, store, err = c.runCompiler(ctx, forSource(lang, name, others...), id, source, extra, tmp, lim); err != nil {
			return nil, comp, err
		}
	}
	comp.Time = time.Since(start)
	if !store {
		return nil, comp, nil
	}
	if err := c.commit(ctx, tmp, entry, comp, "compiled"); err != nil {
		return nil, comp, err
	}
	c.trim(entry)
	if !comp.OK {
		return nil, comp, nil
	}
	return addExtra(program(lang, name, entry), extra, entry), comp, nil
}

// runCompiler compiles source into out; lang is as forSource made it. It
// reports whether the result may be cached: a failure caused by a limit,
// a signal, or a command the compiler could not find or run is not the
// source's fault for certain, and is not kept; nor is a compile that left
// its box changed, or failed as an unsound environment makes compilers
// fail (see environmentFault).
func (c *Compiler) runCompiler(ctx context.Context, lang *Language, id, source string, extra []runner.File, out string, lim runner.Limits) (Compilation, bool, error) {
	spec := runner.Spec{
		Args:       expandLimits(lang.Compile, lim),
		Env:        lang.Env,
		Work:       append([]runner.File{{Name: lang.Source, Path: source}}, extra...),
		Collect:    collectWith(lang.Artifacts, extra),
		CollectDir: out,
		Combined:   true,
		AllCPUs:    true,
		Limits:     lim,
	}
	if lang.Cache != nil {
		warm, err := c.warmCache(ctx, lang, id)
		if err != nil {
			return Compilation{}, false, err
		}
		cacheDir := lang.Cache.Box
		if c.Sandbox.Mode() == runner.ModeFull {
			spec.Overlays = []runner.Overlay{{Host: warm, Box: lang.Cache.Box}}
		} else {
			// Basic mode has no overlays: the compile gets a private
			// cache of hard links to the warm one, where it can add
			// entries but not change the warm cache's.
			private, err := linkCache(warm)
			if err != nil {
				return Compilation{}, false, err
			}
			defer os.RemoveAll(private)
			cacheDir = private
		}
		spec.Env = replaceAll(spec.Env, "{cache}", cacheDir)
	}
	res, err := c.Sandbox.Run(ctx, spec)
	if errors.Is(err, runner.ErrCollectLimit) {
		// What the compiler left is more than the box's disk by apparent
		// sizes: a compile error, nothing of it kept (nor cached: the
		// bound is the judge's setting, compile_memory).
		return Compilation{Output: "the compiler left more than its box may bring out: " + err.Error()}, false, nil
	}
	if err != nil {
		if errors.Is(err, runner.ErrCommandNotFound) {
			return Compilation{}, false, &notFoundError{lang: lang.Name, command: lang.Compile[0], install: lang.Install, err: err}
		}
		return Compilation{}, false, fmt.Errorf("compile %s: %w", lang.Name, err)
	}
	comp := Compilation{OK: res.OK(), Output: trimOutput(string(res.Stderr), spec.Limits.Stderr > 0 && int64(len(res.Stderr)) >= spec.Limits.Stderr)}
	note, store := outcome(res, "compilation", "compiler")
	if !comp.OK && environmentFault(string(res.Stderr), append(append([]string{lang.Source}, lang.Artifacts...), fileNames(extra)...)) {
		store = false
	}
	if comp.OK {
		for _, a := range lang.Artifacts {
			if _, err := os.Stat(filepath.Join(out, a)); err != nil {
				// The compiler claims success: something other than the
				// source may be at fault, so this is not kept either.
				comp.OK, store = false, false
				note = strings.TrimSpace(note + "\ncompiler produced no " + a)
			}
		}
	}
	if note != "" {
		comp.Output = strings.TrimSpace(comp.Output + "\n" + note)
	}
	return comp, store, nil
}

// outcome returns the note a compile's result adds to its output, if any,
// and whether the result may be cached (see runCompiler); what and who
// name the step and its program in the note ("compilation", "compiler").
// A run that left its box changed (runner.Result.BoxChanged) is not
// cached either: what it made may be the box's doing.
func outcome(res runner.Result, what, who string) (string, bool) {
	note, store := limitOutcome(res, what, who)
	return note, store && !res.BoxChanged
}

// environmentSigns are the system's messages for failures a compiler in a
// box as new does not meet because of its source, but meets when its
// environment is wrong: its folders not writable or its files not
// readable (EACCES, EPERM, EROFS), a broken disk (EIO), the machine short
// of memory or processes (ENOMEM, EAGAIN), or a part of the compiler that
// it cannot start (execvp).
// They are matched in any case: C libraries write "Permission denied", Go
// "permission denied".
var environmentSigns = []string{
	"permission denied", "operation not permitted", "read-only file system", "input/output error",
	"cannot allocate memory", "resource temporarily unavailable", "execvp", "cannot open output file",
}

// environmentFault reports whether a failed compile's output says that
// something other than the source may be at fault, so that its compile
// error is not cached: one of environmentSigns, or a file of the
// compile's own (own: its source, extra files and artifacts) not found.
// A source can make a compiler print these (an #include of a file it may
// not read); such a compile error is then merely made again next time.
func environmentFault(output string, own []string) bool {
	output = strings.ToLower(output)
	for _, sign := range environmentSigns {
		if strings.Contains(output, sign) {
			return true
		}
	}
	for _, line := range strings.Split(output, "\n") {
		if !strings.Contains(line, "no such file or directory") {
			continue
		}
		for _, name := range own {
			name = strings.ToLower(name)
			// "cc1: fatal error: main.c: No such file ...", or Python's
			// "No such file or directory: 'main.py'" (with a path or not).
			if strings.Contains(line, " "+name+": no such file") || strings.Contains(line, "/"+name+": no such file") ||
				strings.Contains(line, "'"+name+"'") || strings.Contains(line, "/"+name+"'") {
				return true
			}
		}
	}
	return false
}

// fileNames returns the names of files.
func fileNames(files []runner.File) []string {
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = f.Name
	}
	return names
}

// limitOutcome is outcome for the limits, signals and exit statuses that
// say the source is not at fault for certain.
func limitOutcome(res runner.Result, what, who string) (string, bool) {
	switch res.Status {
	case runner.CPUExceeded, runner.WallExceeded:
		return what + " exceeded its time limit", false
	case runner.MemoryExceeded:
		return what + " exceeded its memory limit", false
	case runner.OutputExceeded:
		return what + " exceeded its output limit", false
	case runner.Signaled:
		return who + " killed by " + runner.SignalName(res.Signal), false
	case runner.Exited:
		switch res.ExitCode {
		case 126:
			return who + " exited with status 126: a command it runs could not be executed", false
		case 127:
			return who + " exited with status 127: a command it runs was not found", false
		}
	}
	return "", true
}

// storeEntry writes comp into the finished compile in tmp and publishes it
// as entry. The entry appears whole or not at all; a judge that lost the
// race uses the winner's entry.
func storeEntry(tmp, entry string, comp Compilation) error {
	data, err := json.Marshal(comp)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, "compile.json"), data, 0o644); err != nil {
		return fmt.Errorf("write cache entry: %w", err)
	}
	if err := os.Rename(tmp, entry); err != nil && !errors.Is(err, os.ErrExist) && !errors.Is(err, syscall.ENOTEMPTY) {
		return fmt.Errorf("store compiled program: %w", err)
	}
	return nil
}

// cached returns the compile stored in entry, if there is one; name is the
// source's name in the box.
func cached(lang *Language, name, entry string) (*Program, Compilation, bool) {
	data, err := os.ReadFile(filepath.Join(entry, "compile.json"))
	if err != nil {
		return nil, Compilation{}, false
	}
	var comp Compilation
	if json.Unmarshal(data, &comp) != nil {
		return nil, Compilation{}, false
	}
	comp.Cached = true
	if !comp.OK {
		return nil, comp, true
	}
	return program(lang, name, entry), comp, true
}

// program returns the program whose files are in entry; name is the
// source's name in the box, which is the program when there is no compile.
func program(lang *Language, name, entry string) *Program {
	p := &Program{Language: lang}
	names := lang.Artifacts
	if len(lang.Compile) == 0 {
		names = []string{name}
	}
	for _, n := range names {
		p.Files = append(p.Files, runner.File{Name: n, Path: filepath.Join(entry, n)})
	}
	return p
}

// trimOutput keeps a compiler's message readable: at most 64 KiB and 200
// lines, with a note where it is cut. cut says the runner kept only the
// first part of what the compiler printed.
func trimOutput(s string, cut bool) string {
	s = strings.TrimSpace(s)
	if len(s) > 64<<10 {
		s, cut = s[:64<<10], true
	}
	lines := strings.Split(s, "\n")
	if len(lines) > 200 {
		lines = append(lines[:200], fmt.Sprintf("(truncated: %d more lines)", len(lines)-200))
	} else if cut {
		lines = append(lines, "(truncated)")
	}
	return strings.Join(lines, "\n")
}

// commit stores a finished compile or build, made in tmp, as the cache
// entry entry and holds it against pruning; what names the program in
// the error ("compiled", "built").
func (c *Compiler) commit(ctx context.Context, tmp, entry string, comp Compilation, what string) error {
	if err := storeEntry(tmp, entry, comp); err != nil {
		return err
	}
	if !c.hold(ctx, entry) {
		return fmt.Errorf("store %s program: %s was removed as it was stored", what, entry)
	}
	return nil
}
