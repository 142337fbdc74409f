package main

import (
	"bytes"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/service/api"
)

// TestPrintStandingsNames: `judge contest standings` shows each team by
// its display name (by its account's name from a server that sends no
// display name), and a frozen table says since when.
func TestPrintStandingsNames(t *testing.T) {
	v := api.StandingsView{Contest: "spring-26", Name: "Spring", State: api.ContestFrozen, Scoring: "icpc", Frozen: true,
		Freeze:   api.Stamp(time.Date(2026, 4, 1, 14, 0, 0, 0, time.UTC)),
		Problems: []api.StandingsProblem{{Label: "A", Slug: "a-plus-b"}},
		Rows: []api.StandingsRow{
			{Rank: 1, Team: "ann", DisplayName: "Ann's Team", Solved: 1, Cells: []api.StandingsCell{{Label: "A", Solved: true, Tries: 1, FirstToSolve: true}}},
			{Rank: 2, Team: "bob", Cells: []api.StandingsCell{{Label: "A"}}},
		}}
	var b bytes.Buffer
	if err := printStandings(&b, v); err != nil {
		t.Fatal(err)
	}
	want := "spring-26: Spring (frozen), frozen since 14:00 UTC: results after the freeze are shown as pending\n" +
		"RANK  TEAM        SOLVED  PENALTY  A\n" +
		"1     Ann's Team  1       0        + 0*\n" +
		"2     bob         0       0        .\n"
	if got := b.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
