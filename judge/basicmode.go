package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/runner"
	"github.com/spf13/cobra"
)

// fullModeCommand returns the one command that would run this judge
// command in the full sandbox: the same command line, without a
// --sandbox flag, as root, started in a delegated cgroup on a host with
// cgroup v2 only.
func fullModeCommand() string {
	args := make([]string, 0, len(os.Args))
	for i := 0; i < len(os.Args); i++ {
		a := os.Args[i]
		// A basic mode asked for would stay basic as root: drop it.
		switch {
		case a == "--sandbox" && i+1 < len(os.Args):
			i++
			continue
		case strings.HasPrefix(a, "--sandbox="):
			continue
		}
		args = append(args, shellQuote(a))
	}
	line := strings.Join(args, " ")
	if _, err := os.Stat("/sys/fs/cgroup/cgroup.controllers"); err == nil {
		return "sudo systemd-run --scope -p Delegate=yes " + line
	}
	return "sudo " + line
}

// basicModeAdvice words the basic-mode warning for the command line: as
// root, basic mode came from a flag or the configuration, and the same
// command with --sandbox full gets the full sandbox; otherwise the one
// command that would (fullModeCommand).
func basicModeAdvice() grade.BasicModeAdvice {
	if os.Geteuid() == 0 {
		return grade.BasicModeAdvice{
			Why: "basic mode was asked for (--sandbox basic, JUDGE_SANDBOX or sandbox: in the configuration)",
			Fix: "run the same command with --sandbox full",
		}
	}
	return grade.BasicModeAdvice{Fix: fullModeCommand()}
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:+,@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// sandboxSetting names where the sandbox mode in force was asked for.
func sandboxSetting(cmd *cobra.Command, file string) string {
	switch {
	case cmd.Flags().Changed("sandbox"):
		return "--sandbox full"
	case os.Getenv("JUDGE_SANDBOX") != "":
		return "JUDGE_SANDBOX=" + os.Getenv("JUDGE_SANDBOX")
	case file != "":
		return "sandbox: full in " + file
	}
	return "sandbox: full"
}

// noFullSandbox turns the sandbox's refusal of an explicit full mode into
// a usage error (exit 2) that says why and what to do.
func noFullSandbox(cmd *cobra.Command, file string, err error) error {
	if !errors.Is(err, runner.ErrNoFullSandbox) {
		return internalError(err)
	}
	fix := "fix what `judge doctor` reports"
	if os.Geteuid() != 0 {
		fix = "run the judge as root: " + fullModeCommand()
	}
	return usageError(fmt.Errorf("%s cannot be had here (%v); %s, or use --sandbox basic, which does not isolate", sandboxSetting(cmd, file), err, fix))
}

// warnBasic prints, in basic mode, the one line on stderr that says the
// run is not isolated, why, and how to get the full sandbox.
func (e *env) warnBasic(cmd *cobra.Command) {
	if e.engine.Sandbox.Mode() == runner.ModeBasic {
		fmt.Fprintf(cmd.ErrOrStderr(), "judge: warning: %s\n", grade.BasicWarning(e.engine.Grader.BasicMode))
	}
}
