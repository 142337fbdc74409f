package runner

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// Language says how to compile and run programs of one language. Entries
// come from configs/languages.yaml.
type Language struct {
	Name       string   `mapstructure:"-" json:"name"`
	Extensions []string `mapstructure:"extensions" json:"extensions"`
	// Source is the file name the submission gets in the box, e.g. main.cpp.
	Source string `mapstructure:"source" json:"source"`
	// Compile is the compile command, run in the box's working directory;
	// empty for none.
	Compile []string `mapstructure:"compile" json:"compile,omitempty"`
	// Artifacts are the files the compile leaves that make the program.
	// With no compile step, the source itself is the program.
	Artifacts []string `mapstructure:"artifacts" json:"artifacts,omitempty"`
	// Run is the command that runs the program; {prog} is its directory.
	Run []string `mapstructure:"run" json:"run"`
	// Env is added to the environment of compile and run.
	Env []string `mapstructure:"env" json:"env,omitempty"`
	// TimeMultiplier scales the problem's time limit.
	TimeMultiplier float64 `mapstructure:"time_multiplier" json:"time_multiplier"`
	// Procs and Files override the run's process and open-file limits.
	Procs int `mapstructure:"procs" json:"procs,omitempty"`
	Files int `mapstructure:"files" json:"files,omitempty"`
	// Cache is a build cache that compiles see as a private writable copy
	// of a warm cache, made once from WarmSource (relative to the configs
	// folder) with the same compile command. Env entries may use {cache}.
	Cache *BuildCache `mapstructure:"cache" json:"cache,omitempty"`
	// Version is a command that prints the compiler's or runtime's version.
	Version []string `mapstructure:"version" json:"version,omitempty"`
	// Install is the one-line fix shown when the compiler is missing.
	Install string `mapstructure:"install" json:"install,omitempty"`
}

// BuildCache describes a language's warm build cache.
type BuildCache struct {
	Box        string `mapstructure:"box" json:"box"`
	WarmSource string `mapstructure:"warm_source" json:"warm_source"`
}

// Compiler compiles submissions in boxes and keeps the results in a
// content-addressed cache.
type Compiler struct {
	Sandbox *Sandbox
	// CacheDir holds compiled programs (bin/) and warm build caches.
	CacheDir string
	// ConfigDir is where Language.Cache.WarmSource is found.
	ConfigDir string
	// Limits of a compile; zero fields take CompileLimits.
	Limits Limits
	// OnWarm, if set, is called before a language's warm build cache is
	// built, which happens once per machine and takes a while.
	OnWarm func(lang string)
}

// CompileLimits are the default limits of a compile.
var CompileLimits = Limits{
	CPU:    30 * time.Second,
	Wall:   60 * time.Second,
	Memory: 1 << 30,
	Stderr: 64 << 10,
	Procs:  256,
	Files:  256,
}

// Program is a compiled submission, ready to run.
type Program struct {
	Language *Language
	Files    []File
}

// Compilation reports a compile.
type Compilation struct {
	OK     bool          `json:"ok"`
	Time   time.Duration `json:"-"`
	Output string        `json:"output"`
	Cached bool          `json:"cached"`
}

// Spec returns the spec that runs the program with the given streams and
// limits.
func (p *Program) Spec(stdin, stdout string, lim Limits) Spec {
	if p.Language.Procs > 0 {
		lim.Procs = p.Language.Procs
	}
	if p.Language.Files > 0 {
		lim.Files = p.Language.Files
	}
	return Spec{
		Args:    p.Language.Run,
		Env:     p.Language.Env,
		Program: p.Files,
		Stdin:   stdin,
		Stdout:  stdout,
		Limits:  lim,
	}
}

// Compile compiles source (a host file) as lang. A compile error is not an
// error: it is reported in Compilation with OK false.
func (c *Compiler) Compile(ctx context.Context, lang *Language, source string) (*Program, Compilation, error) {
	src, err := os.ReadFile(source)
	if err != nil {
		return nil, Compilation{}, fmt.Errorf("read %s: %w", source, err)
	}
	key := c.key(lang, src)
	entry := filepath.Join(c.CacheDir, "bin", key)
	if prog, comp, ok := c.cached(lang, entry); ok {
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
	start := time.Now()
	comp := Compilation{OK: true}
	if len(lang.Compile) == 0 {
		if err := copyFile(source, filepath.Join(tmp, lang.Source), 0o644); err != nil {
			return nil, comp, err
		}
	} else {
		if comp, err = c.runCompiler(ctx, lang, source, tmp); err != nil {
			return nil, comp, err
		}
	}
	comp.Time = time.Since(start)
	data, err := json.Marshal(comp)
	if err != nil {
		return nil, comp, err
	}
	if err := os.WriteFile(filepath.Join(tmp, "compile.json"), data, 0o644); err != nil {
		return nil, comp, fmt.Errorf("write cache entry: %w", err)
	}
	// The entry appears whole or not at all; a judge that lost the race
	// uses the winner's entry.
	if err := os.Rename(tmp, entry); err != nil && !errors.Is(err, os.ErrExist) && !errors.Is(err, syscall.ENOTEMPTY) {
		return nil, comp, fmt.Errorf("store compiled program: %w", err)
	}
	if !comp.OK {
		return nil, comp, nil
	}
	return c.program(lang, entry), comp, nil
}

func (c *Compiler) key(lang *Language, src []byte) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%q\x00%q\x00%q\x00%q\x00", lang.Name, lang.Source, lang.Compile, lang.Env, lang.Artifacts)
	h.Write(src)
	return hex.EncodeToString(h.Sum(nil))[:32]
}

