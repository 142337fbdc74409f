package standings

import "testing"

var abc = []Problem{{Label: "A", Slug: "apples"}, {Label: "B", Slug: "bananas"}, {Label: "C", Slug: "cherries"}}

var (
	alpha   = Team{Name: "alpha", Display: "Alpha"}
	bravo   = Team{Name: "bravo", Display: "Bravo"}
	charlie = Team{Name: "charlie", Display: "Charlie"}
	delta   = Team{Name: "delta", Display: "Delta"}
	echo    = Team{Name: "echo"}
)

// basicInput has two teams tied at the top, a team solving one problem
// after an internal error, and two tied teams without a solve.
func basicInput() Input {
	return Input{
		Rules:    Rules{Scoring: ICPC, Penalty: DefaultPenalty},
		Problems: abc,
		Teams:    []Team{echo, delta, charlie, bravo, alpha},
		Length:   hms(5, 0, 0),
		Runs: []Run{
			{ID: "1", Team: "alpha", Problem: "A", At: hms(0, 5, 0), Language: "c", Verdict: "WA"},
			{ID: "2", Team: "alpha", Problem: "A", At: hms(0, 10, 59) + 900_000_000, Language: "c", Verdict: "AC"},
			{ID: "3", Team: "alpha", Problem: "B", At: hms(0, 12, 0), Language: "c", Verdict: "CE"},
			{ID: "4", Team: "alpha", Problem: "B", At: hms(0, 30, 30), Language: "c", Verdict: "AC"},
			{ID: "5", Team: "bravo", Problem: "A", At: hms(0, 10, 0), Language: "cpp", Verdict: "AC"},
			{ID: "6", Team: "bravo", Problem: "A", At: hms(0, 40, 0), Language: "cpp", Verdict: "WA"},
			{ID: "7", Team: "bravo", Problem: "B", At: hms(0, 15, 0), Language: "cpp", Verdict: "WA"},
			{ID: "8", Team: "bravo", Problem: "B", At: hms(0, 30, 10), Language: "cpp", Verdict: "AC"},
			{ID: "9", Team: "charlie", Problem: "C", At: hms(0, 45, 0), Language: "python3", Verdict: "IE"},
			{ID: "10", Team: "charlie", Problem: "C", At: hms(0, 50, 0), Language: "python3", Verdict: "AC"},
			{ID: "11", Team: "delta", Problem: "A", At: hms(0, 4, 0), Language: "c", Verdict: "TLE"},
			{ID: "12", Team: "delta", Problem: "A", At: hms(0, 3, 0), Language: "c", Verdict: "WA"},
			{ID: "13", Team: "delta", Problem: "C", At: hms(5, 0, 0), Language: "c", Verdict: "AC"}, // at the end: too late
			{ID: "14", Team: "zulu", Problem: "A", At: hms(0, 1, 0), Language: "c", Verdict: "AC"},  // no such team
			{ID: "15", Team: "alpha", Problem: "Z", At: hms(0, 1, 0), Language: "c", Verdict: "AC"}, // no such problem
		},
	}
}

