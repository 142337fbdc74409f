package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/puzzlejudge/judge/core/config"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/spf13/cobra"
)

func newStressCmd() *cobra.Command {
	var opt author.StressOptions
	var save, force bool
	cmd := &cobra.Command{
		Use:   "stress <problem> <solution> [--against <solution>] [--iterations N] [--seed S] [--save] [-- generator args]",
		Short: "Compare a solution with another on generated inputs until they disagree",
		Long: `stress feeds inputs from the problem's generator (seeds S, S+1, ...) to the solution and to the one it
is compared against (the reference solution by default), checks the solution's output against the
other's with the problem's checker, and stops at the first disagreement: it prints the input and both
outputs, and with --save adds the input as a new test (its expected output from the reference).
Solutions are files, or paths under the problem's solutions folder such as accepted/bfs.go.
Exit status 0 when they agree on every input, 1 when they disagree.`,
		Example: "  judge stress flip-game my.cpp --iterations 500\n  judge stress flip-game wrong_answer/only_black.go --save -- --dist 3",
		Args:    cobra.MinimumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			pos, genArgs := splitDash(cmd, args)
			if len(pos) != 2 {
				return usageError(fmt.Errorf("want a problem and a solution before the generator arguments, got %d arguments", len(pos)))
			}
			if opt.Iterations <= 0 {
				return usageError(errors.New("--iterations must be positive"))
			}
			return withProblem(cmd, pos[0], func(e *env, p *problem.Problem) error {
				var err error
				if opt.Solution, err = solutionFile(e.engine.Config, p, pos[1]); err != nil {
					return err
				}
				if opt.Against != "" {
					if opt.Against, err = solutionFile(e.engine.Config, p, opt.Against); err != nil {
						return err
					}
				}
				opt.Args = genArgs
				bar := newProgress(cmd.ErrOrStderr(), "stress")
				if up := bar.update(); up != nil {
					var mu sync.Mutex
					n := 0
					opt.OnIteration = func() {
						mu.Lock()
						n++
						up(n, opt.Iterations)
						mu.Unlock()
					}
				}
				ctx := cmd.Context()
				kit := e.kit()
				res, err := kit.Stress(ctx, p, opt)
				bar.finish()
				if err != nil {
					return authorError(ctx, err)
				}
				defer res.Close()
				out := cmd.OutOrStdout()
				d := res.Disagreement
				if d == nil {
					fmt.Fprintf(out, "%s and %s agree on %d inputs (seeds %d to %d)\n",
						opt.Solution, res.Against, res.Tried, opt.Seed, opt.Seed+uint64(res.Tried)-1)
					return nil
				}
				call := author.GenCall(d.Seed, d.Args)
				if d.AgainstFailed {
					fmt.Fprintf(out, "generator %s: %s itself failed: %s: %s\n", call, res.Against, d.Verdict, d.Message)
				} else {
					fmt.Fprintf(out, "generator %s: %s gets %s against %s", call, opt.Solution, d.Verdict, res.Against)
					if d.Message != "" {
						fmt.Fprintf(out, ": %s", d.Message)
					}
					fmt.Fprintf(out, "\n")
				}
				fmt.Fprintf(out, "after %d inputs\n\n", res.Tried)
				showFile(out, "input", d.Input)
				showFile(out, "expected (output of "+res.Against+")", d.Expected)
				if !d.AgainstFailed {
					showFile(out, "received (output of "+opt.Solution+")", d.Got)
				}
				if save {
					added, err := kit.AddTests(ctx, p, []string{d.Input}, author.AddOptions{Force: force})
					if err != nil {
						return authorError(ctx, fmt.Errorf("save the input as a test: %w", err))
					}
					for _, a := range added {
						fmt.Fprintf(out, "saved as %s and %s\n", display(a.Input), display(a.Output))
					}
				} else {
					fmt.Fprintf(out, "(--save adds this input as a new test)\n")
				}
				return errVerdict
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&opt.Against, "against", "", "solution to compare with (default: the reference solution)")
	f.IntVar(&opt.Iterations, "iterations", 100, "number of inputs to try")
	f.Uint64Var(&opt.Seed, "seed", 1, "generator seed of the first input")
	f.BoolVar(&save, "save", false, "add the input of the first disagreement as a new test")
	f.BoolVar(&force, "force", false, "with --save, overwrite a test of the same name")
	return cmd
}

// solutionFile finds a solution given as a file path or as a path under
// the problem's solutions folder.
func solutionFile(cfg *config.Config, p *problem.Problem, arg string) (string, error) {
	for _, cand := range []string{arg, filepath.Join(cfg.SolutionsDir, p.Slug, arg)} {
		if fi, err := os.Stat(cand); err == nil && fi.Mode().IsRegular() {
			return cand, nil
		}
	}
	return "", usageError(fmt.Errorf("%s: no such solution file (nor under %s)", arg, filepath.Join(cfg.SolutionsDir, p.Slug)))
}

// showFile prints a titled file, cut to its first lines.
func showFile(w io.Writer, title, path string) {
	const maxLines, maxBytes = 30, 4 << 10
	fmt.Fprintf(w, "%s:\n", title)
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(w, "  (cannot read: %v)\n\n", err)
		return
	}
	cut := false
	if len(data) > maxBytes {
		data, cut = data[:maxBytes], true
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) > maxLines {
		lines, cut = lines[:maxLines], true
	}
	if len(data) == 0 {
		lines = []string{"(empty)"}
	}
	for _, l := range lines {
		fmt.Fprintf(w, "  %s\n", l)
	}
	if cut {
		fmt.Fprintf(w, "  … (cut; the whole file is %s)\n", path)
	}
	fmt.Fprintln(w)
}
