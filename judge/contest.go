package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/puzzlejudge/judge/service/api"
	"github.com/puzzlejudge/judge/service/client"
	"github.com/spf13/cobra"
)

func newContestCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "contest",
		Short: "Create, edit, list and show a service's contests, and their standings",
		Long: "contest manages the contests of a running service (judge serve) through its API: --server names it and\n" +
			"--token (default $" + envToken + ") is an admin's token to create, edit or delete, any token to read.",
	}
	pf := cmd.PersistentFlags()
	pf.String("server", "", "the service's URL, e.g. http://127.0.0.1:8080 (required)")
	pf.String("token", "", "the service's bearer token (default $"+envToken+")")
	cmd.AddCommand(newContestCreateCmd(), newContestEditCmd(), newContestListCmd(), newContestShowCmd(),
		newContestStandingsCmd(), newContestDeleteCmd())
	return cmd
}

// contestClient is the client the --server and --token flags name.
func contestClient(cmd *cobra.Command) (*client.Client, error) {
	server, _ := cmd.Flags().GetString("server")
	token, _ := cmd.Flags().GetString("token")
	if server == "" {
		return nil, usageError(fmt.Errorf("--server is required: the service's URL"))
	}
	return serviceClient("--server", server, token)
}

// contestFlags are the settings create and edit take.
type contestFlags struct {
	name, start, end, problems, scoring, users string
	duration, freeze                           time.Duration
	penalty                                    int
	practice, countCE, showProblems            bool
}

func (f *contestFlags) add(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&f.name, "name", "", "the contest's name, as shown")
	fl.StringVar(&f.start, "start", "", `the start: an RFC 3339 time (2026-04-01T10:00:00Z) or "now"`)
	fl.StringVar(&f.end, "end", "", "the end: an RFC 3339 time (or give --duration)")
	fl.DurationVar(&f.duration, "duration", 0, "the length from the start, e.g. 5h (or give --end)")
	fl.StringVar(&f.problems, "problems", "", "the problems: A=slug,B=slug, or slugs labelled A, B, … in order")
	fl.StringVar(&f.scoring, "scoring", "", "icpc or ioi (default icpc)")
	fl.DurationVar(&f.freeze, "freeze", 0, "freeze the public standings this long before the end, e.g. 1h (shorter than the contest; none in practice mode)")
	fl.IntVar(&f.penalty, "penalty", api.DefaultPenaltyMinutes, "ICPC minutes per rejected try before the first accepted one (0: none)")
	fl.StringVar(&f.users, "users", "", "who takes part: user names, comma-separated (default everyone)")
	fl.BoolVar(&f.practice, "practice", false, "practice mode: no window, open from now on")
	fl.BoolVar(&f.countCE, "count-compile-errors", false, "count a compile error as a rejected try")
	fl.BoolVar(&f.showProblems, "show-problems", false, "leave the problems visible outside the contest before its start")
}

// request is the client and the body create and edit send.
func (f *contestFlags) request(cmd *cobra.Command) (*client.Client, api.ContestSpec, error) {
	c, err := contestClient(cmd)
	if err != nil {
		return nil, api.ContestSpec{}, err
	}
	sp, err := f.spec(cmd, time.Now())
	return c, sp, err
}

