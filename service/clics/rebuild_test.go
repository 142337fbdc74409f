package clics

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/service/standings"
)

var abc = []ContestProblem{
	{Slug: "apples", Label: "A", Name: "Apples", TimeLimit: time.Second, TestDataCount: 3, MaxScore: 100},
	{Slug: "bananas", Label: "B", Name: "Bananas", TimeLimit: time.Second, TestDataCount: 3, MaxScore: 100},
	{Slug: "cherries", Label: "C", Name: "Cherries", TimeLimit: time.Second, TestDataCount: 3, MaxScore: 100},
}

// sub is a judged submission; verdict "" is one not judged yet.
func sub(id, team, problem, lang string, t time.Time, verdict string, score float64) ContestSubmission {
	s := ContestSubmission{ID: id, Team: team, Problem: problem, Language: lang, Time: t}
	if verdict != "" {
		s.Judgement = judged(verdict, t)
		s.Judgement.Score = score
	}
	return s
}

// icpcSnapshot is standings' basic table as a contest that has ended:
// alpha and bravo tie at 2 solved in 60 minutes, alpha's A at 10:59.9
// counting minute 10, its CE not counted, bravo's WA after its A not
// counted, charlie's IE not counted, delta's AC at the end too late.
func icpcSnapshot() Snapshot {
	ms := func(d time.Duration) time.Time { return start.Add(d) }
	return Snapshot{
		ID: "icpc", Name: "ICPC", Start: start, Length: 5 * time.Hour,
		Rules:    standings.Rules{Scoring: standings.ICPC, Penalty: standings.DefaultPenalty},
		Problems: abc,
		Teams: []ContestTeam{{ID: "echo"}, {ID: "delta", Name: "Delta"}, {ID: "charlie", Name: "Charlie"},
			{ID: "bravo", Name: "Bravo"}, {ID: "alpha", Name: "Alpha"}},
		Languages: languages,
		Submissions: []ContestSubmission{
			sub("1", "alpha", "apples", "c", at(0, 5, 0), "WA", 0),
			sub("2", "alpha", "apples", "c", ms(10*time.Minute+59900*time.Millisecond), "AC", 0),
			sub("3", "alpha", "bananas", "c", at(0, 12, 0), "CE", 0),
			sub("4", "alpha", "bananas", "c", at(0, 30, 30), "AC", 0),
			sub("5", "bravo", "apples", "cpp", at(0, 10, 0), "AC", 0),
			sub("6", "bravo", "apples", "cpp", at(0, 40, 0), "WA", 0),
			sub("7", "bravo", "bananas", "cpp", at(0, 15, 0), "WA", 0),
			sub("8", "bravo", "bananas", "cpp", at(0, 30, 10), "AC", 0),
			sub("9", "charlie", "cherries", "python", at(0, 45, 0), "IE", 0),
			sub("10", "charlie", "cherries", "python", at(0, 50, 0), "AC", 0),
			sub("11", "delta", "apples", "c", at(0, 4, 0), "TLE", 0),
			sub("12", "delta", "apples", "c", at(0, 3, 0), "WA", 0),
			sub("13", "delta", "cherries", "c", at(5, 0, 0), "AC", 0),
			sub("14", "zulu", "apples", "c", at(0, 1, 0), "AC", 0),
		},
		Now: at(5, 30, 0),
	}
}

// frozenSnapshot is standings' freeze table: frozen at 4:00 of 5:00,
// seen at 4:30.
func frozenSnapshot() Snapshot {
	return Snapshot{
		ID: "frozen", Name: "Frozen", Start: start, Length: 5 * time.Hour,
		Rules:     standings.Rules{Scoring: standings.ICPC, Penalty: standings.DefaultPenalty, Freeze: 4 * time.Hour},
		Problems:  abc[:2],
		Teams:     []ContestTeam{{ID: "one", Name: "One"}, {ID: "two", Name: "Two"}},
		Languages: languages,
		Submissions: []ContestSubmission{
			sub("1", "one", "apples", "c", at(1, 0, 0), "AC", 0),
			sub("2", "one", "bananas", "c", at(3, 59, 59), "WA", 0),
			sub("3", "one", "bananas", "c", at(4, 10, 0), "AC", 0),
			sub("4", "two", "apples", "c", at(4, 0, 0), "WA", 0),
			sub("5", "two", "apples", "c", at(4, 30, 0), "AC", 0),
		},
		Now: at(4, 30, 0),
	}
}

