package clics

import (
	"cmp"
	"slices"
	"time"

	"github.com/puzzlejudge/judge/service/standings"
)

// Objects are a contest's CLICS objects as one viewer sees them.
type Objects struct {
	Contest        Contest
	State          State
	JudgementTypes []JudgementType
	Languages      []Language
	Problems       []Problem
	Teams          []Team
	Submissions    []Submission
	Judgements     []Judgement
}

// Build makes the contest's objects as a viewer sees them. An admin sees
// everything. Anyone else sees no problems (nor submissions) before the
// start, no hidden teams and their submissions, no submissions outside
// the window, and while the board is frozen no judgement of a
// submission made from the freeze on, as the specification's public
// feed does. Submissions whose team, problem or language the snapshot
// does not list are left out, keeping the references whole.
func Build(s Snapshot, admin bool) Objects {
	v := prepare(s, admin)
	o := Objects{
		Contest:        v.contest(),
		State:          v.state(),
		JudgementTypes: JudgementTypes(s.Rules.CountCompileErrors),
		Languages:      v.languages(),
		Problems:       v.problems(),
		Teams:          v.teams(),
		Submissions:    []Submission{},
		Judgements:     []Judgement{},
	}
	for _, sub := range v.subs {
		o.Submissions = append(o.Submissions, v.submission(sub))
		if v.judgementVisible(sub) {
			o.Judgements = append(o.Judgements, v.judgement(sub))
		}
	}
	return o
}

// view is a snapshot prepared for one viewer.
type view struct {
	s       Snapshot
	admin   bool
	freeze  time.Duration // zero: no freeze
	thawed  bool          // the freeze is lifted at Now
	started bool
	// problems and teams the viewer sees, by their snapshot key.
	probOK map[string]ContestProblem
	teamOK map[string]ContestTeam
	langs  map[string]bool
	subs   []ContestSubmission // visible, in time order
}

// prepare decides what the viewer sees of the snapshot.
func prepare(s Snapshot, admin bool) view {
	v := view{
		s:       s,
		admin:   admin,
		started: !s.Now.Before(s.Start),
		thawed:  !s.Thawed.IsZero() && !s.Now.Before(s.Thawed),
		probOK:  map[string]ContestProblem{},
		teamOK:  map[string]ContestTeam{},
		langs:   map[string]bool{},
	}
	if f := s.Rules.Freeze; f > 0 && (s.Length <= 0 || f < s.Length) {
		v.freeze = f
	}
	if v.started || admin {
		for _, p := range s.Problems {
			v.probOK[p.Slug] = p
		}
	}
	for _, t := range s.Teams {
		if !t.Hidden || admin {
			v.teamOK[t.ID] = t
		}
	}
	for _, l := range s.Languages {
		v.langs[l.Name] = true
	}
	for _, sub := range s.Submissions {
		_, okP := v.probOK[sub.Problem]
		_, okT := v.teamOK[sub.Team]
		at := sub.Time.Sub(s.Start)
		inWindow := at >= 0 && (s.Length <= 0 || at < s.Length)
		if okP && okT && v.langs[sub.Language] && (admin || inWindow) {
			v.subs = append(v.subs, sub)
		}
	}
	slices.SortStableFunc(v.subs, func(a, b ContestSubmission) int {
		return cmp.Or(a.Time.Compare(b.Time), cmp.Compare(a.ID, b.ID))
	})
	return v
}

// hidden says the freeze hides the result of a run at this contest time
// from the viewer.
func (v view) hidden(at time.Duration) bool {
	return !v.admin && v.freeze > 0 && !v.thawed && at >= v.freeze
}

// judgementVisible says the submission has a judgement the viewer sees.
func (v view) judgementVisible(sub ContestSubmission) bool {
	return sub.Judgement != nil && !v.hidden(sub.Time.Sub(v.s.Start))
}

// scoring is the contest's scoring, ICPC unless IOI.
func (v view) scoring() standings.Scoring {
	if v.s.Rules.Scoring == standings.IOI {
		return standings.IOI
	}
	return standings.ICPC
}

func (v view) contest() Contest {
	start := FormatTime(v.s.Start)
	c := Contest{
		ID:             ID(v.s.ID),
		Name:           v.s.Name,
		FormalName:     v.s.FormalName,
		StartTime:      &start,
		Duration:       FormatRelTime(max(v.s.Length, 0)),
		ScoreboardType: PassFail,
	}
	if v.freeze > 0 && v.s.Length > 0 {
		c.ScoreboardFreezeDuration = FormatRelTime(v.s.Length - v.freeze)
	}
	if !v.s.Thawed.IsZero() {
		c.ScoreboardThawTime = FormatTime(v.s.Thawed)
	}
	if v.scoring() == standings.IOI {
		c.ScoreboardType = Score
	} else {
		m := minutes(v.s.Rules.Penalty)
		c.PenaltyTime = &m
	}
	return c
}

