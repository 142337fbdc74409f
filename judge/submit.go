package main

import (
	"fmt"
	"os"

	"github.com/puzzlejudge/judge/grade"
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
		Long: "submit compiles the source, runs it on every test of the problem (samples first) and prints each test's\n" +
			"line as soon as it and every earlier test are final, then the verdict. On a terminal a progress line shows\n" +
			"the counts, the time so far and the slowest test. --format json prints one object at the end; --format jsonl\n" +
			"streams one object per test and a summary object (see the README).",
		Example: "  judge submit a-plus-b solutions/a-plus-b/accepted/sum.go\n" +
			"  judge submit flip-game my.cpp --format json",
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "json" && format != "jsonl" {
				return usageError(fmt.Errorf("unknown format %q (want text, json or jsonl)", format))
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
			lv := newLive(cmd.OutOrStdout(), cmd.ErrOrStderr(), format, p.Title, e.style)
			rep, err := e.grader.Grade(ctx, grade.Submission{Problem: p, Source: args[1], Language: l},
				lv.options(grade.Options{StopOnFail: stopOnFail}))
			if err != nil {
				lv.close()
				return finish(ctx, err)
			}
			if err := lv.finish(rep, p.Title, e.style); err != nil {
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
	cmd.Flags().StringVar(&format, "format", "text", "output format: text, json (one object at the end) or jsonl (one object per test, then a summary)")
	cmd.Flags().BoolVar(&stopOnFail, "stop-on-fail", false, "stop at the first failing test")
	return cmd
}