// thawedSnapshot is frozenSnapshot after the end, thawed at 5:10: the
// public sees every result.
func thawedSnapshot() Snapshot {
	s := frozenSnapshot()
	s.ID, s.Thawed, s.Now = "thawed", at(5, 10, 0), at(5, 30, 0)
	return s
}

// ioiSnapshot is standings' IOI table without groups: one's best on A
// is 70 (its runs score 20, 30, 70), two's 100; both 55.5 on B.
func ioiSnapshot() Snapshot {
	return Snapshot{
		ID: "ioi", Name: "IOI", Start: start, Length: 5 * time.Hour,
		Rules:     standings.Rules{Scoring: standings.IOI},
		Problems:  abc[:2],
		Teams:     []ContestTeam{{ID: "three", Name: "Three"}, {ID: "two", Name: "Two"}, {ID: "one", Name: "One"}},
		Languages: languages,
		Submissions: []ContestSubmission{
			sub("1", "one", "apples", "cpp", at(0, 10, 0), "WA", 20),
			sub("2", "one", "apples", "cpp", at(0, 20, 30), "WA", 30),
			sub("3", "one", "apples", "cpp", at(0, 40, 0), "TLE", 70),
			sub("4", "one", "bananas", "cpp", at(0, 5, 0), "CE", 0),
			sub("5", "one", "bananas", "cpp", at(0, 15, 0), "WA", 55.5),
			sub("6", "one", "bananas", "cpp", at(0, 25, 0), "WA", 40),
			sub("7", "two", "apples", "python", at(0, 50, 0), "AC", 100),
			sub("8", "two", "bananas", "python", at(0, 59, 59), "WA", 55.5),
			sub("9", "three", "bananas", "c", at(1, 0, 0), "", 0),
		},
		Now: at(2, 0, 0),
	}
}

// ceSnapshot counts compile errors with a 10-minute penalty: a CE and
// a WA before the AC at 3:59 cost 20 minutes; the IE costs nothing.
func ceSnapshot() Snapshot {
	return Snapshot{
		ID: "ce", Name: "CE", Start: start, Length: time.Hour,
		Rules:     standings.Rules{Penalty: 10 * time.Minute, CountCompileErrors: true},
		Problems:  abc[:1],
		Teams:     []ContestTeam{{ID: "one"}},
		Languages: languages,
		Submissions: []ContestSubmission{
			sub("1", "one", "apples", "c", at(0, 1, 0), "CE", 0),
			sub("2", "one", "apples", "c", at(0, 2, 0), "IE", 0),
			sub("3", "one", "apples", "c", at(0, 2, 30), "WA", 0),
			sub("4", "one", "apples", "c", at(0, 3, 59), "AC", 0),
		},
		Now: at(2, 0, 0),
	}
}

// noPenaltySnapshot is a contest whose organiser set no penalty: one's
// WA and TLE before its AC at 0:30:10 cost nothing, so one (30 minutes)
// ranks above two, who solved A first try at 0:40.
func noPenaltySnapshot() Snapshot {
	return Snapshot{
		ID: "nopenalty", Name: "No penalty", Start: start, Length: time.Hour,
		Rules:     standings.Rules{Scoring: standings.ICPC, Penalty: 0},
		Problems:  abc[:1],
		Teams:     []ContestTeam{{ID: "one"}, {ID: "two"}},
		Languages: languages,
		Submissions: []ContestSubmission{
			sub("1", "one", "apples", "c", at(0, 5, 0), "WA", 0),
			sub("2", "one", "apples", "c", at(0, 12, 0), "TLE", 0),
			sub("3", "one", "apples", "c", at(0, 30, 10), "AC", 0),
			sub("4", "two", "apples", "c", at(0, 40, 0), "AC", 0),
		},
		Now: at(2, 0, 0),
	}
}

