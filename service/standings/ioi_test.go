package standings

import "testing"

// ioiInput: A has three subtasks, B none. one reaches 100 on A only
// subtask-wise (20+30+50 from three runs, none above 70 alone); two gets
// 100 in one run later; both total 155.5 and share rank 1.
func ioiInput() Input {
	g := func(a, b, c float64) map[string]float64 { return map[string]float64{"1": a, "2": b, "3": c} }
	return Input{
		Rules:    Rules{Scoring: IOI},
		Problems: []Problem{{Label: "A", MaxScore: 100}, {Label: "B", MaxScore: 100}},
		Teams:    []Team{{Name: "three"}, two, one},
		Runs: []Run{
			{ID: "1", Team: "one", Problem: "A", At: hms(0, 10, 0), Language: "cpp", Verdict: "WA", Score: 20, Groups: g(20, 0, 0)},
			{ID: "2", Team: "one", Problem: "A", At: hms(0, 20, 30), Language: "cpp", Verdict: "WA", Score: 30, Groups: g(0, 30, 0)},
			{ID: "3", Team: "one", Problem: "A", At: hms(0, 40, 0), Language: "cpp", Verdict: "TLE", Score: 70, Groups: g(20, 0, 50)},
			{ID: "4", Team: "one", Problem: "B", At: hms(0, 5, 0), Language: "cpp", Verdict: "CE"},
			{ID: "5", Team: "one", Problem: "B", At: hms(0, 15, 0), Language: "cpp", Verdict: "WA", Score: 55.5},
			{ID: "6", Team: "one", Problem: "B", At: hms(0, 25, 0), Language: "cpp", Verdict: "WA", Score: 40},
			{ID: "7", Team: "two", Problem: "A", At: hms(0, 50, 0), Language: "python3", Verdict: "AC", Score: 100, Groups: g(20, 30, 50)},
			{ID: "8", Team: "two", Problem: "B", At: hms(0, 59, 59), Language: "python3", Verdict: "WA", Score: 55.5},
			{ID: "9", Team: "three", Problem: "B", At: hms(1, 0, 0), Language: "c", Pending: true},
		},
	}
}

func TestComputeIOI(t *testing.T) {
	want := Table{
		Scoring: IOI,
		Rows: []Row{
			{Rank: 1, Team: one, Solved: 1, Score: 155.5, LastAC: mins(40), Cells: []Cell{
				{Label: "A", Solved: true, FirstToSolve: true, Tries: 3, Time: mins(40), Score: 100, Tried: true},
				{Label: "B", Tries: 2, Time: mins(15), Score: 55.5, Tried: true},
			}},
			{Rank: 1, Team: two, Solved: 1, Score: 155.5, LastAC: mins(59), Cells: []Cell{
				{Label: "A", Solved: true, Tries: 1, Time: mins(50), Score: 100, Tried: true},
				{Label: "B", Tries: 1, Time: mins(59), Score: 55.5, Tried: true},
			}},
			{Rank: 3, Team: Team{Name: "three"}, Cells: []Cell{
				{Label: "A"},
				{Label: "B", Pending: 1, Tried: true},
			}},
		},
		Stats: []ProblemStats{
			{Label: "A", Tries: 4, Solved: 2, FirstSolved: hms(0, 40, 0), ByLanguage: map[string]LangStats{"cpp": {Tries: 3, Solved: 1}, "python3": {Tries: 1, Solved: 1}}},
			{Label: "B", Tries: 4, ByLanguage: map[string]LangStats{"cpp": {Tries: 3}, "python3": {Tries: 1}}},
		},
	}
	checkTable(t, Compute(ioiInput(), Jury), want)

	// Without groups the best single run counts: one's A is 70.
	flat := ioiInput()
	for i := range flat.Runs {
		flat.Runs[i].Groups = nil
	}
	got := Compute(flat, Jury)
	if c := got.Rows[1].Cells[0]; got.Rows[1].Team != one || c.Score != 70 || c.Solved || c.Time != mins(40) {
		t.Errorf("without groups, one's A = %+v in row %+v; want score 70 at minute 40, unsolved", c, got.Rows[1].Team)
	}
	if got.Rows[0].Team != two || got.Rows[0].Score != 155.5 || got.Rows[1].Score != 125.5 {
		t.Errorf("without groups: rows %v %v, %v %v; want two 155.5, one 125.5", got.Rows[0].Team, got.Rows[0].Score, got.Rows[1].Team, got.Rows[1].Score)
	}
}
