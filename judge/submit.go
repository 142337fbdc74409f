package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/report"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/internal/termsafe"
	"github.com/spf13/cobra"
)

// submitFlags are submit's flags.
type submitFlags struct {
	lang, format string
	stopOnFail   bool
	tests        []string
	failed       bool
	showInput    bool
	limits       limitFlags
}

func newSubmitCmd() *cobra.Command {
	var f submitFlags
	cmd := &cobra.Command{
		Use:   "submit <problem> <source-file|folder|->",
		Short: "Compile a source file, run it on every test of a problem, and print the verdict",
		Long: "submit compiles the source, runs it on every test of the problem (samples first) and prints each test's\n" +
			"line as soon as it and every earlier test are final, then the verdict. On a terminal a progress line shows\n" +
			"the counts, the time so far and the slowest test. --format json prints one object at the end; --format jsonl\n" +
			"streams one object per test and a summary object (see the README).\n\n" +
			"--test picks tests by name or glob; --failed reruns the tests that failed in the last runs of this source on\n" +
			"this problem; --show-input prints the first failing test's input and path; --time-limit and --memory-limit\n" +
			"replace the problem's limits for a try (the report marks them as overrides). The source - is read from\n" +
			"standard input, with --lang. Sources must not be empty nor larger than source_limit (default 256KiB).\n\n" +
			"A folder is a program of several files, picked as in a Kattis package: the language most of its files are in\n" +
			"(or --lang), main.* or the only file as the main source (for Java the class with main), the other files beside\n" +
			"it (C and C++ files compiled and linked together), or build and run scripts. A folder is judged from a copy, and\n" +
			"refused if it holds a link, a device, fifo or socket, more than 256 files and folders, folders more than 8 deep,\n" +
			"or files over source_limit together at every depth.",
		Example: "  judge submit a-plus-b solutions/a-plus-b/accepted/sum.go\n" +
			"  judge submit flip-game my.cpp --format json\n" +
			"  judge submit flip-game my.cpp --test 3 --test 'sample*' --show-input\n" +
			"  judge submit flip-game my.cpp --failed --time-limit 5s",
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error { return runSubmit(cmd, args, &f) },
	}
	fl := cmd.Flags()
	fl.StringVar(&f.lang, "lang", "", "language, by name or alias such as c++ or py (default: from the file extension; needed with -)")
	fl.StringVar(&f.format, "format", "text", "output format: text, json (one object at the end) or jsonl (one object per test, then a summary)")
	fl.BoolVar(&f.stopOnFail, "stop-on-fail", false, "stop at the first failing test")
	fl.StringArrayVar(&f.tests, "test", nil, "run only this test: a `name|glob` such as 3 or 'sample*' (repeatable)")
	fl.BoolVar(&f.failed, "failed", false, "run only the tests that failed when this source was last judged on this problem")
	fl.BoolVar(&f.showInput, "show-input", false, "print the input of the first failing test, and its path (text format)")
	f.limits.add(cmd)
	return cmd
}

func runSubmit(cmd *cobra.Command, args []string, f *submitFlags) error {
	if err := checkFormat(f.format, "text", "json", "jsonl"); err != nil {
		return err
	}
	switch {
	case f.showInput && f.format != "text":
		return usageError(errors.New("--show-input prints for people: it needs --format text"))
	case f.failed && len(f.tests) > 0:
		return usageError(errors.New("--failed and --test pick the tests each: give one of them"))
	}
	cpu, mem, err := f.limits.parse()
	if err != nil {
		return err
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
	ctx := cmd.Context()
	if err := kattisTimeLimit(cmd, e, p, cpu); err != nil {
		return err
	}
	src, err := openSource(cmd, e, args[1], f.lang)
	if err != nil {
		return err
	}
	defer src.close()
	// A test stopped by the wall clock under its CPU limit is run again
	// once (grade.Options.RecheckWall): a loaded machine does not give
	// TLE to a program within its limit.
	opt := grade.Options{StopOnFail: f.stopOnFail, TimeLimit: cpu, MemoryLimit: mem, RecheckWall: true}
	if len(f.tests) > 0 {
		if opt.Tests, err = selectTests(p, f.tests); err != nil {
			return err
		}
	}
	recPath := failedPath(e.engine.Config.CacheDir, p.Dir, src.key)
	rec, recorded, err := readFailed(recPath)
	if err != nil {
		return internalError(err)
	}
	if !recorded {
		rec = failedRecord{Problem: p.Dir, Source: src.key}
	}
	if f.failed {
		if opt.Tests, err = failedTests(p, rec, recorded, args); err != nil {
			return err
		}
	}
	if f.format != "text" {
		// The text report says it in its header; JSON readers get it in
		// the report's warnings, and people watching stderr here. Only
		// now that the submission will be judged: a usage error stays
		// the one line it is.
		e.warnBasic(cmd)
	}
	lv := newLive(cmd.OutOrStdout(), cmd.ErrOrStderr(), f.format, p.Title, e.style)
	rep, err := e.engine.Grader.Grade(ctx, grade.Submission{Problem: p, Source: src.path, Language: src.lang, Extra: src.extra}, lv.options(opt))
	if err != nil {
		lv.close()
		return finish(ctx, err)
	}
	rep.Source = src.arg
	if err := lv.finish(rep, p.Title, e.style); err != nil {
		return internalError(err)
	}
	if rep.Compile.OK && rep.Error == "" {
		if err := updateFailed(recPath, rec, rep); err != nil {
			fmt.Fprintf(cmd.ErrOrStderr(), "judge: %v\n", err)
		}
	}
	if f.showInput {
		if err := showFirstFailing(cmd, p, rep, e.style); err != nil {
			return err
		}
	}
	switch rep.Verdict {
	case verdict.AC:
		return nil
	case verdict.IE:
		// The error may quote a program or checker: one line, escaped.
		return &exitError{exitInternal, fmt.Errorf("internal error: %s", termsafe.Line(rep.InternalError()))}
	}
	return errVerdict
}

// failedTests returns the tests --failed runs: those the record says
// failed that the problem still has.
func failedTests(p *problem.Problem, rec failedRecord, recorded bool, args []string) ([]string, error) {
	if !recorded {
		return nil, usageError(fmt.Errorf("--failed: %s has not been judged on %s yet; run submit without --failed first", args[1], p.Slug))
	}
	have := map[string]bool{}
	for _, t := range p.Tests {
		have[t.Name] = true
	}
	var names []string
	for _, t := range problem.SamplesFirst(p.Tests) {
		for _, n := range rec.Failed {
			if n == t.Name && have[n] {
				names = append(names, n)
			}
		}
	}
	if len(names) == 0 {
		return nil, usageError(fmt.Errorf("--failed: no test failed when %s was last judged on %s; nothing to rerun", args[1], p.Slug))
	}
	return names, nil
}

// showFirstFailing prints the input of the report's first failing test.
func showFirstFailing(cmd *cobra.Command, p *problem.Problem, rep *grade.Report, s report.Style) error {
	for _, t := range rep.Tests {
		if t.Verdict == verdict.AC {
			continue
		}
		for _, pt := range p.Tests {
			if pt.Name != t.Name {
				continue
			}
			data, err := os.ReadFile(pt.Input)
			if err != nil {
				return internalError(fmt.Errorf("read the input of test %s: %w", t.Name, err))
			}
			out := cmd.OutOrStdout()
			fmt.Fprintln(out)
			if err := report.Input(out, t.Name, display(pt.Input), data, s); err != nil {
				return internalError(err)
			}
			return nil
		}
	}
	return nil
}
