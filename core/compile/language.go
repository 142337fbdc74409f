package compile

import "github.com/puzzlejudge/judge/runner"

// Language says how to compile and run programs of one language. Entries
// come from configs/languages.yaml.
type Language struct {
	Name string `mapstructure:"-" json:"name"`
	// Aliases are other names --lang takes for the language (c++, py).
	Aliases    []string `mapstructure:"aliases" json:"aliases,omitempty"`
	Extensions []string `mapstructure:"extensions" json:"extensions"`
	// Source is the file name the submission gets in the box, e.g.
	// main.cpp, or KeepName for the submission's own name.
	Source string `mapstructure:"source" json:"source"`
	// Compile is the compile command, run in the box's working directory;
	// empty for none. "{source}" in it is the source's name in the box,
	// "{memory_mib}" the compile's memory limit in MiB; the argument
	// "{sources}" (SourcesArg) is every source file the compile compiles.
	Compile []string `mapstructure:"compile" json:"compile,omitempty"`
	// Artifacts are the files the compile leaves that make the program.
	// With no compile step, the source itself is the program.
	Artifacts []string `mapstructure:"artifacts" json:"artifacts,omitempty"`
	// Run is the command that runs the program; {prog} is its directory,
	// "{memory_mib}" the run's memory limit in MiB.
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
	// Its output is part of the compile cache's key.
	Version []string `mapstructure:"version" json:"version,omitempty"`
	// Install is the one-line fix shown when the compiler is missing.
	Install string `mapstructure:"install" json:"install,omitempty"`
	// BuildRun marks the language of programs that are a folder with
	// build and run scripts (BuildRunLanguage), not one of the
	// configuration's.
	BuildRun bool `mapstructure:"-" json:"-"`
}

// BuildCache describes a language's warm build cache.
type BuildCache struct {
	Box        string `mapstructure:"box" json:"box"`
	WarmSource string `mapstructure:"warm_source" json:"warm_source"`
}

// Program is a compiled submission, ready to run.
type Program struct {
	Language *Language
	Files    []runner.File
}

// Limits returns lim with the language's own process and open-file
// limits in place of the problem's, where it sets them: the limits a run
// of its programs is held to.
func (l *Language) Limits(lim runner.Limits) runner.Limits {
	if l.Procs > 0 {
		lim.Procs = l.Procs
	}
	if l.Files > 0 {
		lim.Files = l.Files
	}
	return lim
}

// Spec returns the spec that runs the program with the given streams and
// limits (as the language holds them, see Language.Limits).
func (p *Program) Spec(stdin, stdout string, lim runner.Limits) runner.Spec {
	lim = p.Language.Limits(lim)
	return runner.Spec{
		Args:    expandLimits(p.Language.Run, lim.WithDefaults()),
		Env:     p.Language.Env,
		Program: p.Files,
		Stdin:   stdin,
		Stdout:  stdout,
		Limits:  lim,
	}
}
