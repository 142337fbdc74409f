package main

import (
	"fmt"
	"os"

	"github.com/puzzlejudge/judge/grade"
	"github.com/puzzlejudge/judge/report"
	"github.com/puzzlejudge/judge/termsafe"
	"github.com/puzzlejudge/judge/verdict"
	"github.com/spf13/cobra"
)

func newSubmitCmd() *cobra.Command {
	var lang, format string
	var stopOnFail bool
	cmd := &cobra.Command{
		Use:   "submit <problem> <source-file>",
		Short: "Compile a source file, run it on every test of a problem, and print the verdict",
		Example: "  judge submit a-plus-b solutions/a-plus-b/accepted/sum.go\n" +
			"  judge submit flip-game my.cpp --format json",
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "json" {
				return usageError(fmt.Errorf("unknown format %q (want text or json)", format))
			}
			e, err := newEnv(cmd)
			if err != nil {
				return err
			}
			defer e.close()
			p, err := e.findProblem(args[0])
			if err != nil {
				return err
			}
			if fi, err := os.Stat(args[1]); err != nil || !fi.Mode().IsRegular() {
				return usageError(fmt.Errorf("%s: not a readable source file", args[1]))
			}
			l, err := e.cfg.Language(args[1], lang)
			if err != nil {
				return usageError(err)
			}
			ctx := cmd.Context()
			if p.Kattis != nil && p.Limits.Time == 0 {
				// A Kattis package may give no time limit: it comes from
				// its accepted submissions.
				if _, err := e.grader.ResolveTimeLimit(ctx, p); err != nil {
					if ctx.Err() != nil {
						return finish(ctx, ctx.Err())
					}
					return usageError(err)
				}
				fmt.Fprintf(os.Stderr, "judge: %s gives no time limit; %v derived from its accepted submissions\n", p.Slug, p.Limits.Time)
			}
			rep, err := e.grader.Grade(ctx, grade.Submission{Problem: p, Source: args[1], Language: l}, grade.Options{StopOnFail: stopOnFail})
			if err != nil {
				return finish(ctx, err)
			}
			if format == "json" {
				err = report.JSON(os.Stdout, rep)
			} else {
				err = report.Text(os.Stdout, rep, p.Title, e.style)
			}
			if err != nil {
				return internalError(err)
			}
			switch rep.Verdict {
			case verdict.AC:
				return nil
			case verdict.IE:
				// The error may quote a program or checker: one line, escaped.
				return &exitError{exitInternal, fmt.Errorf("internal error: %s", termsafe.Line(rep.InternalError()))}
			}
			return errVerdict
		},
	}
	cmd.Flags().StringVar(&lang, "lang", "", "language (default: from the file extension)")
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	cmd.Flags().BoolVar(&stopOnFail, "stop-on-fail", false, "stop at the first failing test")
	return cmd
}
