package web

import (
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/puzzlejudge/judge/service/api"
)

// standingsTable is the standings page: the table's cells written out,
// and FreezeClock the time of day the freeze begins ("14:00 UTC"; empty
// for a contest without one).
type standingsTable struct {
	api.StandingsView
	IOI         bool
	FreezeClock string
	Rows        []standingsRow
}

type standingsRow struct {
	api.StandingsRow
	Total string // IOI: the score
	Cells []standingsCell
}

// standingsCell is one cell as the page shows it: Text the result ("+1",
// "-2", "3?", a score), Sub its minute, Class its colour (solved, first,
// tried, pending or empty), Title the same in words.
type standingsCell struct {
	Text, Sub, Class, Title string
}

// score writes a score without trailing zeros.
func score(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

func newStandingsTable(v api.StandingsView) standingsTable {
	t := standingsTable{StandingsView: v, IOI: v.Scoring == "ioi"}
	if at := time.Time(v.Freeze); !at.IsZero() {
		t.FreezeClock = at.UTC().Format("15:04 UTC")
	}
	for _, r := range v.Rows {
		row := standingsRow{StandingsRow: r, Total: score(r.Score)}
		for _, c := range r.Cells {
			row.Cells = append(row.Cells, cellOf(c, t.IOI))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// cellOf writes one cell.
func cellOf(c api.StandingsCell, ioi bool) standingsCell {
	var out standingsCell
	switch {
	case ioi && c.Tried:
		out = standingsCell{Text: score(c.Score), Class: "tried", Title: fmt.Sprintf("best score %s in %d tries", score(c.Score), c.Tries)}
		if c.Solved {
			out.Class = "solved"
		}
	case c.Solved:
		out = standingsCell{Text: "+", Sub: strconv.FormatInt(c.Minute, 10), Class: "solved",
			Title: fmt.Sprintf("solved at minute %d in %d tries", c.Minute, c.Tries)}
		if c.Tries > 1 {
			out.Text = "+" + strconv.Itoa(c.Tries-1)
		}
	case c.Tries > 0:
		out = standingsCell{Text: "-" + strconv.Itoa(c.Tries), Class: "tried", Title: fmt.Sprintf("%d rejected tries", c.Tries)}
	}
	if c.FirstToSolve {
		out.Class = "first"
		out.Title = "first to solve: " + out.Title
	}
	if c.Pending > 0 {
		if !c.Solved {
			out.Class = "pending"
		}
		out.Text += fmt.Sprintf(" %d?", c.Pending)
		out.Title += fmt.Sprintf(" (%d pending)", c.Pending)
	}
	return out
}

// langRow is one language's line of the statistics.
type langRow struct {
	Language string
	api.LangStatsView
}

// sortedLangs is the statistics by language, the most tried first.
func sortedLangs(m map[string]api.LangStatsView) []langRow {
	out := make([]langRow, 0, len(m))
	for l, s := range m {
		out = append(out, langRow{l, s})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Tries != out[j].Tries {
			return out[i].Tries > out[j].Tries
		}
		return out[i].Language < out[j].Language
	})
	return out
}
