package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"time"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/puzzlejudge/judge/authoring/runcache"
	"github.com/puzzlejudge/judge/authoring/verify"
	"github.com/puzzlejudge/judge/core/report"
	"github.com/spf13/cobra"
)

func newVerifyCmd() *cobra.Command {
	var format, output, timeLimit string
	var solutions, tests []string
	var strict, stopOnFail, times, noCache bool
	cmd := &cobra.Command{
		Use:   "verify [problem...]",
		Short: "Check problem packages: files, samples, validator, generator, every solution's verdict, time-limit margins",
		Long: `verify checks each problem package (every one under the problems folder when none is named) and
reports each check by name: problem.yaml and statement.md load, the samples appear in the statement,
the statement's limits agree with problem.yaml, no two inputs are the same, nothing of the judge new
templates is left, every .in has its .out, the validator accepts every input and rejects junk made from them, the
generator rebuilds tests/generated.yaml, every solution gets the verdict of its folder, the slowest
accepted solution uses at most half the time limit and every time_limit_exceeded solution exceeds
1.5x it, and the expected outputs agree with the reference solution.

Exit status 0 when every check passes, 1 when one fails, 2 on bad usage (an --output file that
cannot be written is found before anything runs), 3 when the judge itself failed a check (status
IERR in the text, an error element in JUnit, "error" in JSON).

Each check is shown on stderr as soon as it is final; under CI or without a terminal, one timestamped
line per finished solution. --times adds the table of CPU times, solutions x tests.

The results of the solutions' runs are kept in the run cache (cache_dir/runs), keyed by the program's
bytes, its runtime and run command, the test's input and answer, the limits, the checker and the sandbox
mode: a second verify of an unchanged package runs none of them again. A time limit passed on the wall
clock, a CPU time within 10% of the limit from a margin, and an internal error are not kept; --times
marks cached times with *. --no-cache runs everything afresh (and keeps nothing); judge cache clean
empties the cache.`,
		Example: "  judge verify\n  judge verify flip-game --format junit --output verify.xml\n" +
			"  judge verify a-plus-b --solution 'accepted/*' --test 'sample*' --time-limit 2s\n  judge verify --strict --stop-on-fail",
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, "text", "json", "junit"); err != nil {
				return err
			}
			var tl time.Duration
			if timeLimit != "" {
				d, err := time.ParseDuration(timeLimit)
				if err != nil || d <= 0 {
					return usageError(fmt.Errorf("--time-limit %q: want a positive duration such as 1s or 1500ms", timeLimit))
				}
				tl = d
			}
			for _, g := range append(slices.Clone(solutions), tests...) {
				if _, err := path.Match(g, ""); err != nil {
					return usageError(fmt.Errorf("bad glob %q: %w", g, err))
				}
			}
			if output != "" {
				if err := checkWritable(output); err != nil {
					return usageError(fmt.Errorf("--output: %w", err))
				}
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
			live := newVerifyLive(cmd.ErrOrStderr(), e.style)
			v := &verify.Verifier{Engine: e.engine, Progress: live.progress, OnCheck: live.check,
				Strict: strict, StopOnFail: stopOnFail, Solutions: solutions, Tests: tests, TimeLimit: tl}
			if !noCache {
				v.RunCache = runcache.Open(cfg.CacheDir)
			}
			rep, err := v.Verify(ctx, dirs)
			live.finish()
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
				case "text":
					if times {
						err = verify.TextTimes(&buf, rep, style)
					} else {
						err = verify.Text(&buf, rep, style)
					}
				}
				return buf.Bytes(), err
			}
			var file []byte
			if output != "" {
				if file, err = render(format, rep, report.Style{}); err != nil {
					return internalError(err)
				}
				// The file has the report; people still read the text.
				format = "text"
			}
			data, err := render(format, rep, e.style)
			if err != nil {
				return internalError(err)
			}
			if _, err := cmd.OutOrStdout().Write(data); err != nil {
				return internalError(err)
			}
			if output != "" {
				if err := author.WriteFile(output, file, 0o644); err != nil {
					return usageError(fmt.Errorf("--output: %w", err))
				}
			}
			return verifyExit(rep)
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output `FORMAT`: text, json or junit")
	cmd.Flags().StringVarP(&output, "output", "o", "", "write the report to `FILE` (atomically) and a text report to stdout")
	cmd.Flags().StringArrayVar(&solutions, "solution", nil, "judge only the solutions whose path under solutions/<slug>/ or file name matches `GLOB` (repeatable)")
	cmd.Flags().StringArrayVar(&tests, "test", nil, "run only the tests whose name matches `GLOB` (repeatable)")
	cmd.Flags().StringVar(&timeLimit, "time-limit", "", "judge with time limit `D` instead of problem.yaml's (1s, 1500ms)")
	cmd.Flags().BoolVar(&stopOnFail, "stop-on-fail", false, "stop at the first failed check; the checks not finished are skipped")
	cmd.Flags().BoolVar(&strict, "strict", false, "fail on warnings too")
	cmd.Flags().BoolVar(&noCache, "no-cache", false, "run every solution on every test afresh: no result from the run cache, none stored")
	cmd.Flags().BoolVar(&times, "times", false, "show each problem's CPU times, solutions × tests, with each solution's share of the limit (JSON always has them)")
	return cmd
}

// verifyExit returns the exit of a verification: 3 when the judge itself
// failed a check, 1 when a check failed, 0 when all passed.
func verifyExit(rep *verify.Report) error {
	switch {
	case rep.Summary.Errors > 0:
		return internalError(fmt.Errorf("%s failed with an internal error of the judge (IERR above): the judge, not the package, is at fault", report.Plural(rep.Summary.Errors, "check")))
	case !rep.OK:
		return errVerdict
	}
	return nil
}

// checkWritable makes sure a report can be written to path before the
// work that makes it starts: its folder exists and takes a new file, and
// path is not a folder.
func checkWritable(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("%s: is a folder", path)
	}
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: folder %s does not exist", path, dir)
	case err != nil:
		return fmt.Errorf("%s: %w", path, err)
	case !fi.IsDir():
		return fmt.Errorf("%s: %s is not a folder", path, dir)
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".check-")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("%s: cannot write in %s: %w", path, dir, err)
	}
	f.Close()
	return os.Remove(f.Name())
}
