package main

import (
	"cmp"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/puzzlejudge/judge/internal/termsafe"
	"github.com/puzzlejudge/judge/service/api"
	"github.com/spf13/cobra"
)

func newContestListCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "List the contests with their state and window",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			c, err := contestClient(cmd)
			if err != nil {
				return err
			}
			cs, err := c.Contests(cmd.Context())
			if err != nil {
				return remoteError(err)
			}
			tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tNAME\tSTATE\tSTART\tEND\tPROBLEMS")
			for _, v := range cs {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%d\n", termsafe.Line(v.ID), termsafe.Line(v.Name), v.State,
					when(v.Start), when(v.End), len(v.Problems))
			}
			return tw.Flush()
		},
	}
}

func newContestShowCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "show <id>",
		Short: "Show a contest: its window, rules and problems",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			c, err := contestClient(cmd)
			if err != nil {
				return err
			}
			v, err := c.Contest(cmd.Context(), args[0])
			return printResult(cmd, v, err)
		},
	}
}

func newContestStandingsCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "standings <id>",
		Short: "Print a contest's standings: frozen after the freeze for a user's token, live for an admin's",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			c, err := contestClient(cmd)
			if err != nil {
				return err
			}
			v, err := c.Standings(cmd.Context(), args[0])
			if err != nil {
				return remoteError(err)
			}
			return printStandings(cmd.OutOrStdout(), v)
		},
	}
}

// when is a time as the listings show it, "-" for none.
func when(s api.Stamp) string {
	t := time.Time(s)
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format(time.RFC3339)
}

// printResult prints the contest a request gave back, or gives its
// error as the remote commands do.
func printResult(cmd *cobra.Command, v api.ContestView, err error) error {
	if err != nil {
		return remoteError(err)
	}
	printContest(cmd, v)
	return nil
}

// printContest prints a contest's settings and problems.
func printContest(cmd *cobra.Command, v api.ContestView) {
	w := cmd.OutOrStdout()
	fmt.Fprintf(w, "%s: %s (%s)\n", termsafe.Line(v.ID), termsafe.Line(v.Name), v.State)
	if v.State == api.ContestPractice {
		fmt.Fprintln(w, "  practice: no window")
	} else {
		fmt.Fprintf(w, "  window:   %s to %s\n", when(v.Start), when(v.End))
	}
	if v.FreezeSeconds > 0 {
		fmt.Fprintf(w, "  freeze:   %s (%s before the end)\n", when(v.Freeze), time.Duration(v.FreezeSeconds)*time.Second)
	}
	rules := v.Scoring
	if v.Scoring == "icpc" {
		rules += fmt.Sprintf(", %d penalty minutes per rejected try", v.PenaltyMinutes)
		if v.CountCompileErrors {
			rules += ", compile errors counted"
		}
	}
	fmt.Fprintf(w, "  scoring:  %s\n", rules)
	who := "everyone"
	if !v.Everyone {
		who = termsafe.Line(strings.Join(v.Participants, ", "))
		if who == "" {
			who = "admins only"
		}
	}
	fmt.Fprintf(w, "  users:    %s\n", who)
	if v.ProblemsHidden {
		fmt.Fprintln(w, "  problems: hidden until the start")
		return
	}
	for _, p := range v.Problems {
		fmt.Fprintf(w, "  %-3s %s  %s\n", termsafe.Line(p.Label), termsafe.Line(p.Slug), termsafe.Line(p.Name))
	}
}

// printStandings prints the table: rank, team (its display name; the
// account's name from a server that sends none), solved and penalty (ICPC)
// or score (IOI), then a cell per problem: ICPC "+2 57" (solved on the
// third try at minute 57, * first to solve), "-3" (three rejected), "?1"
// (one pending); IOI the best score.
func printStandings(w io.Writer, v api.StandingsView) error {
	fmt.Fprintf(w, "%s: %s (%s)", termsafe.Line(v.Contest), termsafe.Line(v.Name), v.State)
	if v.Frozen {
		since := ""
		if at := time.Time(v.Freeze); !at.IsZero() {
			since = " since " + at.UTC().Format("15:04 UTC")
		}
		fmt.Fprintf(w, ", frozen%s: results after the freeze are shown as pending", since)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	head := "RANK\tTEAM\t"
	if v.Scoring == "ioi" {
		head += "SCORE"
	} else {
		head += "SOLVED\tPENALTY"
	}
	for _, p := range v.Problems {
		head += "\t" + termsafe.Line(p.Label)
	}
	fmt.Fprintln(tw, head)
	for _, r := range v.Rows {
		line := fmt.Sprintf("%d\t%s\t", r.Rank, termsafe.Line(cmp.Or(r.DisplayName, r.Team)))
		if v.Scoring == "ioi" {
			line += strconv.FormatFloat(r.Score, 'f', -1, 64)
		} else {
			line += fmt.Sprintf("%d\t%d", r.Solved, r.PenaltyMinutes)
		}
		for _, c := range r.Cells {
			line += "\t" + cellText(v.Scoring, c)
		}
		fmt.Fprintln(tw, line)
	}
	return tw.Flush()
}

// cellText is one cell as the terminal table shows it.
func cellText(scoring string, c api.StandingsCell) string {
	var s string
	switch {
	case scoring == "ioi" && c.Tried:
		s = strconv.FormatFloat(c.Score, 'f', -1, 64)
	case c.Solved:
		s = fmt.Sprintf("+%d %d", c.Tries-1, c.Minute)
		if c.Tries == 1 {
			s = fmt.Sprintf("+ %d", c.Minute)
		}
	case c.Tries > 0:
		s = fmt.Sprintf("-%d", c.Tries)
	}
	if c.Pending > 0 {
		s = strings.TrimSpace(s + fmt.Sprintf(" ?%d", c.Pending))
	}
	if c.FirstToSolve {
		s += "*"
	}
	if s == "" {
		s = "."
	}
	return s
}
