package main

import (
	"fmt"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/spf13/cobra"
)

func newNewCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "new <slug>",
		Short: "Scaffold a new problem package and its solutions folders",
		Long: `new creates problems/<slug> (problem.yaml, statement.md with its section headings,
tests/sample-1.in and .out, a validator, a generator, tests/generated.yaml) and the verdict folders
under solutions/<slug>. judge verify reports the package incomplete until its title and statement are
written and an accepted solution is added.`,
		Example: "  judge new knight-moves",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := loadConfig(cmd)
			if err != nil {
				return err
			}
			created, err := author.Scaffold(cfg.ProblemsDir, cfg.SolutionsDir, args[0])
			if err != nil {
				return usageError(err)
			}
			out := cmd.OutOrStdout()
			for _, c := range created {
				fmt.Fprintf(out, "created %s\n", c)
			}
			fmt.Fprintf(out, "next: write the title and statement (every %[1]s), the validator and generator, and a solution in solutions/%[2]s/accepted/;\n"+
				"then add tests with judge test add %[2]s <input-file>... or judge test gen %[2]s --count N, and run judge verify %[2]s\n",
				author.Placeholder, args[0])
			return nil
		},
	}
}
