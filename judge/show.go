package main

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/core/report"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

func newShowCmd() *cobra.Command {
	var plain bool
	cmd := &cobra.Command{
		Use:   "show <problem>",
		Short: "Show a problem's statement, rendered for the terminal",
		Long: `show prints the problem's limits and its statement.md, rendered for the terminal (headings,
emphasis, code blocks) when standard output is one, and as plain Markdown otherwise or with --plain.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := loadConfig(cmd)
			if err != nil {
				return err
			}
			p, err := findProblem(cfg, args[0])
			if err != nil {
				return err
			}
			data, err := p.ReadStatement()
			if err != nil {
				return usageError(fmt.Errorf("%s: %w", p.Statement, err))
			}
			out := cmd.OutOrStdout()
			timeLimit := p.Limits.Time.String()
			var langs []string
			for name, d := range languageTimeLimits(cfg, p) {
				langs = append(langs, fmt.Sprintf("%s %v", name, d))
			}
			if len(langs) > 0 {
				sort.Strings(langs)
				timeLimit += " (" + strings.Join(langs, ", ") + ")"
			}
			judged := "checker " + p.Checker.Kind
			if p.Interactive {
				judged = "interactive"
			}
			head := fmt.Sprintf("%s — %s\ntime limit %s, memory limit %s, output limit %s, %s\n",
				p.Slug, p.Title, timeLimit, figures.Size(p.Limits.Memory), figures.Size(p.Limits.Output), judged)
			text := string(data)
			if !plain && isTerminal(out) && os.Getenv("NO_COLOR") == "" {
				width := 80
				if f, ok := out.(*os.File); ok {
					if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 20 {
						width = min(w, 120)
					}
				}
				var b strings.Builder
				if err := report.Markdown(&b, data, width-2, report.Style{Color: true}); err != nil {
					return internalError(fmt.Errorf("render %s: %w", p.Statement, err))
				}
				text = b.String()
				head += "\n"
			} else {
				head += "\n"
			}
			if _, err := fmt.Fprint(out, head+text); err != nil {
				return internalError(err)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&plain, "plain", false, "print the Markdown as it is, even on a terminal")
	return cmd
}