// summary writes a board's rows as "rank team solved total" (pass-fail)
// or "rank team score", and each problem as "label:judged/pending/time".
func summary(b Scoreboard) string {
	var out strings.Builder
	for _, r := range b.Rows {
		if r.Score.Score != nil {
			fmt.Fprintf(&out, "%d %s %v", r.Rank, r.TeamID, *r.Score.Score)
		} else {
			fmt.Fprintf(&out, "%d %s %d %d", r.Rank, r.TeamID, *r.Score.NumSolved, *r.Score.TotalTime)
		}
		for _, p := range r.Problems {
			fmt.Fprintf(&out, " %s:%d/%d", p.ProblemID, p.NumJudged, p.NumPending)
			if p.Time != nil {
				fmt.Fprintf(&out, "@%d", *p.Time)
			}
			if p.Score != nil && *p.Score > 0 {
				fmt.Fprintf(&out, "=%v", *p.Score)
			}
		}
		out.WriteString("\n")
	}
	return out.String()
}

// TestRebuild reads each contest's event feed with Rebuild and checks
// the board it computes equals the served scoreboard, and both the
// hand-computed table.
func TestRebuild(t *testing.T) {
	src := newFakeSource(wfSnapshot(), icpcSnapshot(), frozenSnapshot(), ioiSnapshot(), ceSnapshot(), thawedSnapshot(),
		noPenaltySnapshot())
	srv := httptest.NewServer(NewServer(src, Config{Feed: "t"}))
	defer srv.Close()
	icpc := "1 alpha 2 60 apples:2/0@10 bananas:1/0@30 cherries:0/0\n" +
		"1 bravo 2 60 apples:1/0@10 bananas:2/0@30 cherries:0/0\n" +
		"3 charlie 1 50 apples:0/0 bananas:0/0 cherries:1/0@50\n" +
		"4 delta 0 0 apples:2/0 bananas:0/0 cherries:0/0\n" +
		"4 echo 0 0 apples:0/0 bananas:0/0 cherries:0/0\n"
	tests := []struct {
		contest string
		admin   bool
		want    string
	}{
		{"icpc", false, icpc},
		{"icpc", true, icpc},
		{"frozen", false, "1 one 1 60 apples:1/0@60 bananas:1/1\n2 two 0 0 apples:0/2 bananas:0/0\n"},
		{"frozen", true, "1 one 2 330 apples:1/0@60 bananas:2/0@250\n2 two 1 290 apples:2/0@270 bananas:0/0\n"},
		{"thawed", false, "1 one 2 330 apples:1/0@60 bananas:2/0@250\n2 two 1 290 apples:2/0@270 bananas:0/0\n"},
		{"ioi", false, "1 two 155.5 apples:1/0@50=100 bananas:1/0@59=55.5\n2 one 125.5 apples:3/0@40=70 bananas:2/0@15=55.5\n3 three 0 apples:0/0 bananas:0/1\n"},
		{"ce", false, "1 one 1 23 apples:3/0@3\n"},
		{"nopenalty", false, "1 one 1 30 apples:3/0@30\n2 two 1 40 apples:1/0@40\n"},
		{"wf", false, "1 one 1 60 apples:1/0@60 bananas:1/1\n2 two 0 0 apples:0/2 bananas:0/1\n"},
		{"wf", true, "1 one 2 330 apples:1/0@60 bananas:2/0@250\n2 two 0 0 apples:1/1 bananas:0/1\n"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s admin=%v", tt.contest, tt.admin), func(t *testing.T) {
			_, feed := get(t, srv, "/api/contests/"+tt.contest+"/event-feed?stream=false", tt.admin)
			rebuilt, err := Rebuild(bytes.NewReader(feed))
			if err != nil {
				t.Fatal(err)
			}
			_, body := get(t, srv, "/api/contests/"+tt.contest+"/scoreboard", tt.admin)
			var served Scoreboard
			if err := json.Unmarshal(body, &served); err != nil {
				t.Fatal(err)
			}
			if got := summary(served); got != tt.want {
				t.Errorf("served board:\n%s\nwant:\n%s", got, tt.want)
			}
			if !reflect.DeepEqual(rebuilt.Rows, served.Rows) || !reflect.DeepEqual(rebuilt.State, served.State) {
				t.Errorf("rebuilt board:\n%s%+v\nserved:\n%s%+v", summary(rebuilt), rebuilt.State, summary(served), served.State)
			}
		})
	}
}

