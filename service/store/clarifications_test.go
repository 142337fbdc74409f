package store

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"
)

// ids lists the clarifications' IDs, as "id" or "id:seq".
func clarIDs(cs []Clarification, withSeq bool) string {
	var out []string
	for _, c := range cs {
		if withSeq {
			out = append(out, fmt.Sprintf("%d:%d", c.ID, c.Seq))
		} else {
			out = append(out, fmt.Sprint(c.ID))
		}
	}
	return strings.Join(out, " ")
}

// TestClarificationsVisibility: who sees which question, answer and
// announcement, in a listing and in a stream's Since, and the contest
// filter.
func TestClarificationsVisibility(t *testing.T) {
	contract(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		if n, err := s.ClarificationSeq(ctx); err != nil || n != 0 {
			t.Fatalf("seq of an empty store = %d, %v", n, err)
		}
		ask := func(user, contest, problem, text string) Clarification {
			t.Helper()
			c, err := s.AskClarification(ctx, NewClarification{Contest: contest, Problem: problem, From: user, Text: text})
			if err != nil {
				t.Fatal(err)
			}
			return c
		}
		a1 := ask("ann", "", "sum", "Is n < 0 allowed?")     // 1
		b1 := ask("bob", "", "", "Can I use C++20?")         // 2
		a2 := ask("ann", "spring", "sum", "private, please") // 3
		if a1.ID != 1 || a1.Seq != 1 || b1.ID != 2 || a2.ID != 3 || a1.From != "ann" || a1.Problem != "sum" ||
			a1.Question != "Is n < 0 allowed?" || a1.Answered() || a1.ToAll || a1.Announcement() || a1.CreatedAt.IsZero() {
			t.Fatalf("asked %+v, %+v, %+v", a1, b1, a2)
		}
		// ann's first is answered to her alone, bob's to all.
		got, err := s.AnswerClarification(ctx, a1.ID, "root", "No.", false)
		if err != nil || got.Seq != 4 || got.Answer != "No." || got.AnsweredBy != "root" || got.ToAll || !got.Answered() {
			t.Fatalf("answer = %+v, %v", got, err)
		}
		if got, err = s.AnswerClarification(ctx, b1.ID, "root", "Yes.", true); err != nil || got.Seq != 5 || !got.ToAll {
			t.Fatalf("answer to all = %+v, %v", got, err)
		}
		an, err := s.Announce(ctx, NewClarification{Contest: "spring", Problem: "", From: "root", Text: "Started."})
		if err != nil || an.ID != 6 || an.Seq != 6 || !an.Announcement() || !an.ToAll || an.Answer != "Started." ||
			an.AnsweredBy != "root" || !an.Answered() {
			t.Fatalf("announce = %+v, %v", an, err)
		}
		if n, err := s.ClarificationSeq(ctx); err != nil || n != 6 {
			t.Fatalf("seq = %d, %v; want 6", n, err)
		}
		for _, c := range []struct {
			name string
			q    ClarQuery
			list string // newest first
			// since: changes after After 3, in seq order, as id:seq
			since string
		}{
			{"admin", ClarQuery{Viewer: "root", Admin: true}, "6 3 2 1", "1:4 2:5 6:6"},
			{"ann", ClarQuery{Viewer: "ann"}, "6 3 2 1", "1:4 2:5 6:6"},
			{"bob", ClarQuery{Viewer: "bob"}, "6 2", "2:5 6:6"},
			{"cid", ClarQuery{Viewer: "cid"}, "6 2", "2:5 6:6"},
			{"ann in spring", ClarQuery{Viewer: "ann", Contest: "spring"}, "6 3 2 1", "1:4 2:5 6:6"},
			{"ann in autumn", ClarQuery{Viewer: "ann", Contest: "autumn"}, "2 1", "1:4 2:5"},
			{"bob limited", ClarQuery{Viewer: "bob", Limit: 1}, "6", "2:5"},
		} {
			list, err := s.ListClarifications(ctx, c.q)
			if err != nil {
				t.Fatal(err)
			}
			if got := clarIDs(list, false); got != c.list {
				t.Errorf("%s: list %q, want %q", c.name, got, c.list)
			}
			q := c.q
			q.After = 3
			since, err := s.ClarificationsSince(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			if got := clarIDs(since, true); got != c.since {
				t.Errorf("%s: since 3 %q, want %q", c.name, got, c.since)
			}
		}
		// A private answer never reaches another user, whole row or text.
		for _, viewer := range []string{"bob", "cid"} {
			list, _ := s.ListClarifications(ctx, ClarQuery{Viewer: viewer})
			for _, c := range list {
				if c.From == "ann" || c.Answer == "No." {
					t.Errorf("%s sees ann's private clarification %+v", viewer, c)
				}
			}
		}
	})
}

// TestClarificationErrors: bad input, an unknown question, answering an
// announcement, and an answer given again.
func TestClarificationErrors(t *testing.T) {
	contract(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		for _, n := range []NewClarification{{From: "", Text: "x"}, {From: "ann", Text: ""}} {
			if _, err := s.AskClarification(ctx, n); !errors.Is(err, ErrInvalid) {
				t.Errorf("ask %+v: err %v, want ErrInvalid", n, err)
			}
			if _, err := s.Announce(ctx, n); !errors.Is(err, ErrInvalid) {
				t.Errorf("announce %+v: err %v, want ErrInvalid", n, err)
			}
		}
		if _, err := s.AnswerClarification(ctx, 42, "root", "x", false); !errors.Is(err, ErrNotFound) {
			t.Errorf("answering an unknown question: %v, want ErrNotFound", err)
		}
		an, err := s.Announce(ctx, NewClarification{From: "root", Text: "hi"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.AnswerClarification(ctx, an.ID, "root", "x", false); !errors.Is(err, ErrConflict) {
			t.Errorf("answering an announcement: %v, want ErrConflict", err)
		}
		q, _ := s.AskClarification(ctx, NewClarification{From: "ann", Text: "<script>alert(1)</script>\x01"})
		if _, err := s.AnswerClarification(ctx, q.ID, "root", "", false); !errors.Is(err, ErrInvalid) {
			t.Errorf("an empty answer: %v, want ErrInvalid", err)
		}
		first, _ := s.AnswerClarification(ctx, q.ID, "root", "first", true)
		again, err := s.AnswerClarification(ctx, q.ID, "jury", "second", false)
		if err != nil || again.Seq <= first.Seq || again.Answer != "second" || again.AnsweredBy != "jury" || again.ToAll ||
			again.Question != "<script>alert(1)</script>\x01" {
			t.Errorf("answered again: %+v, %v (first %+v)", again, err, first)
		}
	})
}

// TestClarificationSeqUnderConcurrency: writers at once get distinct
// seqs, and every seq up to the last is there when the last is.
func TestClarificationSeqUnderConcurrency(t *testing.T) {
	contract(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		const n = 12
		var wg sync.WaitGroup
		var mu sync.Mutex
		var seqs []int
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c, err := s.AskClarification(ctx, NewClarification{From: fmt.Sprintf("u%d", i), Text: "q"})
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				seqs = append(seqs, int(c.Seq))
				mu.Unlock()
			}()
		}
		wg.Wait()
		sort.Ints(seqs)
		for i, v := range seqs {
			if v != i+1 {
				t.Fatalf("seqs %v, want 1 to %d", seqs, n)
			}
		}
		all, err := s.ClarificationsSince(ctx, ClarQuery{Viewer: "root", Admin: true})
		if err != nil || len(all) != n {
			t.Fatalf("since 0: %d rows, %v", len(all), err)
		}
	})
}
