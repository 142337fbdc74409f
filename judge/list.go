package main

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/config"
	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/report"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/spf13/cobra"
)

// listEntry is one problem in `judge list --format json`.
type listEntry struct {
	Slug        string `json:"slug"`
	Title       string `json:"title,omitempty"`
	TimeLimitMs int64  `json:"time_limit_ms,omitempty"`
	// LanguageTimeLimitsMs holds the time limit of each language whose
	// time multiplier is not 1.
	LanguageTimeLimitsMs map[string]int64 `json:"language_time_limits_ms,omitempty"`
	MemoryLimitKB        int64            `json:"memory_limit_kb,omitempty"`
	Tests                int              `json:"tests"`
	Samples              int              `json:"samples"`
	Solutions            map[string]int   `json:"solutions"` // by expected verdict; "PA" partially accepted; "?" for files in no verdict folder
	Error                string           `json:"error,omitempty"`
}

func newListCmd() *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the problems: slug, title, limits, tests, solutions per verdict",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, "text", "json"); err != nil {
				return err
			}
			cfg, err := loadConfig(cmd)
			if err != nil {
				return err
			}
			dirs, err := problemDirs(cfg)
			if err != nil {
				return err
			}
			entries := make([]listEntry, 0, len(dirs))
			broken := 0
			for _, d := range dirs {
				en := listEntry{Slug: filepath.Base(d), Solutions: map[string]int{}}
				sols, _ := author.ListSolutions(filepath.Join(cfg.SolutionsDir, en.Slug), func(file string) (*compile.Language, error) {
					return cfg.Language(file, "")
				})
				for _, s := range sols {
					key := string(s.Expected)
					switch {
					case s.Folder == author.PartialFolder:
						key = partialKey
					case key == "":
						key = "?"
					}
					en.Solutions[key]++
				}
				p, err := problem.Load(d)
				if err != nil {
					en.Error = err.Error()
					broken++
					entries = append(entries, en)
					continue
				}
				if p.Kattis != nil {
					// A Kattis package keeps its submissions inside it.
					en.Solutions = kattisSubmissions(p)
				}
				en.Title = p.Title
				en.TimeLimitMs = p.Limits.Time.Milliseconds()
				for name, d := range languageTimeLimits(cfg, p) {
					if en.LanguageTimeLimitsMs == nil {
						en.LanguageTimeLimitsMs = map[string]int64{}
					}
					en.LanguageTimeLimitsMs[name] = d.Milliseconds()
				}
				en.MemoryLimitKB = p.Limits.Memory >> 10
				en.Tests = len(p.Tests)
				for _, t := range p.Tests {
					if t.Sample {
						en.Samples++
					}
				}
				entries = append(entries, en)
			}
			out := cmd.OutOrStdout()
			if format == "json" {
				if err := report.JSON(out, entries); err != nil {
					return internalError(err)
				}
			} else {
				tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
				fmt.Fprintln(tw, "SLUG\tTITLE\tTIME\tMEMORY\tTESTS\tSOLUTIONS")
				for _, en := range entries {
					if en.Error != "" {
						fmt.Fprintf(tw, "%s\t(broken: %s)\t\t\t\t%s\n", en.Slug, en.Error, solutionCounts(en.Solutions))
						continue
					}
					fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d (%s)\t%s\n", en.Slug, en.Title, timeLimits(en),
						figures.Size(en.MemoryLimitKB<<10), en.Tests, report.Plural(en.Samples, "sample"), solutionCounts(en.Solutions))
				}
				if err := tw.Flush(); err != nil {
					return internalError(err)
				}
			}
			if broken > 0 {
				return usageError(fmt.Errorf("%d of %d problem packages do not load", broken, len(entries)))
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}

// partialKey counts the partially accepted solutions of a scoring
// problem.
const partialKey = "PA"

// solutionCounts shows solutions per verdict, in verdict order: "AC 4
// WA 2 TLE 1".
func solutionCounts(m map[string]int) string {
	var parts []string
	for _, v := range verdict.All() {
		if n := m[string(v)]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", v, n))
		}
	}
	for _, k := range []string{partialKey, "?"} {
		if n := m[k]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", k, n))
		}
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, " ")
}

// kattisSubmissions counts a Kattis package's example submissions by the
// verdict of their folder ("?" for folders that name none).
func kattisSubmissions(p *problem.Problem) map[string]int {
	subs, _, _ := p.Kattis.Package.ListSubmissions()
	folders := map[string]verdict.Verdict{"accepted": verdict.AC, "wrong_answer": verdict.WA,
		"time_limit_exceeded": verdict.TLE, "run_time_error": verdict.RE}
	m := map[string]int{}
	for _, s := range subs {
		key := "?"
		if v, ok := folders[s.Folder]; ok {
			key = string(v)
		} else if s.Folder == author.PartialFolder {
			key = partialKey
		}
		m[key]++
	}
	return m
}

// languageTimeLimits returns the time limit of each language whose time
// multiplier makes it differ from the problem's.
func languageTimeLimits(cfg *config.Config, p *problem.Problem) map[string]time.Duration {
	out := map[string]time.Duration{}
	for name, l := range cfg.Languages {
		if l.TimeMultiplier != 1 {
			out[name] = grade.Limits(p, l).CPU
		}
	}
	return out
}

// timeLimits shows a problem's time limit and the languages' own: "1000
// ms (python 2000 ms)".
func timeLimits(en listEntry) string {
	if en.TimeLimitMs == 0 {
		return "from AC" // a Kattis package that leaves it to its accepted submissions
	}
	s := figures.Millis(en.TimeLimitMs)
	var names []string
	for n := range en.LanguageTimeLimitsMs {
		names = append(names, n)
	}
	sort.Strings(names)
	var parts []string
	for _, n := range names {
		parts = append(parts, fmt.Sprintf("%s %d ms", n, en.LanguageTimeLimitsMs[n]))
	}
	if len(parts) > 0 {
		s += " (" + strings.Join(parts, ", ") + ")"
	}
	return s
}
