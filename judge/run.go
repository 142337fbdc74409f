package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/internal/termsafe"
	"github.com/puzzlejudge/judge/runner"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// Limits of `judge run` without a problem, unless flags give them.
const (
	runDefaultTime   = "1s"
	runDefaultMemory = "256MiB"
)

func newRunCmd() *cobra.Command {
	var lang, input string
	var lf limitFlags
	cmd := &cobra.Command{
		Use:   "run [problem] <source-file|->",
		Short: "Run a program once in the box on your own input, and print its output, time and memory",
		Long: "run compiles the source and runs it once in the sandbox, under the problem's limits (or, without a problem,\n" +
			"those of --time-limit and --memory-limit, by default " + runDefaultTime + " and " + runDefaultMemory + "), with standard input from --input FILE\n" +
			"or the judge's own standard input (--input - or none). Standard output is the program's output; its stderr,\n" +
			"then its status, CPU time, wall time and memory, go to standard error. Exit status: 0 when the program\n" +
			"exited 0, 1 when it did not (non-zero exit, signal, a limit, a compile error), 2 usage, 3 internal.",
		Example: "  judge run a-plus-b my.cpp --input my-test.txt\n" +
			"  echo '1 2' | judge run a-plus-b my.py\n" +
			"  judge run --time-limit 5s --memory-limit 1GiB brute.go < big.in > big.out",
		Args: cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			cpu, mem, err := lf.parse()
			if err != nil {
				return err
			}
			e, err := newEnv(cmd)
			if err != nil {
				return err
			}
			defer e.close()
			var p *problem.Problem
			source := args[len(args)-1]
			if len(args) == 2 {
				if p, err = e.findProblem(args[0]); err != nil {
					return err
				}
				if p.Kattis != nil && p.Limits.Time == 0 && cpu == 0 {
					// A Kattis package may give no time limit: it comes
					// from its accepted submissions, as in submit.
					if _, err := deriveTimeLimit(cmd, e, p, nil); err != nil {
						return err
					}
				}
			}
			if source == "-" && (input == "" || input == "-") {
				return usageError(errors.New("the source and the input cannot both come from standard input: give the input with --input FILE"))
			}
			src, err := openSource(cmd, e, source, lang)
			if err != nil {
				return err
			}
			defer src.close()
			l := src.lang
			var lim runner.Limits
			if p != nil {
				lim = grade.Limits(p, l)
			} else {
				lim.CPU, _ = problem.ParseDuration(runDefaultTime)
				lim.Memory, _ = figures.ParseSize(runDefaultMemory)
				lim.Output = 64 << 20
			}
			if cpu > 0 {
				lim.CPU = cpu
			}
			if mem > 0 {
				lim.Memory, lim.Stack = mem, mem
			}
			lim.Wall = runner.DefaultWall(lim.CPU)
			lim = lim.WithDefaults()

			dir, err := os.MkdirTemp("", "judge-run-")
			if err != nil {
				return internalError(fmt.Errorf("create a folder for the run: %w", err))
			}
			defer os.RemoveAll(dir)
			stdin := input
			if input == "" || input == "-" {
				if f, ok := cmd.InOrStdin().(*os.File); ok && term.IsTerminal(int(f.Fd())) {
					fmt.Fprintln(cmd.ErrOrStderr(), "judge: type the input, and end it with Ctrl-D (or give --input FILE)")
				}
				stdin = filepath.Join(dir, "input")
				if err := copyToFile(stdin, cmd.InOrStdin()); err != nil {
					return internalError(fmt.Errorf("read standard input: %w", err))
				}
			} else if fi, err := os.Stat(input); err != nil || !fi.Mode().IsRegular() {
				return usageError(fmt.Errorf("--input %s: not a readable file", input))
			}

			// Only now that something will run: a usage error stays the
			// one line it is.
			e.warnBasic(cmd)
			ctx := cmd.Context()
			errOut := cmd.ErrOrStderr()
			prog, comp, err := e.engine.Grader.Compiler.CompileWith(ctx, l, src.path, src.extra)
			if err != nil {
				return finish(ctx, internalError(err))
			}
			if !comp.OK {
				fmt.Fprintf(errOut, "%s\njudge: compile error (%s)\n", termsafe.Text(comp.Output), source)
				return errVerdict
			}
			out := filepath.Join(dir, "output")
			res, err := e.engine.Sandbox.Run(ctx, prog.Spec(stdin, out, lim))
			if err != nil {
				return finish(ctx, internalError(fmt.Errorf("run %s: %w", source, err)))
			}
			if err := copyOutput(cmd.OutOrStdout(), out); err != nil {
				return internalError(fmt.Errorf("print the output: %w", err))
			}
			if len(res.Stderr) > 0 {
				fmt.Fprintln(errOut, strings.TrimRight(termsafe.Text(string(res.Stderr)), "\n"))
			}
			v, msg := grade.Classify(res, lim)
			status := "exited 0"
			switch v {
			case verdict.AC:
			case verdict.RE:
				// The message repeats the stderr printed above.
				status = string(v) + ": " + strings.SplitN(msg, ": ", 2)[0]
			default:
				status = string(v) + ": " + msg
			}
			fmt.Fprintf(errOut, "judge: %s   time %d ms   wall %d ms   memory %s   (limits: time %d ms, memory %s)\n",
				termsafe.Line(firstLineOf(status)), res.CPU.Milliseconds(), res.Wall.Milliseconds(), figures.Memory(res.Memory>>10),
				lim.CPU.Milliseconds(), figures.Size(lim.Memory))
			if !res.OK() {
				return errVerdict
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&lang, "lang", "", "language, by name or alias such as c++ or py (default: from the file extension; needed with -)")
	cmd.Flags().StringVar(&input, "input", "", "`file` to give the program on standard input (default, or -: the judge's standard input)")
	lf.add(cmd)
	return cmd
}

// copyToFile writes everything r gives to a new file at path.
func copyToFile(path string, r io.Reader) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	_, cerr := io.Copy(f, r)
	return errors.Join(cerr, f.Close())
}

// copyOutput copies the program's output file to w: as it is, unless w
// is a terminal, where it is escaped so the program cannot drive it.
func copyOutput(w io.Writer, path string) error {
	if isTerminal(w) {
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		_, err = io.WriteString(w, termsafe.Text(string(data)))
		return err
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(w, f)
	return err
}

func firstLineOf(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
