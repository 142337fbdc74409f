package main

import (
	"fmt"
	"os"
	"slices"
	"time"
)

// warmTarget is what "a warm verify in seconds" (issue 25) is held to.
const warmTarget = 10 * time.Second

// runWarm times warm verifies of problems (every bundled problem when none
// is given) in the cache folder the environment gives (JUDGE_CACHE_DIR,
// or the configured one): one verify fills it if it is not yet, then reps
// rounds each verify with the judge built from this tree and, when
// against names another judge binary (an older build), with that one
// right after, so that both figures come from the same minutes.
func runWarm(reps int, against string, problems []string) error {
	tmp, judge, err := buildJudge()
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	judges := []string{judge}
	if against != "" {
		judges = append(judges, against)
	}
	what := fmt.Sprint(problems)
	if len(problems) == 0 {
		what = "(every bundled problem)"
	}
	fmt.Printf("warm judge verify %s\nload average before: %s\n", what, loadavg())
	start := time.Now()
	if _, err := verify(judge, problems); err != nil {
		return err
	}
	fmt.Printf("  filling verify         %6.2f s\n", time.Since(start).Seconds())
	took := make([][]time.Duration, len(judges))
	var reports []*report
	for range reps {
		for i, j := range judges {
			start := time.Now()
			rep, err := verify(j, problems)
			if err != nil {
				return err
			}
			took[i] = append(took[i], time.Since(start))
			reports = append(reports, rep)
		}
	}
	for _, r := range reports[1:] {
		if err := same(reports[0], r); err != nil {
			fmt.Printf("  note: warm verifies differ: %v\n", err)
		}
	}
	last := reports[len(reports)-1]
	fmt.Printf("\n%d rounds, %d runs, %d results from the run cache (last round)\n", reps, last.Stats.Runs, last.Stats.CachedRuns)
	for i, j := range judges {
		slices.Sort(took[i])
		name := "this tree"
		if j != judge {
			name = j
		}
		best, median := took[i][0], took[i][len(took[i])/2]
		verdict := "meets"
		if median > warmTarget {
			verdict = "MISSES"
		}
		fmt.Printf("  %-20s best %6.3f s  median %6.3f s  (%s the target: seconds, at most %v)\n", name, best.Seconds(), median.Seconds(), verdict, warmTarget)
	}
	fmt.Printf("\nload average after: %s\n", loadavg())
	return nil
}
