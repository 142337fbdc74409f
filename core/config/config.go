// Package config loads the judge's configuration: judge.yaml and
// languages.yaml, read with viper.
//
// The configuration file is, in this order: the one named by --config, the
// one named by JUDGE_CONFIG, configs/judge.yaml in the working folder or
// the nearest parent folder that has one, or else the built-in
// configuration: the repository's configs/ folder, embedded in the binary
// (package configs). Settings are taken, each overriding the one before,
// from the built-in defaults, that file, JUDGE_* environment variables
// (JUDGE_WORKERS, JUDGE_SANDBOX, ...) and command-line flags.
package config

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlejudge/judge/configs"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/internal/suggest"
	"github.com/puzzlejudge/judge/runner"
	"github.com/spf13/pflag"
	"github.com/spf13/viper"
)

// Config is the judge's configuration after every source is applied.
type Config struct {
	// Sandbox is the sandbox mode: auto, full or basic.
	Sandbox runner.Mode
	// Workers is how many tests run at once; default the number of CPUs.
	Workers int
	// CacheDir holds compiled programs and warm build caches.
	CacheDir string
	// BoxDir holds the boxes' directories ("" for the sandbox's default).
	BoxDir string
	// BoxDisk is the size of each box's writable tmpfs, in bytes.
	BoxDisk int64
	// ProblemsDir and SolutionsDir are where problem packages and their
	// solutions live.
	ProblemsDir  string
	SolutionsDir string
	// Compile holds the limits of a compile.
	Compile runner.Limits
	// SourceLimit is the largest source file the judge takes, in bytes.
	SourceLimit int64
	// CacheMaxSize is the size the compile cache is trimmed to (least
	// recently used programs first) when a judge adds to it; 0 means no
	// limit.
	CacheMaxSize int64
	// File is the configuration file in force; "" for the built-in one.
	File string
	// Dir is the folder the configuration file is in; "" for the built-in
	// configuration.
	Dir string
	// Languages maps a language name to its entry in languages.yaml.
	Languages map[string]*compile.Language
}

// DefaultPath is the configuration file looked for in the working folder
// and its parents when none is named.
const DefaultPath = "configs/judge.yaml"

// EnvConfig is the environment variable that names a configuration file
// when --config does not.
const EnvConfig = "JUDGE_CONFIG"

// builtinName names the embedded configuration in messages.
const builtinName = "built-in configs/"

// keys and their defaults; judge.yaml may hold only these.
var defaults = map[string]any{
	"sandbox":        "auto",
	"workers":        0,
	"cache_dir":      "",
	"box_dir":        "",
	"box_disk":       "64MiB",
	"problems_dir":   "problems",
	"solutions_dir":  "solutions",
	"languages":      "languages.yaml",
	"compile_time":   "30s",
	"compile_memory": "2GiB",
	"compile_output": "64KiB",
	"source_limit":   "256KiB",
	"cache_max_size": "2GiB",
}

