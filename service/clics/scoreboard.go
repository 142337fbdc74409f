package clics

import (
	"time"

	"github.com/puzzlejudge/judge/service/standings"
)

// BuildScoreboard makes the contest's scoreboard as a viewer sees it,
// computed by standings.Compute: the live (Jury) table for an admin, the
// Public one (frozen from the freeze until thawed) for anyone else.
// Hidden teams have no row.
func BuildScoreboard(s Snapshot, admin bool) Scoreboard {
	v := prepare(s, admin)
	in := v.standingsInput()
	view := standings.Public
	if admin {
		view = standings.Jury
	}
	table := standings.Compute(in, view)
	board := Scoreboard{
		Time:        FormatTime(s.Now),
		ContestTime: FormatRelTime(s.Now.Sub(s.Start)),
		State:       v.state(),
		Rows:        make([]ScoreboardRow, 0, len(table.Rows)),
	}
	ioi := table.Scoring == standings.IOI
	for _, r := range table.Rows {
		row := ScoreboardRow{Rank: r.Rank, TeamID: r.Team.Name, Problems: make([]ProblemScore, len(r.Cells))}
		if ioi {
			row.Score.Score = ptr(r.Score)
			if r.Score > 0 {
				row.Score.Time = ptr(minutes(r.LastAC))
			}
		} else {
			row.Score.NumSolved = ptr(r.Solved)
			row.Score.TotalTime = ptr(minutes(r.Penalty))
			if r.Solved > 0 {
				row.Score.Time = ptr(minutes(r.LastAC))
			}
		}
		for i, c := range r.Cells {
			ps := ProblemScore{ProblemID: table.Problems[i].Slug, NumJudged: c.Tries, NumPending: c.Pending}
			if ioi {
				ps.Score = ptr(c.Score)
				if c.Score > 0 {
					ps.Time = ptr(minutes(c.Time))
				}
			} else {
				ps.Solved = ptr(c.Solved)
				if c.Solved {
					ps.Time = ptr(minutes(c.Time))
				}
			}
			row.Problems[i] = ps
		}
		board.Rows = append(board.Rows, row)
	}
	return board
}

// standingsInput is what the viewer sees of the contest as the
// standings' input, in CLICS ids; contest times are truncated to the
// millisecond, as the feed gives them.
func (v view) standingsInput() standings.Input {
	s := v.s
	in := standings.Input{
		Rules:  s.Rules,
		Length: s.Length,
		Now:    s.Now.Sub(s.Start),
		Thawed: v.thawed,
	}
	in.Rules.Freeze = v.freeze
	labels := map[string]string{}
	for _, p := range v.s.Problems {
		if _, ok := v.probOK[p.Slug]; !ok {
			continue
		}
		id := ID(p.Slug)
		in.Problems = append(in.Problems, standings.Problem{Label: p.Label, Slug: id, Name: p.Name, MaxScore: p.MaxScore})
		labels[id] = p.Label
	}
	for _, t := range v.teams() {
		if t.Hidden {
			continue
		}
		in.Teams = append(in.Teams, standings.Team{Name: t.ID, Display: displayName(t)})
	}
	for _, sub := range v.subs {
		r := standings.Run{
			ID:       ID(sub.ID),
			Team:     ID(sub.Team),
			Problem:  labels[ID(sub.Problem)],
			At:       sub.Time.Sub(s.Start).Truncate(time.Millisecond),
			Language: LanguageID(sub.Language),
			Pending:  true,
		}
		if j := sub.Judgement; j != nil {
			if _, ok := JudgementTypeID(j.Verdict); ok {
				r.Pending, r.Verdict, r.Score, r.Groups = false, j.Verdict, j.Score, j.Groups
			}
		}
		in.Runs = append(in.Runs, r)
	}
	return in
}

// displayName is the name a team is shown and ordered by.
func displayName(t Team) string {
	if t.DisplayName != "" {
		return t.DisplayName
	}
	return t.Name
}

// ptr is a pointer to a copy of x.
func ptr[T any](x T) *T { return &x }
