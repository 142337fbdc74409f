package main

import (
	"fmt"
	"path/filepath"

	"github.com/puzzlejudge/judge/authoring/convert"
	"github.com/puzzlejudge/judge/core/problem/kattis"
	"github.com/spf13/cobra"
)

func newExportCmd() *cobra.Command {
	var version string
	cmd := &cobra.Command{
		Use:   "export <slug|dir> <outdir>",
		Short: "Write a native problem and its solutions as a Kattis problem package",
		Long: `export writes the problem (a slug under the problems folder, or a package folder) as a Kattis
problem package in outdir, which must not exist or be empty: problem.yaml of --version, the statement
as problem_statement/problem.en.md, the tests as data/sample and data/secret (numbers zero-padded so
the format's lexicographic order is the natural one), scored groups as a scoring problem with a
folder per group under data/secret, the interactor as the output validator and
solutions/<slug>/<verdict>/ as submissions/<verdict>/. It prints each thing the Kattis package
cannot say (the native validator and generator, a testlib checker, verdict folders the version lacks,
legacy's zero score for a rejected submission).`,
		Example: "  judge export a-plus-b /tmp/a-plus-b-kattis\n  judge export flip-game out/flip-game --version legacy",
		Args:    cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := loadConfig(cmd)
			if err != nil {
				return err
			}
			p, err := findProblem(cfg, args[0])
			if err != nil {
				return err
			}
			dropped, err := convert.Export(p, filepath.Join(cfg.SolutionsDir, p.Slug), args[1], kattis.Version(version))
			if err != nil {
				return usageError(err)
			}
			out := cmd.OutOrStdout()
			for _, d := range dropped {
				fmt.Fprintf(out, "dropped: %s\n", d)
			}
			fmt.Fprintf(out, "exported %s to %s (Kattis %s)\n", p.Slug, args[1], version)
			return nil
		},
	}
	cmd.Flags().StringVar(&version, "version", string(kattis.V2025), "problem_format_version to write: 2025-09 or legacy")
	return cmd
}
