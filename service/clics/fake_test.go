package clics

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/puzzlejudge/judge/service/standings"
)

// fakeSource is a Source over snapshots in memory: "Bearer admin" is an
// admin, no Authorization an anonymous viewer, any other token refused.
type fakeSource struct {
	mu      sync.Mutex
	snaps   map[string]Snapshot
	changed map[string]chan struct{}
}

func newFakeSource(snaps ...Snapshot) *fakeSource {
	f := &fakeSource{snaps: map[string]Snapshot{}, changed: map[string]chan struct{}{}}
	for _, s := range snaps {
		f.snaps[s.ID] = s
	}
	return f
}

func (f *fakeSource) Viewer(r *http.Request) (Viewer, error) {
	switch r.Header.Get("Authorization") {
	case "":
		return Viewer{}, nil
	case "Bearer admin":
		return Viewer{Admin: true, User: "root"}, nil
	}
	return Viewer{}, ErrUnauthorized
}

func (f *fakeSource) Contests(ctx context.Context, v Viewer) ([]Snapshot, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Snapshot
	for _, s := range f.snaps {
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b Snapshot) int { return strings.Compare(a.ID, b.ID) })
	return out, nil
}

func (f *fakeSource) Snapshot(ctx context.Context, id string, v Viewer) (Snapshot, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.snaps[id]
	if !ok {
		return Snapshot{}, ErrNotFound
	}
	return s, nil
}

func (f *fakeSource) Changed(ctx context.Context, id string) <-chan struct{} {
	f.mu.Lock()
	defer f.mu.Unlock()
	ch, ok := f.changed[id]
	if !ok {
		ch = make(chan struct{})
		f.changed[id] = ch
	}
	return ch
}

// update changes a contest and signals it.
func (f *fakeSource) update(id string, change func(*Snapshot)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s := f.snaps[id]
	change(&s)
	f.snaps[id] = s
	if ch, ok := f.changed[id]; ok {
		close(ch)
		delete(f.changed, id)
	}
}

// start is when every test contest starts.
var start = time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)

// at is a contest time as a wall-clock time.
func at(h, m, s int) time.Time {
	return start.Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(s)*time.Second)
}

// judged is a finished judgement of a submission made at t.
func judged(verdict string, t time.Time) *ContestJudgement {
	return &ContestJudgement{Verdict: verdict, Started: t.Add(time.Second), Ended: t.Add(3 * time.Second), MaxRunTime: 250 * time.Millisecond}
}

// languages are the test contests' languages.
var languages = []ContestLanguage{
	{Name: "c", Title: "C", Extensions: []string{"c"}, Compiler: "gcc", Version: "gcc 14.2.0"},
	{Name: "cpp", Title: "C++", Extensions: []string{"cc", "cpp"}, Compiler: "g++", Version: "g++ 14.2.0"},
	{Name: "python", Title: "Python 3", Extensions: []string{"py"}, Compiler: "python3", Version: "Python 3.13.1"},
}

// wfSnapshot is the golden files' contest, 4:30 into 5:00 with the
// board frozen at 4:00: one solved A, then B after the freeze; two's
// runs on A are after the freeze, one still judging; a hidden jury team
// solved A; two's CE on B does not count and its last B waits to be judged.
func wfSnapshot() Snapshot {
	return Snapshot{
		ID: "wf", Name: "Finals", FormalName: "The 2026 Finals",
		Start: start, Length: 5 * time.Hour,
		Rules: standings.Rules{Scoring: standings.ICPC, Penalty: standings.DefaultPenalty, Freeze: 4 * time.Hour},
		Problems: []ContestProblem{
			{Slug: "apples", Label: "A", Name: "Apples", TimeLimit: 2 * time.Second, TestDataCount: 10},
			{Slug: "bananas", Label: "B", Name: "Bananas", TimeLimit: 3500 * time.Millisecond, TestDataCount: 15},
		},
		Teams: []ContestTeam{
			{ID: "one", Name: "One"},
			{ID: "two", Name: "Two", DisplayName: "Team Two"},
			{ID: "jury", Name: "Jury", Hidden: true},
		},
		Languages: languages,
		Submissions: []ContestSubmission{
			{ID: "1", Team: "one", Problem: "apples", Language: "c", Time: at(1, 0, 0), Judgement: judged("AC", at(1, 0, 0))},
			{ID: "2", Team: "one", Problem: "bananas", Language: "python", EntryPoint: "b.py", Time: at(3, 59, 59), Judgement: judged("WA", at(3, 59, 59))},
			{ID: "3", Team: "one", Problem: "bananas", Language: "c", Time: at(4, 10, 0), Judgement: judged("AC", at(4, 10, 0))},
			{ID: "4", Team: "two", Problem: "apples", Language: "c", Time: at(4, 0, 0), Judgement: judged("WA", at(4, 0, 0))},
			{ID: "5", Team: "two", Problem: "apples", Language: "c", Time: at(4, 29, 0), Judgement: &ContestJudgement{Started: at(4, 29, 1)}},
			{ID: "6", Team: "jury", Problem: "apples", Language: "c", Time: at(0, 30, 0), Judgement: judged("AC", at(0, 30, 0))},
			{ID: "7", Team: "two", Problem: "bananas", Language: "cpp", Time: at(0, 20, 0), Judgement: judged("CE", at(0, 20, 0))},
			{ID: "8", Team: "two", Problem: "bananas", Language: "cpp", Time: at(0, 25, 0)},
		},
		Now: at(4, 30, 0),
	}
}