// Find returns the configuration file in force: path when it is set, else
// the file $JUDGE_CONFIG names, else configs/judge.yaml in the working
// folder or the nearest parent folder that has one. "" means none: the
// built-in configuration.
func Find(path string) (string, error) {
	if path != "" {
		return path, nil
	}
	if env := os.Getenv(EnvConfig); env != "" {
		return env, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("look for %s: %w", DefaultPath, err)
	}
	for dir := wd; ; {
		p := filepath.Join(dir, DefaultPath)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			if rel, err := filepath.Rel(wd, p); err == nil {
				p = rel
			}
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// Load reads the configuration file that Find picks for path, then JUDGE_*
// variables, then the flags in flags that have been set. Flag names use
// dashes for the keys' underscores (--cache-dir).
//
// Relative folders given in a configuration file are relative to its
// project folder: the folder that holds its configs/ folder, or else the
// folder the file is in. Those from flags and variables are relative to
// the working folder, as are the defaults of the built-in configuration.
// The languages file is relative to the configuration file; when the file
// does not name one and none lies beside it, the built-in languages apply.
//
// Load refuses problem, solution, cache and box folders that lie under a
// folder every box can read (runner.DefaultBinds).
func Load(path string, flags *pflag.FlagSet) (*Config, error) {
	file, err := Find(path)
	if err != nil {
		return nil, err
	}
	v := viper.New()
	for k, d := range defaults {
		v.SetDefault(k, d)
	}
	v.SetConfigType("yaml")
	name := file
	var data []byte
	if file == "" {
		name = builtinName + "judge.yaml"
		data, err = configs.FS.ReadFile("judge.yaml")
	} else {
		data, err = os.ReadFile(file)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := v.ReadConfig(bytes.NewReader(data)); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	for _, k := range v.AllKeys() {
		if _, ok := defaults[k]; !ok {
			return nil, fmt.Errorf("%s: unknown key %q", name, k)
		}
	}
	v.SetEnvPrefix("JUDGE")
	v.SetEnvKeyReplacer(strings.NewReplacer("-", "_"))
	v.AutomaticEnv()
	if flags != nil {
		for k := range defaults {
			if f := flags.Lookup(strings.ReplaceAll(k, "_", "-")); f != nil {
				if err := v.BindPFlag(k, f); err != nil {
					return nil, err
				}
			}
		}
	}
	c := &Config{File: file}
	// base is the folder the file's relative folders are relative to.
	base := "."
	if file != "" {
		if c.Dir, err = filepath.Abs(filepath.Dir(file)); err != nil {
			return nil, err
		}
		base = filepath.Dir(file)
		if filepath.Base(c.Dir) == "configs" {
			base = filepath.Join(base, "..")
		}
	}
	// folder is a folder setting, relative to base when it comes from the
	// file (or its default), as given when it comes from a flag or the
	// environment.
	folder := func(key string) string {
		val := v.GetString(key)
		if val == "" || filepath.IsAbs(val) || setOutsideFile(key, flags) {
			return val
		}
		return filepath.Join(base, val)
	}
	// bad names the setting's real source: the flag, the variable or the
	// file.
	bad := func(key string, err error) error {
		return fmt.Errorf("%s: %w", source(key, name, flags), err)
	}
	if c.Sandbox, err = runner.ParseMode(v.GetString("sandbox")); err != nil {
		return nil, bad("sandbox", err)
	}
	if c.Workers, err = strconv.Atoi(strings.TrimSpace(v.GetString("workers"))); err != nil {
		return nil, bad("workers", fmt.Errorf("want a whole number, got %q", v.GetString("workers")))
	}
	if c.Workers < 0 {
		return nil, bad("workers", fmt.Errorf("must not be negative, got %d", c.Workers))
	}
	if c.Workers == 0 {
		c.Workers = runtime.NumCPU()
	}
	c.CacheDir = folder("cache_dir")
	if c.CacheDir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			base = os.TempDir()
		}
		c.CacheDir = filepath.Join(base, "puzzlejudge")
	}
	c.BoxDir = folder("box_dir")
	if c.BoxDisk, err = figures.ParseSize(v.GetString("box_disk")); err != nil {
		return nil, bad("box_disk", err)
	}
	c.ProblemsDir = folder("problems_dir")
	c.SolutionsDir = folder("solutions_dir")
	if err := outsideBoxes(map[string]string{
		"problems_dir": c.ProblemsDir, "solutions_dir": c.SolutionsDir, "cache_dir": c.CacheDir, "box_dir": c.BoxDir,
	}); err != nil {
		return nil, err
	}
	c.Compile = compile.DefaultLimits()
	if c.Compile.CPU, err = time.ParseDuration(v.GetString("compile_time")); err != nil || c.Compile.CPU <= 0 {
		return nil, bad("compile_time", fmt.Errorf("bad duration %q", v.GetString("compile_time")))
	}
	c.Compile.Wall = runner.DefaultWall(c.Compile.CPU)
	if c.Compile.Memory, err = figures.ParseSize(v.GetString("compile_memory")); err != nil {
		return nil, bad("compile_memory", err)
	}
	if c.Compile.Stderr, err = figures.ParseSize(v.GetString("compile_output")); err != nil {
		return nil, bad("compile_output", err)
	}
	if c.SourceLimit, err = figures.ParseSize(v.GetString("source_limit")); err != nil || c.SourceLimit <= 0 {
		if err == nil {
			err = fmt.Errorf("must be positive, got %q", v.GetString("source_limit"))
		}
		return nil, bad("source_limit", err)
	}
	if m := strings.TrimSpace(v.GetString("cache_max_size")); m != "0" {
		if c.CacheMaxSize, err = figures.ParseSize(m); err != nil {
			return nil, bad("cache_max_size", err)
		}
	}
	langPath := v.GetString("languages")
	switch {
	case setOutsideFile("languages", flags):
		c.Languages, err = LoadLanguages(langPath)
	case file == "":
		c.Languages, err = builtinLanguages(c.CacheDir)
	default:
		if !filepath.IsAbs(langPath) {
			langPath = filepath.Join(filepath.Dir(file), langPath)
		}
		if v.InConfig("languages") || exists(langPath) {
			c.Languages, err = LoadLanguages(langPath)
		} else {
			c.Languages, err = builtinLanguages(c.CacheDir)
		}
	}
	if err != nil {
		return nil, err
	}
	return c, nil
}

// source names where key's value comes from, for messages: its flag
// ("--sandbox") when set, else its variable ("JUDGE_SANDBOX") when set,
// else the key in the file named name ("configs/judge.yaml: sandbox").
func source(key, name string, flags *pflag.FlagSet) string {
	flag := strings.ReplaceAll(key, "_", "-")
	if flags != nil {
		if f := flags.Lookup(flag); f != nil && f.Changed {
			return "--" + flag
		}
	}
	if env := "JUDGE_" + strings.ToUpper(key); os.Getenv(env) != "" {
		return env
	}
	return name + ": " + key
}

// setOutsideFile reports whether key is set by a flag in flags or by its
// JUDGE_* environment variable.
func setOutsideFile(key string, flags *pflag.FlagSet) bool {
	if flags != nil {
		if f := flags.Lookup(strings.ReplaceAll(key, "_", "-")); f != nil && f.Changed {
			return true
		}
	}
	return os.Getenv("JUDGE_"+strings.ToUpper(key)) != ""
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// outsideBoxes checks that none of the folders (by setting) lies under a
// folder bound into every box, where a submission could read it.
func outsideBoxes(folders map[string]string) error {
	keys := make([]string, 0, len(folders))
	for k := range folders {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, key := range keys {
		dir := folders[key]
		if dir == "" {
			continue
		}
		abs, err := filepath.Abs(dir)
		if err != nil {
			return fmt.Errorf("%s: %w", key, err)
		}
		paths := []string{abs}
		if real, err := filepath.EvalSymlinks(abs); err == nil && real != abs {
			paths = append(paths, real)
		}
		for _, p := range paths {
			for _, bind := range runner.DefaultBinds {
				if p == bind || strings.HasPrefix(p, strings.TrimSuffix(bind, "/")+"/") {
					return fmt.Errorf("%s %s lies under %s, which is bound into every box where submissions could read it; choose a folder outside %s", key, dir, bind, bind)
				}
			}
		}
	}
	return nil
}

// languageKeys are the keys a language entry may have.
var languageKeys = map[string]bool{
	"extensions": true, "source": true, "compile": true, "artifacts": true, "run": true,
	"env": true, "time_multiplier": true, "procs": true, "files": true, "cache": true, "version": true,
	"cache.box": true, "cache.warm_source": true, "install": true, "aliases": true,
}

// LoadLanguages reads a languages file. Warm-up sources are relative to
// its folder, and come back as absolute paths, whatever folder a compile
// runs from.
func LoadLanguages(path string) (map[string]*compile.Language, error) {
	path, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	langs, err := parseLanguages(path, data)
	if err != nil {
		return nil, err
	}
	for _, l := range langs {
		if l.Cache != nil {
			l.Cache.WarmSource = filepath.Join(filepath.Dir(path), l.Cache.WarmSource)
		}
	}
	return langs, nil
}

// builtinLanguages reads the embedded languages.yaml. Its warm-up sources
// are written under cacheDir, where compiles can read them, in a folder
// named by their content.
func builtinLanguages(cacheDir string) (map[string]*compile.Language, error) {
	name := builtinName + "languages.yaml"
	data, err := configs.FS.ReadFile("languages.yaml")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	langs, err := parseLanguages(name, data)
	if err != nil {
		return nil, err
	}
	for _, l := range langs {
		if l.Cache == nil {
			continue
		}
		if l.Cache.WarmSource, err = writeBuiltin(cacheDir, l.Cache.WarmSource); err != nil {
			return nil, fmt.Errorf("%s: %s: %w", name, l.Name, err)
		}
	}
	return langs, nil
}

// writeBuiltin writes the embedded configs file rel to
// cacheDir/config/<hash of its content>/rel, unless it is there already,
// and returns that path.
func writeBuiltin(cacheDir, rel string) (string, error) {
	clean := path.Clean(filepath.ToSlash(rel))
	if !fs.ValidPath(clean) {
		return "", fmt.Errorf("warm_source %q: not a path inside configs/", rel)
	}
	data, err := configs.FS.ReadFile(clean)
	if err != nil {
		return "", fmt.Errorf("warm_source: %w", err)
	}
	sum := sha256.Sum256(data)
	dest := filepath.Join(cacheDir, "config", hex.EncodeToString(sum[:8]), filepath.FromSlash(clean))
	if old, err := os.ReadFile(dest); err == nil && bytes.Equal(old, data) {
		return dest, nil
	}
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return "", fmt.Errorf("write the built-in warm_source: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(dest), ".tmp-")
	if err != nil {
		return "", fmt.Errorf("write the built-in warm_source: %w", err)
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return "", fmt.Errorf("write the built-in warm_source: %w", err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return "", fmt.Errorf("write the built-in warm_source: %w", err)
	}
	if err := os.Rename(tmp.Name(), dest); err != nil {
		os.Remove(tmp.Name())
		return "", fmt.Errorf("write the built-in warm_source: %w", err)
	}
	return dest, nil
}

// parseLanguages reads the languages in data, from the file called name.
func parseLanguages(path string, data []byte) (map[string]*compile.Language, error) {
	v := viper.New()
	v.SetConfigType("yaml")
	if err := v.ReadConfig(bytes.NewReader(data)); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	langs := map[string]*compile.Language{}
	byExt := map[string]string{}
	byAlias := map[string]string{}
	names := []string{}
	for name := range v.AllSettings() {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		sub := v.Sub(name)
		if sub == nil {
			return nil, fmt.Errorf("%s: %s: not a map of settings", path, name)
		}
		for _, k := range sub.AllKeys() {
			if !languageKeys[k] {
				return nil, fmt.Errorf("%s: %s: unknown key %q", path, name, k)
			}
		}
		l := &compile.Language{}
		if err := sub.UnmarshalExact(l); err != nil {
			return nil, fmt.Errorf("%s: %s: %w", path, name, err)
		}
		l.Name = name
		if l.TimeMultiplier == 0 {
			l.TimeMultiplier = 1
		}
		switch {
		case !sub.IsSet("extensions"):
			// An empty list is a language chosen only by name (--lang).
			return nil, fmt.Errorf("%s: %s: no extensions (an empty list for a language chosen only with --lang)", path, name)
		case l.Source == "" || strings.ContainsRune(l.Source, '/'):
			return nil, fmt.Errorf("%s: %s: source must be a plain file name", path, name)
		case len(l.Run) == 0:
			return nil, fmt.Errorf("%s: %s: no run command", path, name)
		case len(l.Compile) > 0 && len(l.Artifacts) == 0:
			return nil, fmt.Errorf("%s: %s: a compile step needs artifacts", path, name)
		case l.TimeMultiplier < 0:
			return nil, fmt.Errorf("%s: %s: time_multiplier must be positive", path, name)
		case l.Cache != nil && (l.Cache.Box == "" || l.Cache.WarmSource == ""):
			return nil, fmt.Errorf("%s: %s: cache needs box and warm_source", path, name)
		}
		for _, e := range l.Extensions {
			if !strings.HasPrefix(e, ".") {
				return nil, fmt.Errorf("%s: %s: extension %q must start with a dot", path, name, e)
			}
			if other, dup := byExt[e]; dup {
				return nil, fmt.Errorf("%s: extension %s belongs to both %s and %s", path, e, other, name)
			}
			byExt[e] = name
		}
		for _, a := range l.Aliases {
			a = strings.ToLower(a)
			if other, dup := byAlias[a]; dup {
				return nil, fmt.Errorf("%s: alias %s belongs to both %s and %s", path, a, other, name)
			}
			byAlias[a] = name
		}
		langs[name] = l
	}
	for a, name := range byAlias {
		if _, clash := langs[a]; clash && a != name {
			return nil, fmt.Errorf("%s: %s: alias %s is the name of another language", path, name, a)
		}
	}
	if len(langs) == 0 {
		return nil, fmt.Errorf("%s: no languages", path)
	}
	return langs, nil
}

// Language picks the language of a source file: by name or alias when
// lang is set (in any case: c++, Python3), else by the file's extension,
// matched as written first (.C is C++), then in lower case (.CPP).
func (c *Config) Language(file, lang string) (*compile.Language, error) {
	if lang != "" {
		want := strings.ToLower(lang)
		for _, name := range c.names() {
			l := c.Languages[name]
			if strings.ToLower(name) == want {
				return l, nil
			}
			for _, a := range l.Aliases {
				if strings.ToLower(a) == want {
					return l, nil
				}
			}
		}
		return nil, fmt.Errorf("unknown language %q%s (known: %s)", lang, suggest.Hint(lang, c.names()), c.known())
	}
	ext := filepath.Ext(file)
	for _, e := range []string{ext, strings.ToLower(ext)} {
		for _, name := range c.names() {
			for _, le := range c.Languages[name].Extensions {
				if le == e {
					return c.Languages[name], nil
				}
			}
		}
	}
	return nil, fmt.Errorf("%s: cannot tell the language from extension %q; use --lang (known: %s)", file, ext, c.known())
}

func (c *Config) names() []string {
	names := make([]string, 0, len(c.Languages))
	for n := range c.Languages {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func (c *Config) known() string {
	var parts []string
	for _, n := range c.names() {
		l := c.Languages[n]
		names := n
		if len(l.Aliases) > 0 {
			names += ", " + strings.Join(l.Aliases, ", ")
		}
		exts := strings.Join(l.Extensions, " ")
		if exts == "" {
			exts = "--lang only"
		}
		parts = append(parts, fmt.Sprintf("%s (%s)", names, exts))
	}
	return strings.Join(parts, ", ")
}
