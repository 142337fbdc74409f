package clics

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"
)

// Rebuild reads an event feed to its end and computes the scoreboard
// from its contest, judgement types, problems, teams, submissions and
// judgements, the way an ICPC tool (a resolver, a CDS) does, without
// this package's standings: a judgement counts as a try when its type
// is solved or has penalty; a submission without a finished judgement is
// pending; submissions outside the contest's duration do not count; a
// team's tries on a problem stop at its first solve. A rejected try costs
// the contest's penalty_time in minutes, nothing when it is 0 or left
// out: the specification gives it no default, and a judgement type's
// penalty is required only when penalty_time is present. A submission's
// latest judgement (by start time) is its result. In score contests a
// problem's score is the best judgement's score: the feed carries no
// subtask scores, so a board scored subtask-wise is not rebuilt exactly.
// The result has the rows and the state; Time and ContestTime are left
// empty.
func Rebuild(events io.Reader) (Scoreboard, error) {
	f := newFeedState()
	sc := bufio.NewScanner(events)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var ev Event
		if err := json.Unmarshal(line, &ev); err != nil {
			return Scoreboard{}, fmt.Errorf("event feed line %d: %w", n, err)
		}
		if err := f.apply(ev); err != nil {
			return Scoreboard{}, fmt.Errorf("event feed line %d: %w", n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return Scoreboard{}, fmt.Errorf("event feed: %w", err)
	}
	return f.scoreboard()
}

// feedState is the contest as the events so far describe it.
type feedState struct {
	contest     *Contest
	state       State
	types       map[string]JudgementType
	problems    map[string]Problem
	teams       map[string]Team
	submissions map[string]Submission
	judgements  map[string]Judgement
}

func newFeedState() *feedState {
	return &feedState{
		types: map[string]JudgementType{}, problems: map[string]Problem{}, teams: map[string]Team{},
		submissions: map[string]Submission{}, judgements: map[string]Judgement{},
	}
}

// apply applies one event: an object created, changed or deleted, or a
// whole collection replaced (id null, data an array).
func (f *feedState) apply(ev Event) error {
	deleted := len(ev.Data) == 0 || string(ev.Data) == "null"
	switch ev.Type {
	case "contest":
		if deleted {
			f.contest = nil
			return nil
		}
		var c Contest
		if err := json.Unmarshal(ev.Data, &c); err != nil {
			return fmt.Errorf("contest: %w", err)
		}
		f.contest = &c
		return nil
	case "state":
		f.state = State{}
		if deleted {
			return nil
		}
		return json.Unmarshal(ev.Data, &f.state)
	case "judgement-types":
		return applyTo(f.types, ev, func(x JudgementType) string { return x.ID })
	case "problems":
		return applyTo(f.problems, ev, func(x Problem) string { return x.ID })
	case "teams":
		return applyTo(f.teams, ev, func(x Team) string { return x.ID })
	case "submissions":
		return applyTo(f.submissions, ev, func(x Submission) string { return x.ID })
	case "judgements":
		return applyTo(f.judgements, ev, func(x Judgement) string { return x.ID })
	}
	return nil // types the scoreboard does not need
}

// applyTo applies an event to one collection.
func applyTo[T any](m map[string]T, ev Event, id func(T) string) error {
	deleted := len(ev.Data) == 0 || string(ev.Data) == "null"
	if ev.ID == nil {
		clear(m)
		if deleted {
			return nil
		}
		var all []T
		if err := json.Unmarshal(ev.Data, &all); err != nil {
			return fmt.Errorf("%s: %w", ev.Type, err)
		}
		for _, x := range all {
			m[id(x)] = x
		}
		return nil
	}
	if deleted {
		delete(m, *ev.ID)
		return nil
	}
	var x T
	if err := json.Unmarshal(ev.Data, &x); err != nil {
		return fmt.Errorf("%s %s: %w", ev.Type, *ev.ID, err)
	}
	m[*ev.ID] = x
	return nil
}

// rebuilt is one team's row while it is computed.
type rebuilt struct {
	team   Team
	row    ScoreboardRow
	solved int
	total  int     // pass-fail: minutes
	score  float64 // score contests
	last   int     // minute of the last solve or improvement
}

// scoreboard computes the board from the state.
func (f *feedState) scoreboard() (Scoreboard, error) {
	if f.contest == nil {
		return Scoreboard{}, errors.New("event feed: no contest event")
	}
	scored := f.contest.ScoreboardType == Score
	penalty := 0
	if f.contest.PenaltyTime != nil {
		penalty = *f.contest.PenaltyTime
	}
	duration, err := ParseRelTime(f.contest.Duration)
	if err != nil {
		return Scoreboard{}, fmt.Errorf("contest duration: %w", err)
	}
	problems := sortedValues(f.problems, func(a, b Problem) int { return cmp.Compare(a.Ordinal, b.Ordinal) })
	latest := map[string]Judgement{} // by submission
	for _, j := range sortedValues(f.judgements, func(a, b Judgement) int {
		return cmp.Or(strings.Compare(a.StartTime, b.StartTime), strings.Compare(a.ID, b.ID))
	}) {
		latest[j.SubmissionID] = j
	}
	type runKey struct{ team, problem string }
	type run struct {
		at time.Duration
		id string
	}
	runs := map[runKey][]run{}
	for _, s := range f.submissions {
		at, err := ParseRelTime(s.ContestTime)
		if err != nil {
			return Scoreboard{}, fmt.Errorf("submission %s: %w", s.ID, err)
		}
		if at < 0 || duration > 0 && at >= duration {
			continue
		}
		k := runKey{s.TeamID, s.ProblemID}
		runs[k] = append(runs[k], run{at, s.ID})
	}
	var rows []rebuilt
	for _, t := range f.teams {
		if t.Hidden {
			continue
		}
		r := rebuilt{team: t, row: ScoreboardRow{TeamID: t.ID, Problems: []ProblemScore{}}}
		for _, p := range problems {
			rs := runs[runKey{t.ID, p.ID}]
			slices.SortFunc(rs, func(a, b run) int { return cmp.Or(cmp.Compare(a.at, b.at), strings.Compare(a.id, b.id)) })
			ps := ProblemScore{ProblemID: p.ID}
			solved, best, minute, rejected := false, 0.0, 0, 0
			for _, x := range rs {
				j, ok := latest[x.id]
				if !ok || j.JudgementTypeID == nil {
					ps.NumPending++
					continue
				}
				jt := f.types[*j.JudgementTypeID]
				if !jt.Solved && !jt.Penalty {
					continue
				}
				ps.NumJudged++
				if scored {
					if j.Score != nil && *j.Score > best {
						best, minute = *j.Score, minutes(x.at)
					}
					continue
				}
				if jt.Solved {
					solved, minute = true, minutes(x.at)
					break
				}
				rejected++
			}
			if scored {
				ps.Score = ptr(best)
				if best > 0 {
					ps.Time = ptr(minute)
					r.score += best
					r.last = max(r.last, minute)
					if p.MaxScore != nil && *p.MaxScore > 0 && best >= *p.MaxScore {
						r.solved++
					}
				}
			} else {
				ps.Solved = ptr(solved)
				if solved {
					ps.Time = ptr(minute)
					r.solved++
					r.total += minute + rejected*penalty
					r.last = max(r.last, minute)
				}
			}
			r.row.Problems = append(r.row.Problems, ps)
		}
		r.score = math.Round(r.score*1e6) / 1e6
		if scored {
			r.row.Score.Score = ptr(r.score)
			if r.score > 0 {
				r.row.Score.Time = ptr(r.last)
			}
		} else {
			r.row.Score.NumSolved, r.row.Score.TotalTime = ptr(r.solved), ptr(r.total)
			if r.solved > 0 {
				r.row.Score.Time = ptr(r.last)
			}
		}
		rows = append(rows, r)
	}
	order := func(a, b rebuilt) int {
		if scored {
			return cmp.Compare(b.score, a.score)
		}
		return cmp.Or(cmp.Compare(b.solved, a.solved), cmp.Compare(a.total, b.total), cmp.Compare(a.last, b.last))
	}
	slices.SortFunc(rows, func(a, b rebuilt) int {
		da, db := displayName(a.team), displayName(b.team)
		return cmp.Or(order(a, b), strings.Compare(strings.ToLower(da), strings.ToLower(db)), strings.Compare(da, db), strings.Compare(a.team.ID, b.team.ID))
	})
	board := Scoreboard{State: f.state, Rows: make([]ScoreboardRow, len(rows))}
	for i, r := range rows {
		r.row.Rank = i + 1
		if i > 0 && order(rows[i-1], r) == 0 {
			r.row.Rank = board.Rows[i-1].Rank
		}
		board.Rows[i] = r.row
	}
	return board, nil
}

// sortedValues is a map's values in an order.
func sortedValues[T any](m map[string]T, order func(a, b T) int) []T {
	out := make([]T, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	slices.SortFunc(out, order)
	return out
}