// state is the contest's phases begun by Now.
func (v view) state() State {
	at := func(t time.Time) *string {
		s := FormatTime(t)
		return &s
	}
	var st State
	s := v.s
	if !v.started {
		return st
	}
	st.Started = at(s.Start)
	if v.freeze > 0 && !s.Now.Before(s.Start.Add(v.freeze)) {
		st.Frozen = at(s.Start.Add(v.freeze))
		if v.thawed {
			st.Thawed = at(s.Thawed)
		}
	}
	end := s.Start.Add(s.Length)
	if s.Length <= 0 || s.Now.Before(end) {
		return st
	}
	st.Ended = at(end)
	if !s.Finalized.IsZero() && !s.Now.Before(s.Finalized) {
		st.Finalized = at(s.Finalized)
		if v.freeze == 0 || st.Thawed != nil {
			last := s.Finalized
			if st.Thawed != nil && s.Thawed.After(last) {
				last = s.Thawed
			}
			st.EndOfUpdates = at(last)
		}
	}
	return st
}

func (v view) languages() []Language {
	out := make([]Language, 0, len(v.s.Languages))
	for _, l := range v.s.Languages {
		lang := Language{ID: LanguageID(l.Name), Name: l.Title, Extensions: slices.Clone(l.Extensions)}
		if lang.Name == "" {
			lang.Name = l.Name
		}
		if lang.Extensions == nil {
			lang.Extensions = []string{}
		}
		if l.Compiler != "" {
			lang.Compiler = &Command{Command: l.Compiler, Version: l.Version}
		}
		out = append(out, lang)
	}
	return out
}

func (v view) problems() []Problem {
	out := []Problem{}
	for i, p := range v.s.Problems {
		if _, ok := v.probOK[p.Slug]; !ok {
			continue
		}
		pr := Problem{ID: ID(p.Slug), Label: p.Label, Name: p.Name, Ordinal: i + 1,
			TimeLimit: seconds(p.TimeLimit), TestDataCount: p.TestDataCount}
		if pr.Name == "" {
			pr.Name = p.Slug
		}
		if v.scoring() == standings.IOI {
			m := p.MaxScore
			pr.MaxScore = &m
		}
		out = append(out, pr)
	}
	return out
}

func (v view) teams() []Team {
	out := []Team{}
	for _, t := range v.s.Teams {
		if _, ok := v.teamOK[t.ID]; !ok {
			continue
		}
		id := ID(t.ID)
		tm := Team{ID: id, Label: id, Name: t.Name, DisplayName: t.DisplayName, Hidden: t.Hidden}
		if tm.Name == "" {
			tm.Name = t.ID
		}
		out = append(out, tm)
	}
	return out
}

func (v view) submission(sub ContestSubmission) Submission {
	out := Submission{
		ID:          ID(sub.ID),
		LanguageID:  LanguageID(sub.Language),
		ProblemID:   ID(sub.Problem),
		TeamID:      ID(sub.Team),
		Time:        FormatTime(sub.Time),
		ContestTime: FormatRelTime(sub.Time.Sub(v.s.Start)),
		Files:       []FileRef{},
	}
	if sub.EntryPoint != "" {
		ep := sub.EntryPoint
		out.EntryPoint = &ep
	}
	return out
}

func (v view) judgement(sub ContestSubmission) Judgement {
	j := sub.Judgement
	start := j.Started
	if start.IsZero() {
		start = sub.Time
	}
	out := Judgement{
		ID:               ID(cmp.Or(j.ID, sub.ID)),
		SubmissionID:     ID(sub.ID),
		StartTime:        FormatTime(start),
		StartContestTime: FormatRelTime(start.Sub(v.s.Start)),
	}
	if v.scoring() == standings.IOI {
		sc := j.Score
		out.Score = &sc
	}
	if j.MaxRunTime > 0 {
		s := seconds(j.MaxRunTime)
		out.MaxRunTime = &s
	}
	if jt, ok := JudgementTypeID(j.Verdict); ok {
		end := j.Ended
		if end.IsZero() || end.Before(start) {
			end = start
		}
		et, ect := FormatTime(end), FormatRelTime(end.Sub(v.s.Start))
		out.JudgementTypeID, out.EndTime, out.EndContestTime = &jt, &et, &ect
	}
	return out
}
