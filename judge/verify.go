package main

import (
	"bytes"
	"fmt"

	"github.com/puzzlejudge/judge/author"
	"github.com/puzzlejudge/judge/report"
	"github.com/puzzlejudge/judge/verify"
	"github.com/spf13/cobra"
)

func newVerifyCmd() *cobra.Command {
	var format, output string
	cmd := &cobra.Command{
		Use:   "verify [problem...]",
		Short: "Check problem packages: files, samples, validator, generator, every solution's verdict, time-limit margins",
		Long: `verify checks each problem package (every one under the problems folder when none is named) and
reports each check by name: problem.yaml and statement.md load, the samples appear in the statement,
every .in has its .out, the validator accepts every input and rejects junk made from them, the
generator rebuilds tests/generated.yaml, every solution gets the verdict of its folder, the slowest
accepted solution uses at most half the time limit and every time_limit_exceeded solution exceeds
1.5x it, and the expected outputs agree with the reference solution.

Exit status 0 when every check passes, 1 when one fails, 2 on bad usage.`,
		Example: "  judge verify\n  judge verify flip-game --format junit --output verify.xml",
		RunE: func(cmd *cobra.Command, args []string) error {
			switch format {
			case "text", "json", "junit":
			default:
				return usageError(fmt.Errorf("unknown format %q (want text, json or junit)", format))
			}
			cfg, err := loadConfig(cmd)
			if err != nil {
				return err
			}
			dirs := make([]string, 0, len(args))
			for _, a := range args {
				d, err := problemDir(cfg, a)
				if err != nil {
					return err
				}
				dirs = append(dirs, d)
			}
			if len(args) == 0 {
				if dirs, err = problemDirs(cfg); err != nil {
					return err
				}
				if len(dirs) == 0 {
					return usageError(fmt.Errorf("%s: no problem packages", cfg.ProblemsDir))
				}
			}
			e, err := newEnv(cmd)
			if err != nil {
				return err
			}
			defer e.close()
			ctx := cmd.Context()
			bar := newProgress(cmd.ErrOrStderr(), "verify")
			v := &verify.Verifier{Kit: e.kit(), Progress: bar.update()}
			rep, err := v.Verify(ctx, dirs)
			bar.finish()
			if err != nil {
				if ctx.Err() != nil {
					return finish(ctx, ctx.Err())
				}
				return internalError(err)
			}
			render := func(format string, rep *verify.Report, style report.Style) ([]byte, error) {
				var buf bytes.Buffer
				var err error
				switch format {
				case "json":
					err = verify.JSON(&buf, rep)
				case "junit":
					err = verify.JUnit(&buf, rep)
				default:
					err = verify.Text(&buf, rep, style)
				}
				return buf.Bytes(), err
			}
			shown := rep
			if output != "" {
				data, err := render(format, rep, report.Style{})
				if err != nil {
					return internalError(err)
				}
				if err := author.WriteFile(output, data, 0o644); err != nil {
					return usageError(err)
				}
				// The file has the report; people still read the text, or
				// its summary when the file has the text.
				fileHasText := format == "text"
				format = "text"
				if fileHasText {
					shown = &verify.Report{OK: rep.OK, Summary: rep.Summary, Stats: rep.Stats}
				}
			}
			data, err := render(format, shown, e.style)
			if err != nil {
				return internalError(err)
			}
			if _, err := cmd.OutOrStdout().Write(data); err != nil {
				return internalError(err)
			}
			if !rep.OK {
				return errVerdict
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text, json or junit")
	cmd.Flags().StringVarP(&output, "output", "o", "", "write the report to this file (atomically) and a text report to stdout")
	return cmd
}
