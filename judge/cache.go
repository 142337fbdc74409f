package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/puzzlejudge/judge/authoring/runcache"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/core/report"
	"github.com/spf13/cobra"
)

func newCacheCmd() *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "cache",
		Short: "Show the compile cache: its size and its compiled programs, least recently used last",
		Long: `cache shows the compile cache (cache_dir): its size, the compiled programs it holds with their size
and last use (most recent first), the warm build caches, and the run results judge verify keeps
(cache_dir/runs). judge cache prune trims the compiled programs; a judge that compiles trims them by
itself past cache_max_size. judge cache clean empties the run results.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, "text", "json"); err != nil {
				return err
			}
			cfg, err := loadConfig(cmd)
			if err != nil {
				return err
			}
			info, err := compile.ReadCache(cfg.CacheDir)
			if err != nil {
				return internalError(err)
			}
			runs, err := runcache.Open(cfg.CacheDir).Info()
			if err != nil {
				return internalError(err)
			}
			out := cmd.OutOrStdout()
			if format == "json" {
				return report.JSON(out, struct {
					compile.CacheInfo
					Size    int64         `json:"size"`
					MaxSize int64         `json:"max_size"`
					Runs    runcache.Info `json:"runs"`
				}{info, info.Size(), cfg.CacheMaxSize, runs})
			}
			fmt.Fprintf(out, "%s: %s\n", info.Dir, humanSize(info.Size()))
			fmt.Fprintf(out, "  compiled programs  %d, %s\n", len(info.Entries), humanSize(info.ProgramsSize))
			fmt.Fprintf(out, "  warm build caches  %s\n", humanSize(info.WarmSize))
			fmt.Fprintf(out, "  run results        %d, %s (judge verify's; judge cache clean empties them)\n", runs.Entries, humanSize(runs.Size))
			fmt.Fprintf(out, "  other              %s\n", humanSize(max(info.OtherSize-runs.Size, 0)))
			limit := "none (cache_max_size: 0)"
			if cfg.CacheMaxSize > 0 {
				limit = humanSize(cfg.CacheMaxSize) + " (cache_max_size); a judge that compiles trims the cache to it"
			}
			fmt.Fprintf(out, "  limit              %s\n", limit)
			if len(info.Entries) == 0 {
				return nil
			}
			fmt.Fprintln(out)
			tw := tabwriter.NewWriter(out, 2, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "KEY\tLAST USED\tSIZE\tFILES")
			now := time.Now()
			for i := len(info.Entries) - 1; i >= 0; i-- {
				e := info.Entries[i]
				files := strings.Join(e.Files, " ")
				if !e.OK {
					files = "(compile error)"
				}
				fmt.Fprintf(tw, "%s\t%s ago\t%s\t%s\n", e.Key[:min(12, len(e.Key))], age(now.Sub(e.Used)), humanSize(e.Size), files)
			}
			return tw.Flush()
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output `FORMAT`: text or json")
	cmd.AddCommand(newCachePruneCmd(), newCacheCleanCmd())
	return cmd
}

func newCacheCleanCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "clean",
		Short: "Empty the run cache: the results of solutions, validators and generators judge verify keeps",
		Long: `clean removes every run result judge verify keeps in cache_dir/runs, so that the next verify runs
every program again (judge verify --no-cache does so once, without emptying the cache). Compiled
programs and warm build caches stay: judge cache prune trims those.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := loadConfig(cmd)
			if err != nil {
				return err
			}
			n, err := runcache.Open(cfg.CacheDir).Clean()
			if err != nil {
				return internalError(err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "removed %s\n", report.Plural(n, "run result"))
			return nil
		},
	}
}

func newCachePruneCmd() *cobra.Command {
	var olderThan, maxSize string
	cmd := &cobra.Command{
		Use:   "prune",
		Short: "Trim the compile cache: programs unused for long, then the least recently used past a size",
		Long: `prune removes the compiled programs not used for longer than --older-than, then the least recently
used ones until the cache fits in --max-size (default: cache_max_size). A program another judge is
using is kept, as is a compile in progress, so it is safe while other judges run. Warm build caches
are kept.`,
		Example: "  judge cache prune --older-than 30d\n  judge cache prune --max-size 1GiB",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := loadConfig(cmd)
			if err != nil {
				return err
			}
			opt := compile.PruneOptions{MaxSize: cfg.CacheMaxSize}
			if olderThan != "" {
				if opt.OlderThan, err = parseAge(olderThan); err != nil {
					return usageError(fmt.Errorf("--older-than: %w", err))
				}
				if !cmd.Flags().Changed("max-size") {
					opt.MaxSize = 0
				}
			}
			if maxSize != "" {
				if opt.MaxSize, err = figures.ParseSize(maxSize); err != nil {
					return usageError(fmt.Errorf("--max-size: %w", err))
				}
			}
			if opt.OlderThan == 0 && opt.MaxSize == 0 {
				return usageError(errors.New("nothing to prune by: give --older-than or --max-size (cache_max_size is 0)"))
			}
			res, err := compile.PruneCache(cfg.CacheDir, opt)
			if err != nil {
				return internalError(err)
			}
			var freed int64
			for _, e := range res.Removed {
				freed += e.Size
			}
			kept := ""
			if res.InUse > 0 {
				kept = fmt.Sprintf("; %d in use by a running judge, kept", res.InUse)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "removed %s (%s)%s; the cache takes %s\n",
				report.Plural(len(res.Removed), "compiled program"), humanSize(freed), kept, humanSize(res.Size))
			return nil
		},
	}
	cmd.Flags().StringVar(&olderThan, "older-than", "", "remove the programs unused for longer than `AGE` (30d, 12h)")
	cmd.Flags().StringVar(&maxSize, "max-size", "", "then remove the least recently used until the cache fits in `SIZE` (1GiB)")
	return cmd
}

// parseAge parses a duration that may also be in days ("30d").
func parseAge(s string) (time.Duration, error) {
	if n, ok := strings.CutSuffix(s, "d"); ok {
		days, err := strconv.ParseFloat(n, 64)
		if err != nil || days <= 0 {
			return 0, fmt.Errorf("bad age %q (want 30d, 12h, 90m)", s)
		}
		return time.Duration(days * float64(24*time.Hour)), nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("bad age %q (want 30d, 12h, 90m)", s)
	}
	return d, nil
}

// humanSize writes a byte count for people: B, KiB, MiB or GiB with one
// decimal.
func humanSize(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	case n < 1<<30:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
}

// age writes a duration roughly: 40s, 5m, 3h, 2d.
func age(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh", int(d.Hours()))
	}
	return fmt.Sprintf("%dd", int(d.Hours()/24))
}
