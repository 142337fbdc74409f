package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/fatih/color"
	"github.com/puzzlejudge/judge/core/config"
	"github.com/puzzlejudge/judge/core/engine"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/report"
	"github.com/puzzlejudge/judge/runner"
	"github.com/spf13/cobra"
)

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "judge",
		Short:         "Grade programming-problem submissions in a sandbox",
		Long:          "judge compiles a submission, runs it on every test of a problem inside a sandbox under time and memory limits,\nchecks each output and reports a verdict (AC, WA, PE, TLE, MLE, OLE, RE, CE, IE).",
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       version(),
	}
	root.SetVersionTemplate("judge {{.Version}}\n")
	pf := root.PersistentFlags()
	pf.String("config", "", "configuration file (default: $"+config.EnvConfig+", else "+config.DefaultPath+" in this folder or a parent, else built-in)")
	pf.String("sandbox", "", "sandbox mode: auto, full or basic")
	pf.Int("workers", 0, "tests judged at once (default: one per CPU)")
	pf.String("cache-dir", "", "compile cache directory")
	pf.String("problems-dir", "", "folder of problem packages")
	pf.String("solutions-dir", "", "folder of solutions")
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return usageError(err) })
	root.AddCommand(withRemote(newSubmitCmd()))
	root.AddCommand(newRunCmd())
	root.AddCommand(newDoctorCmd())
	root.AddCommand(newVerifyCmd())
	root.AddCommand(newTestCmd())
	root.AddCommand(newStressCmd())
	root.AddCommand(newNewCmd())
	root.AddCommand(newListCmd())
	root.AddCommand(newShowCmd())
	root.AddCommand(newDocsCmd())
	root.AddCommand(newCacheCmd())
	root.AddCommand(newTokenCmd())
	root.AddCommand(newContestCmd())
	root.AddCommand(newClarCmd())
	root.AddCommand(newWorkerCmd())
	root.AddCommand(newServeCmd())
	root.AddCommand(newExportCmd())
	root.AddCommand(newImportCmd())
	root.DisableAutoGenTag = true // generated docs do not change by the day
	conventions(root)
	return root
}

// env is what a command that judges needs: the judging stack, with its
// configuration, and how reports are drawn. close must be called when
// done.
type env struct {
	engine *engine.Engine
	style  report.Style
}

// loadConfig reads the configuration with the command's flags applied.
func loadConfig(cmd *cobra.Command) (*config.Config, error) {
	path, _ := cmd.Flags().GetString("config")
	cfg, err := config.Load(path, cmd.Flags())
	if err != nil {
		return nil, usageError(err)
	}
	return cfg, nil
}

// newEnv loads the configuration and opens the sandbox.
func newEnv(cmd *cobra.Command) (*env, error) {
	cfg, err := loadConfig(cmd)
	if err != nil {
		return nil, err
	}
	eng, err := engine.Open(cfg, engine.Options{OnWarm: func(lang string) {
		fmt.Fprintf(os.Stderr, "judge: building the warm %s build cache in %s (once per machine; 15 s to a minute, by the machine and its load)\n", lang, cfg.CacheDir)
	}})
	if err != nil {
		if cfg.Sandbox == runner.ModeFull {
			return nil, noFullSandbox(cmd, cfg.File, err)
		}
		return nil, internalError(err)
	}
	eng.Grader.BasicMode = basicModeAdvice()
	return &env{engine: eng, style: report.Style{Color: !color.NoColor}}, nil
}

func (e *env) close() {
	if err := e.engine.Close(); err != nil {
		fmt.Fprintf(os.Stderr, "judge: %v\n", err)
	}
}

// findProblem loads a problem by slug from the problems folder, or by path
// when the argument names a folder.
// withProblem opens the judging environment, finds the problem arg names,
// and runs fn with both; the environment is closed when fn returns.
func withProblem(cmd *cobra.Command, arg string, fn func(e *env, p *problem.Problem) error) error {
	e, err := newEnv(cmd)
	if err != nil {
		return err
	}
	defer e.close()
	p, err := e.findProblem(arg)
	if err != nil {
		return err
	}
	return fn(e, p)
}

func (e *env) findProblem(arg string) (*problem.Problem, error) {
	return findProblem(e.engine.Config, arg)
}

func findProblem(cfg *config.Config, arg string) (*problem.Problem, error) {
	if fi, err := os.Stat(arg); err == nil && fi.IsDir() && filepath.Base(arg) != arg {
		p, err := problem.Load(arg)
		if err != nil {
			return nil, usageError(err)
		}
		return p, nil
	}
	p, err := problem.Find(cfg.ProblemsDir, arg)
	if err != nil {
		return nil, usageError(didYouMean(cfg, arg, err))
	}
	return p, nil
}

// finish maps a context error to the interrupted exit.
func finish(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, context.Canceled) && ctx.Err() != nil {
		return internalError(errors.New("interrupted"))
	}
	return err
}
