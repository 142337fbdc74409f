package main

import (
	"fmt"
	"time"

	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/spf13/cobra"
)

// limitFlags are --time-limit and --memory-limit: limits for a try, in
// place of the problem's.
type limitFlags struct {
	time, memory string
}

func (f *limitFlags) add(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.time, "time-limit", "", "CPU time limit for this run instead of the problem's: a `duration` such as 2s or 1500ms (the language's multiplier is not applied)")
	cmd.Flags().StringVar(&f.memory, "memory-limit", "", "memory limit for this run instead of the problem's: a `size` such as 512MiB")
}

// parse returns the limits given; zero for those not given.
func (f *limitFlags) parse() (cpu time.Duration, memory int64, err error) {
	if f.time != "" {
		cpu, err = problem.ParseDuration(f.time)
		if err != nil || cpu <= 0 {
			return 0, 0, usageError(fmt.Errorf("--time-limit %q: want a positive duration such as 2s or 1500ms", f.time))
		}
	}
	if f.memory != "" {
		memory, err = figures.ParseSize(f.memory)
		if err != nil || memory <= 0 {
			return 0, 0, usageError(fmt.Errorf("--memory-limit %q: want a positive size such as 256MiB", f.memory))
		}
	}
	return cpu, memory, nil
}
