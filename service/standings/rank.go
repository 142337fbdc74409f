package standings

import (
	"cmp"
	"slices"
	"strings"
)

// rank orders the rows, best first, and gives tied rows one rank (1, 1,
// 3). Rows of one rank are listed by display name.
func rank(rows []Row, scoring Scoring) {
	order := icpcOrder
	if scoring == IOI {
		order = ioiOrder
	}
	slices.SortStableFunc(rows, func(a, b Row) int {
		return cmp.Or(order(a, b), byName(a, b))
	})
	for i := range rows {
		if i > 0 && order(rows[i-1], rows[i]) == 0 {
			rows[i].Rank = rows[i-1].Rank
		} else {
			rows[i].Rank = i + 1
		}
	}
}

// icpcOrder compares two rows by the ICPC rules: more solved, less
// penalty, earlier last accepted run.
func icpcOrder(a, b Row) int {
	return cmp.Or(
		cmp.Compare(b.Solved, a.Solved),
		cmp.Compare(a.Penalty, b.Penalty),
		cmp.Compare(a.LastAC, b.LastAC),
	)
}

// ioiOrder compares two rows by total score, higher first.
func ioiOrder(a, b Row) int {
	return cmp.Compare(b.Score, a.Score)
}

// byName orders rows by display name, case folded first, then by the
// team's key so that the order is total.
func byName(a, b Row) int {
	da, db := a.Team.Shown(), b.Team.Shown()
	return cmp.Or(
		cmp.Compare(strings.ToLower(da), strings.ToLower(db)),
		cmp.Compare(da, db),
		cmp.Compare(a.Team.Name, b.Team.Name),
	)
}
