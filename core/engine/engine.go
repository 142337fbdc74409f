// Package engine assembles the judging stack from a configuration: the
// sandbox, the compiler with its cache, and the grader. The command line,
// the service and its workers all judge through one Engine, so the stack
// is built in one place only; the authoring tools run on it too, and
// OpenSandbox opens its sandbox alone, for judge doctor.
package engine

import (
	"errors"
	"fmt"

	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/config"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/runner"
)

// Engine is a judging stack ready to grade submissions. Close must be
// called when done with it.
type Engine struct {
	Config   *config.Config
	Sandbox  *runner.Sandbox
	Compiler *compile.Compiler
	Grader   *grade.Grader
}

// Options are the caller's hooks into the stack.
type Options struct {
	// OnWarm, if set, is called before a language's warm build cache is
	// built (a slow, once-per-machine step worth telling the user about).
	OnWarm func(lang string)
	// Workers overrides the configuration's tests judged at once when
	// positive.
	Workers int
}

// Open opens the sandbox the configuration asks for and builds the
// compiler and grader over it. The error from the sandbox is returned
// wrapped, so errors.Is(err, runner.ErrNoFullSandbox) and the like hold.
func Open(cfg *config.Config, opt Options) (*Engine, error) {
	if cfg == nil {
		return nil, errors.New("engine: no configuration")
	}
	workers := cfg.Workers
	if opt.Workers > 0 {
		workers = opt.Workers
	}
	sb, err := runner.New(sandboxConfig(cfg, workers+1))
	if err != nil {
		return nil, fmt.Errorf("open sandbox: %w", err)
	}
	c := &compile.Compiler{
		Sandbox:   sb,
		CacheDir:  cfg.CacheDir,
		ConfigDir: cfg.Dir,
		Limits:    cfg.Compile,
		OnWarm:    opt.OnWarm,
		// The cache trims itself past the configured size.
		MaxCacheSize: cfg.CacheMaxSize,
	}
	e := &Engine{Config: cfg, Sandbox: sb, Compiler: c}
	e.Grader = e.grader(workers)
	return e, nil
}

// grader returns a grader over the engine's sandbox, compiler and
// languages that runs up to workers tests of a submission at once.
func (e *Engine) grader(workers int) *grade.Grader {
	cfg := e.Config
	return &grade.Grader{
		Sandbox:         e.Sandbox,
		Compiler:        e.Compiler,
		Workers:         workers,
		CheckerLanguage: cfg.Languages["go"],
		LanguageOf:      func(file string) (*compile.Language, error) { return cfg.Language(file, "") },
		LanguageNamed:   func(name string) (*compile.Language, error) { return cfg.Language("", name) },
	}
}

// VerifyGrader returns the grader the verifier judges with: the engine's
// stack, but one test at a time (the verifier keeps its own pool of
// boxes busy with many judgings side by side), the outputs kept under
// tempDir ("" for os.TempDir), and the test results kept in cache (nil
// for none), and the CPU stall reader of the engine's grader.
func (e *Engine) VerifyGrader(tempDir string, cache grade.TestCache) *grade.Grader {
	g := e.grader(1)
	g.TempDir, g.Cache = tempDir, cache
	if e.Grader != nil {
		g.CPUStall = e.Grader.CPUStall
	}
	return g
}

// Close tears the sandbox down: its boxes, mounts and cgroups.
func (e *Engine) Close() error {
	if err := e.Sandbox.Close(); err != nil {
		return fmt.Errorf("close sandbox: %w", err)
	}
	return nil
}