// TestContestPenaltyTime: the contest object's penalty_time is the
// contest's penalty in minutes, 0 when its organiser set none, and it is
// left out of a score contest.
func TestContestPenaltyTime(t *testing.T) {
	src := newFakeSource(noPenaltySnapshot(), ceSnapshot(), icpcSnapshot(), ioiSnapshot())
	srv := httptest.NewServer(NewServer(src, Config{Feed: "t"}))
	defer srv.Close()
	for _, c := range []struct {
		contest string
		want    any // the JSON value; nil: left out
	}{
		{"nopenalty", 0.0},
		{"ce", 10.0},
		{"icpc", 20.0},
		{"ioi", nil},
	} {
		code, body := get(t, srv, "/api/contests/"+c.contest, false)
		var obj map[string]any
		if code != 200 || json.Unmarshal(body, &obj) != nil {
			t.Fatalf("%s: %d %s", c.contest, code, body)
		}
		if got, ok := obj["penalty_time"]; got != c.want || ok != (c.want != nil) {
			t.Errorf("%s: penalty_time %v (present %v), want %v", c.contest, got, ok, c.want)
		}
	}
}

// TestRebuildWithoutPenaltyTime: a feed whose contest has no
// penalty_time (the specification gives it no default) rebuilds with
// rejected tries costing nothing.
func TestRebuildWithoutPenaltyTime(t *testing.T) {
	srv := httptest.NewServer(NewServer(newFakeSource(ceSnapshot()), Config{Feed: "t"}))
	defer srv.Close()
	_, feed := get(t, srv, "/api/contests/ce/event-feed?stream=false", false)
	without := bytes.Replace(feed, []byte(`,"penalty_time":10`), nil, 1)
	if bytes.Equal(without, feed) {
		t.Fatalf("the feed has no penalty_time of 10 to drop:\n%s", feed)
	}
	rebuilt, err := Rebuild(bytes.NewReader(without))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := summary(rebuilt), "1 one 1 3 apples:3/0@3\n"; got != want {
		t.Errorf("rebuilt without penalty_time:\n%s\nwant:\n%s", got, want)
	}
}

// TestRebuildFollowsChanges checks Rebuild applies updates and
// deletions: a feed read with since_token after a rejudge and a removed
// submission, appended to the first, rebuilds the new board.
func TestRebuildFollowsChanges(t *testing.T) {
	src := newFakeSource(frozenSnapshot())
	srv := httptest.NewServer(NewServer(src, Config{Feed: "t"}))
	defer srv.Close()
	_, first := get(t, srv, "/api/contests/frozen/event-feed?stream=false", true)
	src.update("frozen", func(s *Snapshot) {
		s.Submissions[0].Judgement = judged("WA", s.Submissions[0].Time) // one's A rejudged
		s.Submissions = s.Submissions[:4]                                // two's AC gone
	})
	tok := lastToken(t, feedLines(t, first))
	_, more := get(t, srv, "/api/contests/frozen/event-feed?stream=false&since_token="+tok, true)
	rebuilt, err := Rebuild(bytes.NewReader(append(first, more...)))
	if err != nil {
		t.Fatal(err)
	}
	want := "1 one 1 270 apples:1/0 bananas:2/0@250\n2 two 0 0 apples:1/0 bananas:0/0\n"
	if got := summary(rebuilt); got != want {
		t.Errorf("rebuilt after changes:\n%s\nwant:\n%s", got, want)
	}
}