// basicTable is basicInput's table, computed by hand: alpha's A at 10:59.9
// counts minute 10 plus 20 for the WA; its CE on B does not count;
// bravo's WA after its A does not count; alpha and bravo tie on 2 solved,
// 60 minutes and last solve at minute 30.
func basicTable() Table {
	none := func(l string) Cell { return Cell{Label: l} }
	return Table{
		Scoring: ICPC,
		Rows: []Row{
			{Rank: 1, Team: alpha, Solved: 2, Penalty: mins(60), LastAC: mins(30), Cells: []Cell{
				{Label: "A", Solved: true, Tries: 2, Time: mins(10), Penalty: mins(30), Tried: true},
				{Label: "B", Solved: true, Tries: 1, Time: mins(30), Penalty: mins(30), Tried: true},
				none("C"),
			}},
			{Rank: 1, Team: bravo, Solved: 2, Penalty: mins(60), LastAC: mins(30), Cells: []Cell{
				{Label: "A", Solved: true, FirstToSolve: true, Tries: 1, Time: mins(10), Penalty: mins(10), Tried: true},
				{Label: "B", Solved: true, FirstToSolve: true, Tries: 2, Time: mins(30), Penalty: mins(50), Tried: true},
				none("C"),
			}},
			{Rank: 3, Team: charlie, Solved: 1, Penalty: mins(50), LastAC: mins(50), Cells: []Cell{
				none("A"), none("B"),
				{Label: "C", Solved: true, FirstToSolve: true, Tries: 1, Time: mins(50), Penalty: mins(50), Tried: true},
			}},
			{Rank: 4, Team: delta, Cells: []Cell{{Label: "A", Tries: 2, Tried: true}, none("B"), none("C")}},
			{Rank: 4, Team: echo, Cells: []Cell{none("A"), none("B"), none("C")}},
		},
		Stats: []ProblemStats{
			{Label: "A", Tries: 6, Solved: 2, FirstSolved: hms(0, 10, 0), ByLanguage: map[string]LangStats{"c": {Tries: 4, Solved: 1}, "cpp": {Tries: 2, Solved: 1}}},
			{Label: "B", Tries: 4, Solved: 2, FirstSolved: hms(0, 30, 10), ByLanguage: map[string]LangStats{"c": {Tries: 2, Solved: 1}, "cpp": {Tries: 2, Solved: 1}}},
			{Label: "C", Tries: 1, Solved: 1, FirstSolved: hms(0, 50, 0), ByLanguage: map[string]LangStats{"python3": {Tries: 1, Solved: 1}}},
		},
	}
}

var (
	one = Team{Name: "one", Display: "One"}
	two = Team{Name: "two", Display: "Two"}
)

// frozenInput has a freeze at 4:00 of 5:00; one's B solve and all of
// two's runs on A come after it.
func frozenInput() Input {
	return Input{
		Rules:    Rules{Scoring: ICPC, Penalty: DefaultPenalty, Freeze: hms(4, 0, 0)},
		Problems: abc[:2],
		Teams:    []Team{one, two},
		Length:   hms(5, 0, 0),
		Now:      hms(4, 30, 0),
		Runs: []Run{
			{ID: "1", Team: "one", Problem: "A", At: hms(1, 0, 0), Language: "c", Verdict: "AC"},
			{ID: "2", Team: "one", Problem: "B", At: hms(3, 59, 59), Language: "c", Verdict: "WA"},
			{ID: "3", Team: "one", Problem: "B", At: hms(4, 10, 0), Language: "c", Verdict: "AC"},
			{ID: "4", Team: "two", Problem: "A", At: hms(4, 0, 0), Language: "c", Verdict: "WA"},
			{ID: "5", Team: "two", Problem: "A", At: hms(4, 30, 0), Language: "c", Verdict: "AC"},
		},
	}
}

// frozenJury is the live table: one's B at 4:10 is 250 minutes plus 20.
func frozenJury() Table {
	return Table{
		Scoring: ICPC,
		Rows: []Row{
			{Rank: 1, Team: one, Solved: 2, Penalty: mins(60 + 270), LastAC: mins(250), Cells: []Cell{
				{Label: "A", Solved: true, FirstToSolve: true, Tries: 1, Time: mins(60), Penalty: mins(60), Tried: true},
				{Label: "B", Solved: true, FirstToSolve: true, Tries: 2, Time: mins(250), Penalty: mins(270), Tried: true},
			}},
			{Rank: 2, Team: two, Solved: 1, Penalty: mins(290), LastAC: mins(270), Cells: []Cell{
				{Label: "A", Solved: true, Tries: 2, Time: mins(270), Penalty: mins(290), Tried: true},
				{Label: "B"},
			}},
		},
		Stats: []ProblemStats{
			{Label: "A", Tries: 3, Solved: 2, FirstSolved: hms(1, 0, 0), ByLanguage: map[string]LangStats{"c": {Tries: 3, Solved: 2}}},
			{Label: "B", Tries: 2, Solved: 1, FirstSolved: hms(4, 10, 0), ByLanguage: map[string]LangStats{"c": {Tries: 2, Solved: 1}}},
		},
	}
}

