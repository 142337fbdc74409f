// Package config loads the judge's configuration: configs/judge.yaml and
// configs/languages.yaml, read with viper.
//
// Settings are taken, each overriding the one before, from the built-in
// defaults, configs/judge.yaml, JUDGE_* environment variables (JUDGE_WORKERS,
// JUDGE_SANDBOX, ...) and command-line flags.
package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/puzzlejudge/judge/compile"
	"github.com/puzzlejudge/judge/problem"
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
	// Dir is the folder the configuration files are in.
	Dir string
	// Languages maps a language name to its entry in languages.yaml.
	Languages map[string]*compile.Language
}

// DefaultPath is the configuration file read when none is named.
const DefaultPath = "configs/judge.yaml"

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
	"compile_memory": "1GiB",
	"compile_output": "64KiB",
}

// Load reads the configuration file at path (DefaultPath when empty; a
// missing default file means built-in defaults), then JUDGE_* variables,
// then the flags in fs that have been set. Flag names use dashes for the
// keys' underscores (--cache-dir).
func Load(path string, fs *pflag.FlagSet) (*Config, error) {
	v := viper.New()
	for k, d := range defaults {
		v.SetDefault(k, d)
	}
	explicit := path != ""
	if !explicit {
		path = DefaultPath
	}
	v.SetConfigFile(path)
	v.SetConfigType("yaml")
	if err := v.ReadInConfig(); err != nil {
		var notFound *os.PathError
		if explicit || !errors.As(err, &notFound) {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	for _, k := range v.AllKeys() {
		if _, ok := defaults[k]; !ok {
			return nil, fmt.Errorf("%s: unknown key %q", path, k)
		}
	}
	v.SetEnvPrefix("JUDGE")
	v.SetEnvKeyReplacer(strings.NewReplacer("-", "_"))
	v.AutomaticEnv()
	if fs != nil {
		for k := range defaults {
			if f := fs.Lookup(strings.ReplaceAll(k, "_", "-")); f != nil {
				if err := v.BindPFlag(k, f); err != nil {
					return nil, err
				}
			}
		}
	}
	dir, err := filepath.Abs(filepath.Dir(path))
	if err != nil {
		return nil, err
	}
	c := &Config{Dir: dir}
	bad := func(key string, err error) error {
		return fmt.Errorf("%s: %s: %w", path, key, err)
	}
	if c.Sandbox, err = runner.ParseMode(v.GetString("sandbox")); err != nil {
		return nil, bad("sandbox", err)
	}
	c.Workers = v.GetInt("workers")
	if c.Workers < 0 {
		return nil, bad("workers", fmt.Errorf("must not be negative, got %d", c.Workers))
	}
	if c.Workers == 0 {
		c.Workers = runtime.NumCPU()
	}
	c.CacheDir = v.GetString("cache_dir")
	if c.CacheDir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			base = os.TempDir()
		}
		c.CacheDir = filepath.Join(base, "puzzlejudge")
	}
	c.BoxDir = v.GetString("box_dir")
	if c.BoxDisk, err = problem.ParseSize(v.GetString("box_disk")); err != nil {
		return nil, bad("box_disk", err)
	}
	c.ProblemsDir = v.GetString("problems_dir")
	c.SolutionsDir = v.GetString("solutions_dir")
	c.Compile = compile.DefaultLimits()
	if c.Compile.CPU, err = time.ParseDuration(v.GetString("compile_time")); err != nil || c.Compile.CPU <= 0 {
		return nil, bad("compile_time", fmt.Errorf("bad duration %q", v.GetString("compile_time")))
	}
	c.Compile.Wall = runner.DefaultWall(c.Compile.CPU)
	if c.Compile.Memory, err = problem.ParseSize(v.GetString("compile_memory")); err != nil {
		return nil, bad("compile_memory", err)
	}
	if c.Compile.Stderr, err = problem.ParseSize(v.GetString("compile_output")); err != nil {
		return nil, bad("compile_output", err)
	}
	langPath := v.GetString("languages")
	if !filepath.IsAbs(langPath) {
		langPath = filepath.Join(dir, langPath)
	}
	if c.Languages, err = LoadLanguages(langPath); err != nil {
		return nil, err
	}
	return c, nil
}

// languageKeys are the keys a language entry may have.
var languageKeys = map[string]bool{
	"extensions": true, "source": true, "compile": true, "artifacts": true, "run": true,
	"env": true, "time_multiplier": true, "procs": true, "files": true, "cache": true, "version": true,
	"cache.box": true, "cache.warm_source": true, "install": true,
}

// LoadLanguages reads a languages file.
func LoadLanguages(path string) (map[string]*compile.Language, error) {
	v := viper.New()
	v.SetConfigFile(path)
	v.SetConfigType("yaml")
	if err := v.ReadInConfig(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	langs := map[string]*compile.Language{}
	byExt := map[string]string{}
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
		case len(l.Extensions) == 0:
			return nil, fmt.Errorf("%s: %s: no extensions", path, name)
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
		if l.Cache != nil {
			l.Cache.WarmSource = filepath.Join(filepath.Dir(path), l.Cache.WarmSource)
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
		langs[name] = l
	}
	if len(langs) == 0 {
		return nil, fmt.Errorf("%s: no languages", path)
	}
	return langs, nil
}

// Language picks the language of a source file: by name when lang is set,
// else by the file's extension.
func (c *Config) Language(file, lang string) (*compile.Language, error) {
	if lang != "" {
		if l, ok := c.Languages[lang]; ok {
			return l, nil
		}
		return nil, fmt.Errorf("unknown language %q (known: %s)", lang, c.known())
	}
	ext := strings.ToLower(filepath.Ext(file))
	for _, name := range c.names() {
		for _, e := range c.Languages[name].Extensions {
			if e == ext {
				return c.Languages[name], nil
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
		parts = append(parts, fmt.Sprintf("%s (%s)", n, strings.Join(c.Languages[n].Extensions, " ")))
	}
	return strings.Join(parts, ", ")
}
