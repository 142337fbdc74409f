package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/puzzlejudge/judge/core/config"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/internal/suggest"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// conventions gives the whole command tree the judge's command-line
// conventions: plain `--flag` for boolean flags in help (pflag writes
// `--flag[=true|false]`), the usage line on argument errors, "did you
// mean" for unknown commands, and shell completion of problem slugs,
// languages and test names. It must run once the tree is built.
func conventions(root *cobra.Command) {
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	root.InitDefaultVersionFlag()
	root.DisableSuggestions = true // suggested on one line below
	root.Args = cobra.ArbitraryArgs
	root.RunE = func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return cmd.Help()
		}
		var names []string
		for _, c := range cmd.Commands() {
			if c.IsAvailableCommand() {
				names = append(names, c.Name())
			}
		}
		return usageError(fmt.Errorf("unknown command %q for %q%s (commands: %s)", args[0], cmd.CommandPath(), suggest.Hint(args[0], names), strings.Join(names, ", ")))
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.InitDefaultHelpFlag()
		plainBools(c.LocalNonPersistentFlags())
		plainBools(c.PersistentFlags())
		if c.Args != nil && c != root {
			args := c.Args
			c.Args = func(cmd *cobra.Command, a []string) error {
				if err := args(cmd, a); err != nil {
					return usageError(fmt.Errorf("%s: %w (usage: %s)", cmd.CommandPath(), err, cmd.UseLine()))
				}
				return nil
			}
		}
		complete(c)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// plainBool is a boolean flag's value that pflag does not render as
// `[=true|false]`: it does not say it is a boolean flag, and its flag
// gets the no-option default "true" instead.
type plainBool struct{ pflag.Value }

func plainBools(fs *pflag.FlagSet) {
	fs.VisitAll(func(f *pflag.Flag) {
		if _, done := f.Value.(plainBool); done || f.Value.Type() != "bool" {
			return
		}
		f.Value = plainBool{f.Value}
		f.NoOptDefVal = "true"
	})
}

// complete registers the completions of a command: problem slugs for a
// <problem> argument (every argument of verify), languages for --lang, the
// problem's test names for --test.
func complete(c *cobra.Command) {
	fields := strings.Fields(c.Use)
	if len(fields) > 1 && c.ValidArgsFunction == nil {
		switch fields[1] {
		case "<problem>", "[problem]":
			c.ValidArgsFunction = func(cmd *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
				if len(args) > 0 {
					return nil, cobra.ShellCompDirectiveDefault // the files after the problem
				}
				return completeProblems(cmd)
			}
		case "[problem...]":
			c.ValidArgsFunction = func(cmd *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
				return completeProblems(cmd)
			}
		}
	}
	if f := c.LocalFlags().Lookup("lang"); f != nil {
		_ = c.RegisterFlagCompletionFunc("lang", func(cmd *cobra.Command, _ []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
			cfg, err := loadConfig(cmd)
			if err != nil {
				return nil, cobra.ShellCompDirectiveError
			}
			names := make([]string, 0, len(cfg.Languages))
			for n := range cfg.Languages {
				names = append(names, n)
			}
			slices.Sort(names)
			return names, cobra.ShellCompDirectiveNoFileComp
		})
	}
	if f := c.LocalFlags().Lookup("test"); f != nil {
		_ = c.RegisterFlagCompletionFunc("test", func(cmd *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
			cfg, err := loadConfig(cmd)
			if err != nil || len(args) == 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return testNames(cfg, args[0]), cobra.ShellCompDirectiveNoFileComp
		})
	}
}

func completeProblems(cmd *cobra.Command) ([]cobra.Completion, cobra.ShellCompDirective) {
	cfg, err := loadConfig(cmd)
	if err != nil {
		return nil, cobra.ShellCompDirectiveError
	}
	dirs, err := problemDirs(cfg)
	if err != nil {
		return nil, cobra.ShellCompDirectiveError
	}
	slugs := make([]string, len(dirs))
	for i, d := range dirs {
		slugs[i] = filepath.Base(d)
	}
	// A path to a problem folder is fine too.
	return slugs, cobra.ShellCompDirectiveDefault
}

// testNames returns the test names of the problem named by arg.
func testNames(cfg *config.Config, arg string) []string {
	dir, err := problemDir(cfg, arg)
	if err != nil {
		return nil
	}
	entries, err := os.ReadDir(filepath.Join(dir, problem.TestsDir))
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".in"); ok && !strings.HasPrefix(n, ".") {
			names = append(names, n)
		}
	}
	slices.SortFunc(names, problem.NaturalCompare)
	return names
}

// didYouMean adds to a problem-not-found error the known slug closest to
// arg.
func didYouMean(cfg *config.Config, arg string, err error) error {
	if !errors.Is(err, problem.ErrNotFound) {
		return err
	}
	dirs, derr := problemDirs(cfg)
	if derr != nil {
		return err
	}
	slugs := make([]string, len(dirs))
	for i, d := range dirs {
		slugs[i] = filepath.Base(d)
	}
	if h := suggest.Hint(arg, slugs); h != "" {
		return fmt.Errorf("%w;%s", err, strings.TrimSuffix(strings.Replace(h, " (", " ", 1), ")"))
	}
	return err
}

type pflagFlag = pflag.Flag

// flagValueName is the value's name in usage: the back-quoted word of
// the flag's usage text (pflag's convention), else N for a number, else
// the flag's name in capitals.
func flagValueName(f *pflag.Flag) string {
	name, _ := pflag.UnquoteUsage(f)
	switch name {
	case "int", "uint", "int64", "uint64", "float64", "duration":
		return "N"
	case "", "string", "stringArray", "stringSlice":
		return strings.ToUpper(f.Name)
	}
	return name
}
