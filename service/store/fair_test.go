package store

import (
	"context"
	"slices"
	"testing"
)

// TestUnfinished: a user's submissions not done, in the order they were
// queued (a rejudged one goes to the end), none of another user's, up to
// the limit.
func TestUnfinished(t *testing.T) {
	contract(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		ids := created(t, s, 4, "ann", "sum")
		if _, _, err := s.Create(ctx, sub("bob", "sum")); err != nil {
			t.Fatal(err)
		}
		if ok, err := s.MarkJudging(ctx, ids[1], 1, 1); err != nil || !ok {
			t.Fatalf("MarkJudging = %v, %v", ok, err)
		}
		if ok, err := s.ApplyResult(ctx, ids[0], 1, Result{Verdict: "AC"}); err != nil || !ok {
			t.Fatalf("ApplyResult = %v, %v", ok, err)
		}
		if _, err := s.Rejudge(ctx, ids[0], ""); err != nil {
			t.Fatal(err)
		}
		names := func(subs []Submission) []string {
			var out []string
			for _, x := range subs {
				out = append(out, x.ID)
			}
			return out
		}
		for _, tt := range []struct {
			limit int
			want  []string
		}{
			{0, []string{ids[1], ids[2], ids[3], ids[0]}},
			{2, []string{ids[1], ids[2]}},
		} {
			got, err := s.Unfinished(ctx, "ann", tt.limit)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(names(got), tt.want) {
				t.Errorf("Unfinished(ann, %d) = %v, want %v", tt.limit, names(got), tt.want)
			}
		}
		if got, err := s.Unfinished(ctx, "cid", 0); err != nil || len(got) != 0 {
			t.Errorf("Unfinished(cid) = %v, %v; want none", names(got), err)
		}
	})
}