// spec is the API body the flags given on cmd make; on an edit only the
// flags given count.
func (f *contestFlags) spec(cmd *cobra.Command, now time.Time) (api.ContestSpec, error) {
	var sp api.ContestSpec
	set := cmd.Flags().Changed
	if set("name") {
		sp.Name = &f.name
	}
	if set("start") {
		t, err := parseWhen(f.start, now)
		if err != nil {
			return sp, usageError(fmt.Errorf("--start: %w", err))
		}
		sp.Start = &t
	}
	if set("end") {
		t, err := parseWhen(f.end, now)
		if err != nil {
			return sp, usageError(fmt.Errorf("--end: %w", err))
		}
		sp.End = &t
	}
	if set("duration") {
		secs := int64(f.duration / time.Second)
		sp.DurationSeconds = &secs
	}
	if set("practice") {
		sp.Practice = &f.practice
	}
	if set("freeze") {
		secs := int64(f.freeze / time.Second)
		sp.FreezeSeconds = &secs
	}
	if set("scoring") {
		sp.Scoring = &f.scoring
	}
	if set("penalty") {
		sp.PenaltyMinutes = &f.penalty
	}
	if set("count-compile-errors") {
		sp.CountCompileErrors = &f.countCE
	}
	if set("show-problems") {
		hide := !f.showProblems
		sp.HideProblemsBeforeStart = &hide
	}
	if set("users") {
		users := splitList(f.users)
		if len(users) == 0 {
			everyone := true
			sp.Everyone = &everyone
		} else {
			sp.Participants = &users
		}
	}
	if set("problems") {
		ps, err := api.ParseProblems(f.problems)
		if err != nil {
			return sp, usageError(fmt.Errorf("--problems: %w", err))
		}
		sp.Problems = &ps
	}
	return sp, nil
}

// parseWhen reads an RFC 3339 time or "now".
func parseWhen(s string, now time.Time) (time.Time, error) {
	if s == "now" {
		return now.UTC().Truncate(time.Second), nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, fmt.Errorf(`%q is not an RFC 3339 time such as 2026-04-01T10:00:00Z, nor "now"`, s)
	}
	return t, nil
}

// splitList splits a comma-separated list, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, item := range strings.Split(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

func newContestCreateCmd() *cobra.Command {
	var f contestFlags
	cmd := &cobra.Command{
		Use:   "create <id> --name NAME --problems A=slug,... (--start TIME (--end TIME | --duration D) | --practice)",
		Short: "Create a contest (an admin's token)",
		Example: "  judge contest create spring-26 --name 'Spring 2026' --start 2026-04-01T10:00:00Z --duration 5h \\\n" +
			"      --problems A=sum,B=echo,C=rotation-game --freeze 1h --users ann,bob --server http://127.0.0.1:8080\n" +
			"  judge contest create warmup --name Warm-up --start now --duration 30m --problems sum,echo --scoring ioi\n" +
			"  judge contest create practice --name Practice --practice --problems sum",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			c, sp, err := f.request(cmd)
			if err != nil {
				return err
			}
			if sp.Start == nil && (sp.Practice == nil || !*sp.Practice) {
				return usageError(fmt.Errorf("give --start with --end or --duration, or --practice"))
			}
			sp.ID = &args[0]
			v, err := c.CreateContest(cmd.Context(), sp)
			return printResult(cmd, v, err)
		},
	}
	f.add(cmd)
	return cmd
}

func newContestEditCmd() *cobra.Command {
	var f contestFlags
	cmd := &cobra.Command{
		Use:     "edit <id> [flags of create]",
		Short:   "Change a contest's settings: only the flags given (an admin's token)",
		Example: "  judge contest edit spring-26 --duration 5h30m --freeze 30m",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			c, sp, err := f.request(cmd)
			if err != nil {
				return err
			}
			if sp.DurationSeconds != nil && sp.Start == nil {
				// The duration counts from the start the contest has.
				old, err := c.Contest(cmd.Context(), args[0])
				if err != nil {
					return remoteError(err)
				}
				start := time.Time(old.Start)
				sp.Start = &start
			}
			v, err := c.UpdateContest(cmd.Context(), args[0], sp)
			return printResult(cmd, v, err)
		},
	}
	f.add(cmd)
	return cmd
}

func newContestDeleteCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "delete <id>",
		Short: "Delete a contest that has no submissions (an admin's token)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			c, err := contestClient(cmd)
			if err != nil {
				return err
			}
			if err := c.DeleteContest(cmd.Context(), args[0]); err != nil {
				return remoteError(err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "contest %s deleted\n", args[0])
			return nil
		},
	}
}
