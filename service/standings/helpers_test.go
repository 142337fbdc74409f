package standings

import (
	"reflect"
	"testing"
	"time"
)

// hms is a contest time.
func hms(h, m, s int) time.Duration {
	return time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(s)*time.Second
}

// mins is a whole number of minutes.
func mins(m int) time.Duration { return time.Duration(m) * time.Minute }

// checkTable compares a computed table with a hand-computed one row by
// row and cell by cell, naming what differs.
func checkTable(t *testing.T, got, want Table) {
	t.Helper()
	if got.Scoring != want.Scoring || got.Frozen != want.Frozen {
		t.Errorf("scoring, frozen = %s, %v; want %s, %v", got.Scoring, got.Frozen, want.Scoring, want.Frozen)
	}
	if len(got.Rows) != len(want.Rows) {
		t.Fatalf("%d rows, want %d", len(got.Rows), len(want.Rows))
	}
	for i, w := range want.Rows {
		g := got.Rows[i]
		if g.Rank != w.Rank || g.Team != w.Team || g.Solved != w.Solved || g.Penalty != w.Penalty || g.Score != w.Score || g.LastAC != w.LastAC {
			t.Errorf("row %d = rank %d %v solved %d penalty %v score %v last %v; want rank %d %v solved %d penalty %v score %v last %v",
				i, g.Rank, g.Team, g.Solved, g.Penalty, g.Score, g.LastAC, w.Rank, w.Team, w.Solved, w.Penalty, w.Score, w.LastAC)
		}
		if len(g.Cells) != len(w.Cells) {
			t.Errorf("row %d (%s): %d cells, want %d", i, w.Team.Name, len(g.Cells), len(w.Cells))
			continue
		}
		for j := range w.Cells {
			if g.Cells[j] != w.Cells[j] {
				t.Errorf("row %d (%s) cell %s = %+v\n want %+v", i, w.Team.Name, w.Cells[j].Label, g.Cells[j], w.Cells[j])
			}
		}
	}
	if want.Stats != nil && !reflect.DeepEqual(got.Stats, want.Stats) {
		t.Errorf("stats = %+v\n want %+v", got.Stats, want.Stats)
	}
}
