package main

import (
	"errors"
	"fmt"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/report"
	"github.com/spf13/cobra"
)

func newTestCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "test",
		Short: "Add, generate and regenerate the tests of a problem",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return usageError(errors.New("judge test needs a subcommand: add, gen, regen or fill"))
		},
	}
	cmd.AddCommand(newTestAddCmd(), newTestGenCmd(), newTestRegenCmd(), newTestFillCmd())
	return cmd
}

func newTestAddCmd() *cobra.Command {
	var opt author.AddOptions
	cmd := &cobra.Command{
		Use:   "add <problem> <input-file>...",
		Short: "Validate inputs, compute their expected outputs with the reference solution, and add them as tests",
		Long: `add checks each input file with the problem's validator, computes its expected output with the
reference solution (problem.yaml's reference:, else the first accepted Go solution) and writes
tests/NAME.in and tests/NAME.out, NAME being the next free number. If any input fails, nothing is
written; an existing test is never overwritten without --force; every write is atomic.`,
		Example: "  judge test add flip-game board.txt\n  judge test add flip-game edge.txt --name 40-edge --force",
		Args:    cobra.MinimumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withProblem(cmd, args[0], func(e *env, p *problem.Problem) error {
				ctx := cmd.Context()
				added, err := e.kit().AddTests(ctx, p, args[1:], opt)
				if err != nil {
					return authorError(ctx, err)
				}
				printAdded(cmd, added)
				return nil
			})
		},
	}
	cmd.Flags().BoolVar(&opt.Force, "force", false, "overwrite a test of the same name")
	cmd.Flags().StringVar(&opt.Name, "name", "", "name of the test (a single input only; default: the next free number)")
	return cmd
}

func printAdded(cmd *cobra.Command, added []author.Added) {
	for _, a := range added {
		fmt.Fprintf(cmd.OutOrStdout(), "added %s and %s (from %s)\n", display(a.Input), display(a.Output), a.From)
	}
}

// splitDash splits the arguments at "--": those before it, and the
// generator arguments after it.
func splitDash(cmd *cobra.Command, args []string) (before, after []string) {
	if at := cmd.ArgsLenAtDash(); at >= 0 {
		return args[:at], args[at:]
	}
	return args, nil
}

func newTestGenCmd() *cobra.Command {
	var opt author.GenOptions
	cmd := &cobra.Command{
		Use:   "gen <problem> --count N [--seed S] [-- generator args]",
		Short: "Generate tests with the problem's generator and record how in tests/generated.yaml",
		Long: `gen runs the problem's generator as ` + "`generator SEED ARGS...`" + ` for N seeds (S, S+1, ...; by default one
more than the largest seed recorded), validates each input, computes its expected output with the
reference solution, writes the tests with the next free numbers, and records each seed and its
arguments in tests/generated.yaml so that judge test regen rebuilds them byte for byte.`,
		Example: "  judge test gen flip-game --count 5 -- --dist 3",
		Args:    cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			pos, genArgs := splitDash(cmd, args)
			if len(pos) != 1 {
				return usageError(fmt.Errorf("want one problem before the generator arguments, got %d arguments", len(pos)))
			}
			if !cmd.Flags().Changed("count") {
				return usageError(errors.New("--count is required: how many tests to generate (judge test gen <problem> --count N)"))
			}
			if opt.Count <= 0 {
				return usageError(fmt.Errorf("--count must be positive, got %d", opt.Count))
			}
			opt.SeedSet = cmd.Flags().Changed("seed")
			opt.Args = genArgs
			return withProblem(cmd, pos[0], func(e *env, p *problem.Problem) error {
				ctx := cmd.Context()
				added, err := e.kit().GenTests(ctx, p, opt)
				if err != nil {
					return authorError(ctx, err)
				}
				printAdded(cmd, added)
				return nil
			})
		},
	}
	cmd.Flags().IntVar(&opt.Count, "count", 0, "number of tests to generate (required)")
	// The default is computed, so the flag's own (zero) is not shown.
	cmd.Flags().Uint64Var(&opt.Seed, "seed", 0, "first seed (default: one more than the largest recorded, or 1)")
	return cmd
}

func newTestRegenCmd() *cobra.Command {
	var check bool
	cmd := &cobra.Command{
		Use:   "regen <problem>",
		Short: "Rebuild the tests recorded in tests/generated.yaml",
		Long: `regen reruns the generator for every test recorded in tests/generated.yaml, validates the input,
computes the expected output with the reference solution and writes the files that changed. With
--check it writes nothing and exits 1 when a test would change.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withProblem(cmd, args[0], func(e *env, p *problem.Problem) error {
				ctx := cmd.Context()
				res, err := e.kit().Regen(ctx, p, check)
				if err != nil {
					return authorError(ctx, err)
				}
				changed := 0
				out := cmd.OutOrStdout()
				for _, r := range res {
					var what string
					switch {
					case r.InputChanged && r.OutputChanged:
						what = "input and output"
					case r.InputChanged:
						what = "input"
					case r.OutputChanged:
						what = "output"
					}
					if what == "" {
						fmt.Fprintf(out, "%-24s unchanged\n", r.Name)
						continue
					}
					changed++
					if check {
						fmt.Fprintf(out, "%-24s %s differs\n", r.Name, what)
					} else {
						fmt.Fprintf(out, "%-24s %s rewritten\n", r.Name, what)
					}
				}
				fmt.Fprintf(out, "%d tests, %d changed\n", len(res), changed)
				if check && changed > 0 {
					return errVerdict
				}
				return nil
			})
		},
	}
	cmd.Flags().BoolVar(&check, "check", false, "write nothing; exit 1 when a test would change")
	return cmd
}

func newTestFillCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "fill <problem>",
		Short: "Compute the missing expected outputs (a .in without its .out) with the reference solution",
		Long: `fill finds every tests/NAME.in without its NAME.out, checks the input with the problem's validator,
and writes NAME.out from the reference solution's output (problem.yaml's reference:, else the first
accepted Go solution). If any input fails, nothing is written.`,
		Example: "  judge test fill flip-game",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			e, err := newEnv(cmd)
			if err != nil {
				return err
			}
			defer e.close()
			p, err := e.findProblem(args[0])
			// A package whose only fault is unpaired test files is what
			// fill is for.
			var ue *problem.UnpairedError
			if errors.As(err, &ue) {
				p, err = ue.Problem, nil
			}
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			added, err := e.kit().Fill(ctx, p)
			if err != nil {
				return authorError(ctx, err)
			}
			out := cmd.OutOrStdout()
			for _, a := range added {
				fmt.Fprintf(out, "wrote %s (%s on %s)\n", display(a.Output), a.From, display(a.Input))
			}
			fmt.Fprintf(out, "%s filled\n", report.Plural(len(added), "missing output"))
			return nil
		},
	}
}
