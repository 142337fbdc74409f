package standings_test

import (
	"fmt"
	"time"

	"github.com/puzzlejudge/judge/service/standings"
)

func ExampleCompute() {
	in := standings.Input{
		Rules:    standings.Rules{Scoring: standings.ICPC, Penalty: standings.DefaultPenalty, Freeze: 4 * time.Hour},
		Problems: []standings.Problem{{Label: "A"}, {Label: "B"}},
		Teams:    []standings.Team{{Name: "ada", Display: "Ada"}, {Name: "bob", Display: "Bob"}},
		Length:   5 * time.Hour,
		Runs: []standings.Run{
			{ID: "1", Team: "ada", Problem: "A", At: 12*time.Minute + 40*time.Second, Verdict: "WA"},
			{ID: "2", Team: "ada", Problem: "A", At: 31 * time.Minute, Verdict: "AC"},
			{ID: "3", Team: "bob", Problem: "A", At: 45 * time.Minute, Verdict: "AC"},
			{ID: "4", Team: "bob", Problem: "B", At: 4*time.Hour + 5*time.Minute, Verdict: "AC"},
		},
	}
	for _, v := range []standings.View{standings.Public, standings.Jury} {
		for _, r := range standings.Compute(in, v).Rows {
			fmt.Printf("%d %s solved %d penalty %.0f", r.Rank, r.Team.Display, r.Solved, r.Penalty.Minutes())
			for _, c := range r.Cells {
				fmt.Printf(" | %s tries %d pending %d first %v", c.Label, c.Tries, c.Pending, c.FirstToSolve)
			}
			fmt.Println()
		}
	}
	// Output:
	// 1 Bob solved 1 penalty 45 | A tries 1 pending 0 first false | B tries 0 pending 1 first false
	// 2 Ada solved 1 penalty 51 | A tries 2 pending 0 first true | B tries 0 pending 0 first false
	// 1 Bob solved 2 penalty 290 | A tries 1 pending 0 first false | B tries 1 pending 0 first true
	// 2 Ada solved 1 penalty 51 | A tries 2 pending 0 first true | B tries 0 pending 0 first false
}

func ExampleCompute_ioi() {
	in := standings.Input{
		Rules:    standings.Rules{Scoring: standings.IOI},
		Problems: []standings.Problem{{Label: "A", MaxScore: 100}},
		Teams:    []standings.Team{{Name: "ada"}},
		Runs: []standings.Run{
			{ID: "1", Team: "ada", Problem: "A", At: time.Minute, Verdict: "WA", Score: 40, Groups: map[string]float64{"1": 40, "2": 0}},
			{ID: "2", Team: "ada", Problem: "A", At: 9 * time.Minute, Verdict: "WA", Score: 60, Groups: map[string]float64{"1": 0, "2": 60}},
		},
	}
	c := standings.Compute(in, standings.Jury).Rows[0].Cells[0]
	fmt.Println(c.Score, c.Solved, c.Time)
	// Output:
	// 100 true 9m0s
}
