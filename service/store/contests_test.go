package store

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"
)

func spring() Contest {
	start := time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)
	return Contest{ID: "spring-26", Name: "Spring 2026", Start: start, End: start.Add(5 * time.Hour),
		Freeze: time.Hour, Scoring: ScoringICPC, Penalty: 20, HideProblems: true,
		Participants: []string{"bob", "ann"},
		Problems:     []ContestProblem{{"A", "sum"}, {"B", "echo"}, {"C", "rotation-game"}}}
}

func TestContestCreateGetListUpdate(t *testing.T) {
	contract(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		got, err := s.CreateContest(ctx, spring())
		if err != nil {
			t.Fatal(err)
		}
		want := spring()
		want.Participants = []string{"ann", "bob"}
		want.CreatedAt = got.CreatedAt
		if got.CreatedAt.IsZero() || !reflect.DeepEqual(got, want) {
			t.Fatalf("created\n%+v\nwant\n%+v", got, want)
		}
		if _, err := s.CreateContest(ctx, spring()); !errors.Is(err, ErrConflict) {
			t.Errorf("second create: err = %v, want ErrConflict", err)
		}
		practice := Contest{ID: "practice", Name: "Practice", Scoring: ScoringIOI,
			Problems: []ContestProblem{{"A", "sum"}}}
		if p, err := s.CreateContest(ctx, practice); err != nil || !p.Practice() || p.Participants != nil {
			t.Fatalf("practice: %+v, %v", p, err)
		}
		list, err := s.ListContests(ctx)
		if err != nil || len(list) != 2 || list[0].ID != "spring-26" || list[1].ID != "practice" ||
			len(list[0].Problems) != 3 || list[0].Problems[2] != (ContestProblem{"C", "rotation-game"}) {
			t.Fatalf("ListContests = %+v, %v", list, err)
		}
		upd := spring()
		upd.Name, upd.Scoring, upd.CountCE, upd.Participants = "Spring", ScoringIOI, true, nil
		upd.Problems = []ContestProblem{{"X", "echo"}}
		got, err = s.UpdateContest(ctx, upd)
		if err != nil || got.Name != "Spring" || got.Scoring != ScoringIOI || !got.CountCE ||
			got.Participants != nil || len(got.Problems) != 1 || got.Problems[0].Label != "X" {
			t.Fatalf("updated: %+v, %v", got, err)
		}
		upd.ID = "nope"
		if _, err := s.UpdateContest(ctx, upd); !errors.Is(err, ErrNotFound) {
			t.Errorf("update of an unknown contest: err = %v, want ErrNotFound", err)
		}
		if _, err := s.GetContest(ctx, "nope"); !errors.Is(err, ErrNotFound) {
			t.Errorf("GetContest(unknown) = %v, want ErrNotFound", err)
		}
	})
}

func TestContestValidation(t *testing.T) {
	contract(t, func(t *testing.T, s Store) {
		cases := []struct {
			name string
			mod  func(*Contest)
		}{
			{"id with capitals", func(c *Contest) { c.ID = "Spring" }},
			{"id with a slash", func(c *Contest) { c.ID = "a/b" }},
			{"no name", func(c *Contest) { c.Name = "" }},
			{"start without end", func(c *Contest) { c.End = time.Time{} }},
			{"end before start", func(c *Contest) { c.End = c.Start.Add(-time.Minute) }},
			{"freeze longer than the contest", func(c *Contest) { c.Freeze = 6 * time.Hour }},
			{"freeze as long as the contest", func(c *Contest) { c.Freeze = c.End.Sub(c.Start) }},
			{"freeze in practice mode", func(c *Contest) { c.Start, c.End, c.Freeze = time.Time{}, time.Time{}, time.Hour }},
			{"scoring", func(c *Contest) { c.Scoring = "acm" }},
			{"no problems", func(c *Contest) { c.Problems = nil }},
			{"a label twice", func(c *Contest) { c.Problems[1].Label = "A" }},
			{"a problem twice", func(c *Contest) { c.Problems[1].Slug = "sum" }},
			{"bad label", func(c *Contest) { c.Problems[0].Label = "A B" }},
			{"bad participant", func(c *Contest) { c.Participants = []string{"a b"} }},
		}
		for _, c := range cases {
			k := spring()
			c.mod(&k)
			if _, err := s.CreateContest(context.Background(), k); !errors.Is(err, ErrInvalid) {
				t.Errorf("%s: err = %v, want ErrInvalid", c.name, err)
			}
		}
	})
}

func TestContestSubmissionsAndDelete(t *testing.T) {
	contract(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		if _, err := s.CreateContest(ctx, spring()); err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, c := range []string{"spring-26", "", "spring-26"} {
			n := sub("ann", "sum")
			n.Contest = c
			got, _, err := s.Create(ctx, n)
			if err != nil || got.Contest != c {
				t.Fatalf("Create in %q: %+v, %v", c, got, err)
			}
			ids = append(ids, got.ID)
		}
		if ok, err := s.ApplyResult(ctx, ids[0], 1, Result{Verdict: "WA"}); !ok || err != nil {
			t.Fatal(ok, err)
		}
		subs, err := s.ContestSubmissions(ctx, "spring-26")
		if err != nil || len(subs) != 2 || subs[0].ID != ids[0] || subs[1].ID != ids[2] ||
			subs[0].Verdict != "WA" || subs[0].Contest != "spring-26" || subs[0].Source != "" {
			t.Fatalf("ContestSubmissions = %+v, %v", subs, err)
		}
		page, err := s.List(ctx, ListQuery{Contest: "spring-26"})
		if err != nil || len(page.Submissions) != 2 || page.Submissions[0].ID != ids[2] {
			t.Fatalf("List(contest) = %+v, %v", page, err)
		}
		if read, err := s.Get(ctx, ids[2]); err != nil || read.Contest != "spring-26" {
			t.Fatalf("Get = %+v, %v", read, err)
		}
		if err := s.DeleteContest(ctx, "spring-26"); !errors.Is(err, ErrConflict) {
			t.Errorf("delete with submissions: err = %v, want ErrConflict", err)
		}
		empty := spring()
		empty.ID = "empty"
		if _, err := s.CreateContest(ctx, empty); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteContest(ctx, "empty"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.GetContest(ctx, "empty"); !errors.Is(err, ErrNotFound) {
			t.Errorf("deleted contest: err = %v, want ErrNotFound", err)
		}
		if err := s.DeleteContest(ctx, "empty"); !errors.Is(err, ErrNotFound) {
			t.Errorf("delete again: err = %v, want ErrNotFound", err)
		}
		// Its labels are free again for a new contest of that ID.
		if _, err := s.CreateContest(ctx, empty); err != nil {
			t.Fatal(err)
		}
	})
}