// frozenPublic is the frozen table: runs from 4:00 on are pending, B has
// no first solve, two's runs show as two pending tries.
func frozenPublic() Table {
	return Table{
		Scoring: ICPC,
		Frozen:  true,
		Rows: []Row{
			{Rank: 1, Team: one, Solved: 1, Penalty: mins(60), LastAC: mins(60), Cells: []Cell{
				{Label: "A", Solved: true, FirstToSolve: true, Tries: 1, Time: mins(60), Penalty: mins(60), Tried: true},
				{Label: "B", Tries: 1, Pending: 1, Tried: true},
			}},
			{Rank: 2, Team: two, Cells: []Cell{
				{Label: "A", Pending: 2, Tried: true},
				{Label: "B"},
			}},
		},
		Stats: []ProblemStats{
			{Label: "A", Tries: 1, Solved: 1, FirstSolved: hms(1, 0, 0), ByLanguage: map[string]LangStats{"c": {Tries: 1, Solved: 1}}},
			{Label: "B", Tries: 1, ByLanguage: map[string]LangStats{"c": {Tries: 1}}},
		},
	}
}

func TestComputeICPC(t *testing.T) {
	thawed := frozenInput()
	thawed.Thawed = true
	early := frozenInput()
	early.Now = hms(3, 0, 0)
	earlyTable := frozenPublic()
	earlyTable.Frozen = false
	three := Team{Name: "three", Display: "Aardvark"}

	tests := []struct {
		name string
		in   Input
		view View
		want Table
	}{
		{"ties, truncation, CE and IE not counted", basicInput(), Jury, basicTable()},
		{"no freeze: public is live", basicInput(), Public, basicTable()},
		{"freeze, jury", frozenInput(), Jury, frozenJury()},
		{"freeze, public", frozenInput(), Public, frozenPublic()},
		{"freeze, public, thawed", thawed, Public, frozenJury()},
		{"freeze not reached yet still hides later runs", early, Public, earlyTable},
		{
			"first solve waits for an earlier pending run; equal times share it",
			Input{
				Problems: abc[:2],
				Teams:    []Team{one, two},
				Runs: []Run{
					{ID: "1", Team: "one", Problem: "A", At: hms(0, 5, 0), Pending: true},
					{ID: "2", Team: "two", Problem: "A", At: hms(0, 10, 0), Verdict: "AC"},
					{ID: "3", Team: "one", Problem: "B", At: hms(0, 7, 0), Verdict: "AC"},
					{ID: "4", Team: "two", Problem: "B", At: hms(0, 7, 0), Verdict: "AC"},
					{ID: "5", Team: "two", Problem: "B", At: hms(0, 8, 0), Pending: true},
				},
			},
			Jury,
			Table{Scoring: ICPC, Rows: []Row{
				{Rank: 1, Team: two, Solved: 2, Penalty: mins(17), LastAC: mins(10), Cells: []Cell{
					{Label: "A", Solved: true, Tries: 1, Time: mins(10), Penalty: mins(10), Tried: true},
					{Label: "B", Solved: true, FirstToSolve: true, Tries: 1, Time: mins(7), Penalty: mins(7), Tried: true},
				}},
				{Rank: 2, Team: one, Solved: 1, Penalty: mins(7), LastAC: mins(7), Cells: []Cell{
					{Label: "A", Pending: 1, Tried: true},
					{Label: "B", Solved: true, FirstToSolve: true, Tries: 1, Time: mins(7), Penalty: mins(7), Tried: true},
				}},
			}},
		},
		{
			"compile errors counted, penalty 10, IE still not",
			Input{
				Rules:    Rules{Penalty: mins(10), CountCompileErrors: true},
				Problems: abc[:1],
				Teams:    []Team{one},
				Runs: []Run{
					{ID: "1", Team: "one", Problem: "A", At: hms(0, 1, 0), Verdict: "CE"},
					{ID: "2", Team: "one", Problem: "A", At: hms(0, 2, 0), Verdict: "IE"},
					{ID: "3", Team: "one", Problem: "A", At: hms(0, 2, 30), Verdict: "WA"},
					{ID: "4", Team: "one", Problem: "A", At: hms(0, 3, 59), Verdict: "AC"},
				},
			},
			Jury,
			Table{Scoring: ICPC, Rows: []Row{
				{Rank: 1, Team: one, Solved: 1, Penalty: mins(23), LastAC: mins(3), Cells: []Cell{
					{Label: "A", Solved: true, FirstToSolve: true, Tries: 3, Time: mins(3), Penalty: mins(23), Tried: true},
				}},
			}},
		},
		{
			"penalty 0: rejected tries cost nothing",
			Input{
				Rules:    Rules{Scoring: ICPC, Penalty: 0},
				Problems: abc[:1],
				Teams:    []Team{one, two},
				Runs: []Run{
					{ID: "1", Team: "one", Problem: "A", At: hms(0, 5, 0), Verdict: "WA"},
					{ID: "2", Team: "one", Problem: "A", At: hms(0, 12, 0), Verdict: "TLE"},
					{ID: "3", Team: "one", Problem: "A", At: hms(0, 30, 10), Verdict: "AC"},
					{ID: "4", Team: "two", Problem: "A", At: hms(0, 40, 0), Verdict: "AC"},
				},
			},
			Jury,
			Table{Scoring: ICPC, Rows: []Row{
				{Rank: 1, Team: one, Solved: 1, Penalty: mins(30), LastAC: mins(30), Cells: []Cell{
					{Label: "A", Solved: true, FirstToSolve: true, Tries: 3, Time: mins(30), Penalty: mins(30), Tried: true},
				}},
				{Rank: 2, Team: two, Solved: 1, Penalty: mins(40), LastAC: mins(40), Cells: []Cell{
					{Label: "A", Solved: true, Tries: 1, Time: mins(40), Penalty: mins(40), Tried: true},
				}},
			}},
		},
		{
			"equal penalty: earlier last solve first; full ties by display name",
			Input{
				Problems: abc[:2],
				Teams:    []Team{one, two, three},
				Runs: []Run{
					{ID: "1", Team: "one", Problem: "A", At: hms(0, 10, 0), Verdict: "AC"},
					{ID: "2", Team: "one", Problem: "B", At: hms(0, 50, 0), Verdict: "AC"},
					{ID: "3", Team: "two", Problem: "A", At: hms(0, 30, 0), Verdict: "AC"},
					{ID: "4", Team: "two", Problem: "B", At: hms(0, 30, 0), Verdict: "AC"},
					{ID: "5", Team: "three", Problem: "A", At: hms(0, 30, 40), Verdict: "AC"},
					{ID: "6", Team: "three", Problem: "B", At: hms(0, 30, 20), Verdict: "AC"},
				},
			},
			Jury,
			Table{Scoring: ICPC, Rows: []Row{
				{Rank: 1, Team: three, Solved: 2, Penalty: mins(60), LastAC: mins(30), Cells: []Cell{
					{Label: "A", Solved: true, Tries: 1, Time: mins(30), Penalty: mins(30), Tried: true},
					{Label: "B", Solved: true, Tries: 1, Time: mins(30), Penalty: mins(30), Tried: true},
				}},
				{Rank: 1, Team: two, Solved: 2, Penalty: mins(60), LastAC: mins(30), Cells: []Cell{
					{Label: "A", Solved: true, Tries: 1, Time: mins(30), Penalty: mins(30), Tried: true},
					{Label: "B", Solved: true, FirstToSolve: true, Tries: 1, Time: mins(30), Penalty: mins(30), Tried: true},
				}},
				{Rank: 3, Team: one, Solved: 2, Penalty: mins(60), LastAC: mins(50), Cells: []Cell{
					{Label: "A", Solved: true, FirstToSolve: true, Tries: 1, Time: mins(10), Penalty: mins(10), Tried: true},
					{Label: "B", Solved: true, Tries: 1, Time: mins(50), Penalty: mins(50), Tried: true},
				}},
			}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Compute(tt.in, tt.view)
			checkTable(t, got, tt.want)
			if len(got.Problems) != len(tt.in.Problems) {
				t.Errorf("%d problems, want %d", len(got.Problems), len(tt.in.Problems))
			}
		})
	}
}
