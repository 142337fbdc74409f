package main

import (
	"fmt"
	"path/filepath"

	"github.com/puzzlejudge/judge/authoring/convert"
	"github.com/spf13/cobra"
)

func newImportCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "import <kattis-dir> [slug]",
		Short: "Write a Kattis problem package as a native problem and its solutions folders",
		Long: `import writes the Kattis package (legacy, 2023-07-draft or 2025-09) as problems/<slug> and its
submissions as solutions/<slug>/<verdict>/ (slug defaults to the package folder's name; the folders
come from --problems-dir and --solutions-dir or the configuration). It refuses a slug that exists.
Tests become tests/<group>-<name>.in/.out (samples sample-<name>), the default output validator's
flags the tokens, exact or float checker, an interactive problem's validator the interactor, the
first input validator program the input_validator (exit 42 = valid), a scoring problem's groups and
graders native scored groups where these give the same scores; the samples are appended to the
statement. It prints each thing the native format cannot say (scores beyond native groups, graders'
verdicts, multi-pass, other input validators, custom output validators, include/ folders, directory
submissions, folders such as rejected/).`,
		Example: "  judge import ~/kattis/hello\n  judge import ~/kattis/hello hello-world",
		Args:    cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := loadConfig(cmd)
			if err != nil {
				return err
			}
			slug := ""
			if len(args) == 2 {
				slug = args[1]
			}
			dropped, err := convert.Import(args[0], cfg.ProblemsDir, cfg.SolutionsDir, slug)
			if err != nil {
				return usageError(err)
			}
			if slug == "" {
				abs, err := filepath.Abs(args[0])
				if err != nil {
					return usageError(err)
				}
				slug = filepath.Base(abs)
			}
			out := cmd.OutOrStdout()
			for _, d := range dropped {
				fmt.Fprintf(out, "dropped: %s\n", d)
			}
			fmt.Fprintf(out, "imported %s as %s and %s\n", args[0],
				filepath.Join(cfg.ProblemsDir, slug), filepath.Join(cfg.SolutionsDir, slug))
			return nil
		},
	}
}