func (c *Compiler) cached(lang *Language, entry string) (*Program, Compilation, bool) {
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
	return c.program(lang, entry), comp, true
}

func (c *Compiler) program(lang *Language, entry string) *Program {
	p := &Program{Language: lang}
	names := lang.Artifacts
	if len(lang.Compile) == 0 {
		names = []string{lang.Source}
	}
	for _, n := range names {
		p.Files = append(p.Files, File{Name: n, Path: filepath.Join(entry, n)})
	}
	return p
}

func (c *Compiler) runCompiler(ctx context.Context, lang *Language, source, out string) (Compilation, error) {
	lim := c.Limits
	if lim.CPU == 0 {
		lim = CompileLimits
	}
	spec := Spec{
		Args:       lang.Compile,
		Env:        lang.Env,
		Work:       []File{{Name: lang.Source, Path: source}},
		Collect:    lang.Artifacts,
		CollectDir: out,
		Combined:   true,
		Limits:     lim,
	}
	if lang.Cache != nil {
		warm, err := c.warmCache(ctx, lang)
		if err != nil {
			return Compilation{}, err
		}
		cacheDir := lang.Cache.Box
		if c.Sandbox.Mode() == ModeFull {
			spec.Overlays = []Overlay{{Host: warm, Box: lang.Cache.Box}}
		} else {
			// Basic mode has no overlays: compiles share the warm cache.
			cacheDir = warm
		}
		spec.Env = replaceAll(spec.Env, "{cache}", cacheDir)
	}
	res, err := c.Sandbox.Run(ctx, spec)
	if err != nil {
		return Compilation{}, fmt.Errorf("compile: %w", err)
	}
	comp := Compilation{OK: res.OK(), Output: trimOutput(string(res.Stderr))}
	switch res.Status {
	case CPUExceeded, WallExceeded:
		comp.Output = strings.TrimSpace(comp.Output + "\ncompilation exceeded its time limit")
	case MemoryExceeded:
		comp.Output = strings.TrimSpace(comp.Output + "\ncompilation exceeded its memory limit")
	}
	if comp.OK {
		for _, a := range lang.Artifacts {
			if _, err := os.Stat(filepath.Join(out, a)); err != nil {
				comp.OK = false
				comp.Output = strings.TrimSpace(comp.Output + "\ncompiler produced no " + a)
			}
		}
	}
	return comp, nil
}

func replaceAll(list []string, old, new string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = strings.ReplaceAll(s, old, new)
	}
	return out
}

// trimOutput keeps a compiler's message readable: at most 64 KiB and 200
// lines.
func trimOutput(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 64<<10 {
		s = s[:64<<10]
	}
	lines := strings.Split(s, "\n")
	if len(lines) > 200 {
		lines = append(lines[:200], fmt.Sprintf("... (%d more lines)", len(lines)-200))
	}
	return strings.Join(lines, "\n")
}

// warmCache returns the host directory of the language's warm build cache,
// building it first if needed. It is built outside any box from the
// trusted warm-up source only, and published by rename, whole.
func (c *Compiler) warmCache(ctx context.Context, lang *Language) (string, error) {
	version := ""
	if len(lang.Version) > 0 {
		out, err := exec.CommandContext(ctx, lang.Version[0], lang.Version[1:]...).Output()
		if err == nil {
			version = string(out)
		}
	}
	h := sha256.Sum256([]byte(version + "\x00" + strings.Join(lang.Compile, "\x00") + "\x00" + strings.Join(lang.Env, "\x00")))
	dir := filepath.Join(c.CacheDir, "warm", lang.Name+"-"+hex.EncodeToString(h[:8]))
	if _, err := os.Stat(filepath.Join(dir, ".complete")); err == nil {
		return dir, nil
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", err
	}
	lock, err := os.OpenFile(dir+".lock", os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return "", fmt.Errorf("lock warm cache: %w", err)
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return "", fmt.Errorf("lock warm cache: %w", err)
	}
	defer syscall.Flock(int(lock.Fd()), syscall.LOCK_UN)
	if _, err := os.Stat(filepath.Join(dir, ".complete")); err == nil {
		return dir, nil
	}
	if c.OnWarm != nil {
		c.OnWarm(lang.Name)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".warm-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	cacheDir := filepath.Join(tmp, "cache")
	work := filepath.Join(tmp, "work")
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return "", err
	}
	if err := os.MkdirAll(work, 0o755); err != nil {
		return "", err
	}
	warmSrc := lang.Cache.WarmSource
	if !filepath.IsAbs(warmSrc) {
		warmSrc = filepath.Join(c.ConfigDir, warmSrc)
	}
	if err := copyFile(warmSrc, filepath.Join(work, lang.Source), 0o644); err != nil {
		return "", fmt.Errorf("warm cache for %s: %w", lang.Name, err)
	}
	cmd := exec.CommandContext(ctx, lang.Compile[0], lang.Compile[1:]...)
	cmd.Dir = work
	cmd.Env = append([]string{"PATH=" + BoxPath, "HOME=" + work, "TMPDIR=" + work}, replaceAll(replaceAll(lang.Env, "{cache}", cacheDir), "{box}", work)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("warm cache for %s: %v: %s", lang.Name, err, trimOutput(string(out)))
	}
	if err := os.WriteFile(filepath.Join(cacheDir, ".complete"), nil, 0o644); err != nil {
		return "", err
	}
	if err := os.Chmod(cacheDir, 0o755); err != nil {
		return "", err
	}
	if err := os.Rename(cacheDir, dir); err != nil {
		return "", fmt.Errorf("publish warm cache: %w", err)
	}
	return dir, nil
}
