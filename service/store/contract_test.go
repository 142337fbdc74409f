package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/judging"
	"github.com/puzzlejudge/judge/core/verdict"
)

// backend opens a fresh, empty store of one kind.
type backend struct {
	name string
	open func(t testing.TB) Store
}

var backends = []backend{
	{"sqlite", func(t testing.TB) Store {
		return mustOpen(t, filepath.Join(t.TempDir(), "judge.db"))
	}},
	{"postgres", func(t testing.TB) Store {
		return mustOpen(t, pgDatabase(t))
	}},
}

func mustOpen(t testing.TB, location string) Store {
	t.Helper()
	s, err := Open(context.Background(), location)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// contract runs f against every backend: the one suite both must pass.
func contract(t *testing.T, f func(t *testing.T, s Store)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { f(t, b.open(t)) })
	}
}

func sub(user, problem string) NewSubmission {
	return NewSubmission{User: user, Problem: problem, PackageHash: "abc123", Language: "cpp",
		Filename: "a.cpp", Source: "int main(){}\n"}
}

// created creates n submissions of user's for problem and returns their
// IDs, oldest first.
func created(t *testing.T, s Store, n int, user, problem string) []string {
	t.Helper()
	var ids []string
	for range n {
		c, _, err := s.Create(context.Background(), sub(user, problem))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, c.ID)
	}
	return ids
}

func TestCreateAndGet(t *testing.T) {
	contract(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		bad := []struct {
			name string
			mod  func(*NewSubmission)
		}{
			{"no user", func(n *NewSubmission) { n.User = "" }},
			{"no problem", func(n *NewSubmission) { n.Problem = "" }},
			{"no language", func(n *NewSubmission) { n.Language = "" }},
			{"bad id", func(n *NewSubmission) { n.ID = "not-an-id" }},
		}
		for _, c := range bad {
			n := sub("ann", "sum")
			c.mod(&n)
			if _, _, err := s.Create(ctx, n); !errors.Is(err, ErrInvalid) {
				t.Errorf("%s: err = %v, want ErrInvalid", c.name, err)
			}
		}
		before := time.Now().Add(-time.Second)
		got, created, err := s.Create(ctx, sub("ann", "sum"))
		if err != nil || !created {
			t.Fatalf("Create = %v, created %v", err, created)
		}
		if !ValidID(got.ID) || got.State != Queued || got.Gen != 1 || got.Attempt != 0 || got.CreatedAt.Before(before) {
			t.Fatalf("created %+v", got)
		}
		read, err := s.Get(ctx, got.ID)
		if err != nil {
			t.Fatal(err)
		}
		if read.User != "ann" || read.Problem != "sum" || read.PackageHash != "abc123" || read.Language != "cpp" ||
			read.Filename != "a.cpp" || read.Source != "int main(){}\n" || read.State != Queued || read.Gen != 1 ||
			!read.CreatedAt.Equal(got.CreatedAt) || !read.StartedAt.IsZero() || read.Report != nil {
			t.Fatalf("Get = %+v, created %+v", read, got)
		}
		if _, err := s.Get(ctx, "01ARZ3NDEKTSV4RRFFQ69G5FAV"); !errors.Is(err, ErrNotFound) {
			t.Errorf("Get(unknown) err = %v, want ErrNotFound", err)
		}
		// A caller-chosen ID is kept; a second use of it is a conflict.
		n := sub("bob", "sum")
		n.ID = "01ARZ3NDEKTSV4RRFFQ69G5FAV"
		if got, _, err := s.Create(ctx, n); err != nil || got.ID != n.ID {
			t.Fatalf("Create with ID = %v, %v", got.ID, err)
		}
		if _, _, err := s.Create(ctx, n); !errors.Is(err, ErrConflict) {
			t.Errorf("Create with a used ID: err = %v, want ErrConflict", err)
		}
	})
}

func TestIdempotencyKeyUnderConcurrency(t *testing.T) {
	contract(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		const n = 16
		ids := make([]string, n)
		createdCount := 0
		var mu sync.Mutex
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ns := sub("ann", "sum")
				ns.IdempotencyKey = "key-1"
				ns.Source = fmt.Sprintf("// try %d\n", i)
				got, created, err := s.Create(ctx, ns)
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				defer mu.Unlock()
				ids[i] = got.ID
				if created {
					createdCount++
				}
			}()
		}
		wg.Wait()
		if createdCount != 1 {
			t.Fatalf("%d calls created a submission, want exactly 1", createdCount)
		}
		for _, id := range ids {
			if id != ids[0] {
				t.Fatalf("the same key gave different IDs: %v", ids)
			}
		}
		// The same key of another user, and no key at all, are new.
		other := sub("bob", "sum")
		other.IdempotencyKey = "key-1"
		if got, created, err := s.Create(ctx, other); err != nil || !created || got.ID == ids[0] {
			t.Errorf("another user's key: %v created=%v err=%v", got.ID, created, err)
		}
		for range 2 {
			if _, created, err := s.Create(ctx, sub("ann", "sum")); err != nil || !created {
				t.Errorf("no key: created=%v err=%v", created, err)
			}
		}
		page, err := s.List(ctx, ListQuery{User: "ann"})
		if err != nil || len(page.Submissions) != 3 {
			t.Fatalf("ann has %d submissions (%v), want 3", len(page.Submissions), err)
		}
	})
}

func TestApplyResultHasOneWinner(t *testing.T) {
	contract(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		created, _, err := s.Create(ctx, sub("ann", "sum"))
		if err != nil {
			t.Fatal(err)
		}
		if ok, err := s.MarkJudging(ctx, created.ID, 1, 1); !ok || err != nil {
			t.Fatalf("MarkJudging = %v, %v", ok, err)
		}
		const n = 16
		wins := make([]bool, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rep := &judging.Report{Verdict: verdict.AC, Problem: fmt.Sprint("by ", i)}
				ok, err := s.ApplyResult(ctx, created.ID, 1, Result{Verdict: "AC", Report: rep})
				if err != nil {
					t.Error(err)
				}
				wins[i] = ok
			}()
		}
		wg.Wait()
		winner := -1
		for i, w := range wins {
			if w {
				if winner >= 0 {
					t.Fatalf("results %d and %d both applied", winner, i)
				}
				winner = i
			}
		}
		if winner < 0 {
			t.Fatal("no result applied")
		}
		got, err := s.Get(ctx, created.ID)
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprint("by ", winner)
		if got.State != Done || got.Verdict != "AC" || got.Report == nil || got.Report.Problem != want || got.Report.Verdict != verdict.AC ||
			got.FinishedAt.IsZero() || got.Attempt != 1 {
			t.Fatalf("after the race: %+v (report %+v, want %s's)", got, got.Report, want)
		}
	})
}

// TestApplyResultRecordsAttempt: a result naming its attempt records it
// in the same write, as MarkJudging would: a missed start is filled in,
// a marked start kept, a later attempt already marked not moved back.
func TestApplyResultRecordsAttempt(t *testing.T) {
	contract(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		cases := []struct {
			name              string
			marked, result    int // the attempt MarkJudging marked (0: none), the result's
			wantAttempt       int
			wantStartUnmarked bool // started_at set although nothing marked it
		}{
			{"start missed", 0, 2, 2, true},
			{"start marked", 1, 1, 1, false},
			{"older attempt's result", 3, 2, 3, false},
			{"no attempt named", 0, 0, 0, false},
		}
		for _, c := range cases {
			created, _, err := s.Create(ctx, sub("ann", "sum"))
			if err != nil {
				t.Fatal(err)
			}
			var marked time.Time
			if c.marked > 0 {
				if ok, err := s.MarkJudging(ctx, created.ID, 1, c.marked); !ok || err != nil {
					t.Fatalf("%s: MarkJudging = %v, %v", c.name, ok, err)
				}
				m, _ := s.Get(ctx, created.ID)
				marked = m.StartedAt
			}
			ok, err := s.ApplyResult(ctx, created.ID, 1, Result{Verdict: "AC", Report: &judging.Report{}, Attempt: c.result})
			if !ok || err != nil {
				t.Fatalf("%s: ApplyResult = %v, %v", c.name, ok, err)
			}
			got, err := s.Get(ctx, created.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.State != Done || got.Attempt != c.wantAttempt {
				t.Errorf("%s: state %s attempt %d, want done at attempt %d", c.name, got.State, got.Attempt, c.wantAttempt)
			}
			switch {
			case c.marked > 0 && !got.StartedAt.Equal(marked):
				t.Errorf("%s: start moved from %v to %v", c.name, marked, got.StartedAt)
			case c.wantStartUnmarked && got.StartedAt.IsZero():
				t.Errorf("%s: no start recorded", c.name)
			case c.marked == 0 && !c.wantStartUnmarked && !got.StartedAt.IsZero():
				t.Errorf("%s: a start %v recorded for no attempt", c.name, got.StartedAt)
			}
		}
	})
}

func TestRejudgeMakesOldGenerationStale(t *testing.T) {
	contract(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		c, _, err := s.Create(ctx, sub("ann", "sum"))
		if err != nil {
			t.Fatal(err)
		}
		mustApply := func(gen int, v string, want bool) {
			t.Helper()
			ok, err := s.ApplyResult(ctx, c.ID, gen, Result{Verdict: v, Report: &judging.Report{Verdict: verdict.Verdict(v)}})
			if err != nil || ok != want {
				t.Fatalf("ApplyResult(gen %d, %s) = %v, %v; want %v", gen, v, ok, err, want)
			}
		}
		if ok, _ := s.MarkJudging(ctx, c.ID, 1, 1); !ok {
			t.Fatal("MarkJudging gen 1 did not apply")
		}
		mustApply(1, "WA", true)
		mustApply(1, "AC", false) // a second result of gen 1
		r, err := s.Rejudge(ctx, c.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		if r.Gen != 2 || r.State != Queued || r.Verdict != "" || r.Report != nil || r.Attempt != 0 || !r.FinishedAt.IsZero() || r.PackageHash != c.PackageHash {
			t.Fatalf("after Rejudge: %+v", r)
		}
		if ok, _ := s.MarkJudging(ctx, c.ID, 1, 2); ok {
			t.Error("MarkJudging of the old generation applied")
		}
		mustApply(1, "TLE", false) // a late result of the old generation
		if ok, _ := s.MarkJudging(ctx, c.ID, 2, 2); !ok {
			t.Fatal("MarkJudging gen 2 attempt 2 did not apply")
		}
		if ok, _ := s.MarkJudging(ctx, c.ID, 2, 1); ok {
			t.Error("a late MarkJudging of attempt 1 applied after attempt 2")
		}
		mustApply(2, "AC", true)
		if ok, _ := s.MarkJudging(ctx, c.ID, 2, 3); ok {
			t.Error("MarkJudging applied to a done submission")
		}
		got, _ := s.Get(ctx, c.ID)
		if got.State != Done || got.Gen != 2 || got.Verdict != "AC" || got.Report == nil || got.Report.Verdict != verdict.AC || got.Attempt != 2 {
			t.Fatalf("final: %+v", got)
		}
		r, err = s.Rejudge(ctx, c.ID, "newpkg")
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Get(ctx, c.ID); r.Gen != 3 || r.PackageHash != "newpkg" || got.PackageHash != "newpkg" {
			t.Errorf("Rejudge with a package hash: returned %q (gen %d), stored %q; want newpkg at gen 3", r.PackageHash, r.Gen, got.PackageHash)
		}
		if _, err := s.Rejudge(ctx, "01ARZ3NDEKTSV4RRFFQ69G5FAV", ""); !errors.Is(err, ErrNotFound) {
			t.Errorf("Rejudge(unknown) err = %v", err)
		}
	})
}

func TestRejudgeProblemAndCancel(t *testing.T) {
	contract(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		var ids []string
		for _, p := range []string{"sum", "sum", "sum", "max"} {
			c, _, err := s.Create(ctx, sub("ann", p))
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, c.ID)
		}
		// ids[0] done, ids[1] cancelled, ids[2] queued, ids[3] another problem.
		if ok, _ := s.ApplyResult(ctx, ids[0], 1, Result{Verdict: "AC", Report: &judging.Report{}}); !ok {
			t.Fatal("ApplyResult did not apply")
		}
		cancelled, err := s.Cancel(ctx, ids[1])
		if err != nil || cancelled.State != Done || cancelled.Error != CancelledError {
			t.Fatalf("Cancel = %+v, %v", cancelled, err)
		}
		if ok, _ := s.ApplyResult(ctx, ids[1], 1, Result{Verdict: "AC"}); ok {
			t.Error("a result applied to a cancelled submission")
		}
		cases := []struct {
			id   string
			want error
		}{
			{ids[1], ErrConflict}, // already cancelled
			{ids[0], ErrConflict}, // done
			{"01ARZ3NDEKTSV4RRFFQ69G5FAV", ErrNotFound},
		}
		for _, c := range cases {
			if _, err := s.Cancel(ctx, c.id); !errors.Is(err, c.want) {
				t.Errorf("Cancel(%s) err = %v, want %v", c.id, err, c.want)
			}
		}
		re, err := s.RejudgeProblem(ctx, "sum", "newhash")
		if err != nil {
			t.Fatal(err)
		}
		gens := map[string]int{}
		for _, r := range re {
			gens[r.ID] = r.Gen
		}
		if len(gens) != 2 || gens[ids[0]] != 2 || gens[ids[2]] != 2 {
			t.Fatalf("RejudgeProblem = %v, want %s and %s at gen 2", re, ids[0], ids[2])
		}
		for i, want := range []struct {
			state State
			hash  string
			gen   int
		}{{Queued, "newhash", 2}, {Done, "abc123", 1}, {Queued, "newhash", 2}, {Queued, "abc123", 1}} {
			got, _ := s.Get(ctx, ids[i])
			if got.State != want.state || got.PackageHash != want.hash || got.Gen != want.gen {
				t.Errorf("submission %d: %s %s gen %d, want %+v", i, got.State, got.PackageHash, got.Gen, want)
			}
		}
		if re, err := s.RejudgeProblem(ctx, "nope", ""); err != nil || len(re) != 0 {
			t.Errorf("RejudgeProblem(unknown) = %v, %v", re, err)
		}
	})
}

func TestStaleAndCountQueued(t *testing.T) {
	contract(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		ids := created(t, s, 4, "ann", "sum")
		s.MarkJudging(ctx, ids[1], 1, 1)
		s.ApplyResult(ctx, ids[2], 1, Result{Verdict: "AC"})
		if _, _, err := s.Create(ctx, sub("bob", "sum")); err != nil {
			t.Fatal(err)
		}
		if n, err := s.CountQueued(ctx, "ann"); err != nil || n != 3 {
			t.Errorf("CountQueued(ann) = %d, %v; want 3 (2 queued, 1 judging)", n, err)
		}
		if n, err := s.CountQueued(ctx, "carol"); err != nil || n != 0 {
			t.Errorf("CountQueued(carol) = %d, %v", n, err)
		}
		stale, err := s.Stale(ctx, time.Now().Add(time.Minute), 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(stale) != 3 || stale[0].ID != ids[0] || stale[1].ID != ids[3] || stale[0].Source == "" {
			t.Fatalf("Stale = %d rows (%v), want ann's 1st and 4th and bob's, oldest first, with source", len(stale), stale)
		}
		if stale, _ := s.Stale(ctx, time.Now().Add(time.Minute), 1); len(stale) != 1 {
			t.Errorf("Stale limit 1 gave %d", len(stale))
		}
		if stale, _ := s.Stale(ctx, time.Now().Add(-time.Hour), 0); len(stale) != 0 {
			t.Errorf("Stale an hour ago gave %d", len(stale))
		}
	})
}

func TestListPagination(t *testing.T) {
	contract(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		type key struct{ user, problem string }
		var all []Submission // in creation order
		for i := range 11 {
			c, _, err := s.Create(ctx, sub([]string{"ann", "bob"}[i%2], []string{"sum", "max", "sum"}[i%3]))
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, c)
		}
		cases := []struct {
			q    ListQuery
			want func(Submission) bool
		}{
			{ListQuery{Limit: 3}, func(Submission) bool { return true }},
			{ListQuery{User: "ann", Limit: 2}, func(s Submission) bool { return s.User == "ann" }},
			{ListQuery{Problem: "max", Limit: 1}, func(s Submission) bool { return s.Problem == "max" }},
			{ListQuery{User: "bob", Problem: "sum"}, func(s Submission) bool { return s.User == "bob" && s.Problem == "sum" }},
		}
		for _, c := range cases {
			var want []string
			for i := len(all) - 1; i >= 0; i-- {
				if c.want(all[i]) {
					want = append(want, all[i].ID)
				}
			}
			var got []string
			q := c.q
			for pages := 0; ; pages++ {
				if pages > len(all) {
					t.Fatalf("%+v: pagination does not end", c.q)
				}
				p, err := s.List(ctx, q)
				if err != nil {
					t.Fatal(err)
				}
				if len(p.Submissions) > max(c.q.Limit, 0) && c.q.Limit > 0 {
					t.Fatalf("%+v: page of %d", c.q, len(p.Submissions))
				}
				for _, x := range p.Submissions {
					if x.Source != "" || x.Report != nil {
						t.Fatalf("List returned the source or report of %s", x.ID)
					}
					got = append(got, x.ID)
				}
				if p.Next == "" {
					break
				}
				q.Cursor = p.Next
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%+v:\n got %v\nwant %v", c.q, got, want)
			}
		}
		for _, bad := range []ListQuery{{Cursor: "garbage!"}, {Cursor: encodeCursor("x")}, {Limit: -1}} {
			if _, err := s.List(ctx, bad); !errors.Is(err, ErrInvalid) {
				t.Errorf("List(%+v) err = %v, want ErrInvalid", bad, err)
			}
		}
		p, err := s.List(ctx, ListQuery{Limit: 10000})
		if err != nil || len(p.Submissions) != len(all) || p.Next != "" {
			t.Errorf("List(big limit) = %d, next %q, %v", len(p.Submissions), p.Next, err)
		}
	})
}

func TestTokens(t *testing.T) {
	contract(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		for _, bad := range []NewToken{{User: ""}, {User: "has space"}, {User: "ann", Role: "root"}} {
			if _, _, err := s.CreateToken(ctx, bad); !errors.Is(err, ErrInvalid) {
				t.Errorf("CreateToken(%+v) err = %v, want ErrInvalid", bad, err)
			}
		}
		admin, adminPlain, err := s.CreateToken(ctx, NewToken{User: "root", Role: RoleAdmin, Name: "first"})
		if err != nil || admin.Role != RoleAdmin {
			t.Fatalf("CreateToken admin = %+v, %v", admin, err)
		}
		ann, annPlain, err := s.CreateToken(ctx, NewToken{User: "ann"})
		if err != nil || ann.Role != RoleUser {
			t.Fatalf("CreateToken ann = %+v, %v", ann, err)
		}
		// A token without a role keeps the user's role.
		admin2, admin2Plain, err := s.CreateToken(ctx, NewToken{User: "root"})
		if err != nil || admin2.Role != RoleAdmin {
			t.Fatalf("second root token = %+v, %v", admin2, err)
		}
		flipped := []byte(annPlain)
		flipped[len(flipped)-1] ^= 1
		cases := []struct {
			plain string
			want  User
			err   error
		}{
			{adminPlain, User{"root", RoleAdmin}, nil},
			{admin2Plain, User{"root", RoleAdmin}, nil},
			{annPlain, User{"ann", RoleUser}, nil},
			{string(flipped), User{}, ErrUnauthorized},
			{"", User{}, ErrUnauthorized},
			{"Bearer " + annPlain, User{}, ErrUnauthorized},
			{annPlain[:len(annPlain)-1], User{}, ErrUnauthorized},
			{"pj_0000000000000000_" + annPlain[len(annPlain)-secretLen:], User{}, ErrUnauthorized},
		}
		for _, c := range cases {
			u, err := s.Authenticate(ctx, c.plain)
			if !errors.Is(err, c.err) || u != c.want {
				t.Errorf("Authenticate(%q) = %+v, %v; want %+v, %v", c.plain, u, err, c.want, c.err)
			}
		}
		if err := s.RevokeToken(ctx, ann.ID); err != nil {
			t.Fatal(err)
		}
		if err := s.RevokeToken(ctx, ann.ID); err != nil {
			t.Errorf("second revoke: %v", err)
		}
		if err := s.RevokeToken(ctx, "ffffffffffffffff"); !errors.Is(err, ErrNotFound) {
			t.Errorf("RevokeToken(unknown) err = %v", err)
		}
		if _, err := s.Authenticate(ctx, annPlain); !errors.Is(err, ErrUnauthorized) {
			t.Errorf("a revoked token authenticated: %v", err)
		}
		// Promoting ann by a new token with a role.
		if tok, _, err := s.CreateToken(ctx, NewToken{User: "ann", Role: RoleAdmin}); err != nil || tok.Role != RoleAdmin {
			t.Errorf("promote ann: %+v, %v", tok, err)
		}
		list, err := s.ListTokens(ctx)
		if err != nil || len(list) != 4 {
			t.Fatalf("ListTokens = %d tokens, %v; want 4", len(list), err)
		}
		byID := map[string]Token{}
		for _, tk := range list {
			byID[tk.ID] = tk
		}
		if tk := byID[ann.ID]; !tk.Revoked() || tk.LastUsedAt.IsZero() || tk.Role != RoleAdmin {
			t.Errorf("ann's first token listed as %+v", tk)
		}
		if tk := byID[admin.ID]; tk.Revoked() || tk.Name != "first" || tk.LastUsedAt.IsZero() || tk.User != "root" {
			t.Errorf("root's token listed as %+v", tk)
		}
		for _, tk := range list {
			if bytes.Contains([]byte(fmt.Sprint(tk)), []byte(annPlain[len(annPlain)-secretLen:])) {
				t.Error("a listed token shows its secret")
			}
		}
	})
}

// TestMarkJudgingKeepsTheStart marks an attempt twice (as the applier does
// with a final whose start was already recorded): the start stays; a new
// attempt starts anew.
func TestMarkJudgingKeepsTheStart(t *testing.T) {
	contract(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		c, _, err := s.Create(ctx, sub("ann", "sum"))
		if err != nil {
			t.Fatal(err)
		}
		started := func() time.Time {
			t.Helper()
			got, err := s.Get(ctx, c.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.StartedAt.IsZero() {
				t.Fatal("no start recorded")
			}
			return got.StartedAt
		}
		if ok, err := s.MarkJudging(ctx, c.ID, 1, 1); !ok || err != nil {
			t.Fatalf("MarkJudging = %v, %v", ok, err)
		}
		first := started()
		time.Sleep(5 * time.Millisecond) // the clock moves on (microseconds are stored)
		if ok, err := s.MarkJudging(ctx, c.ID, 1, 1); !ok || err != nil {
			t.Fatalf("MarkJudging again = %v, %v", ok, err)
		}
		if again := started(); !again.Equal(first) {
			t.Errorf("marking attempt 1 again moved its start from %v to %v", first, again)
		}
		if ok, err := s.MarkJudging(ctx, c.ID, 1, 2); !ok || err != nil {
			t.Fatalf("MarkJudging attempt 2 = %v, %v", ok, err)
		}
		if second := started(); !second.After(first) {
			t.Errorf("attempt 2 started at %v, not after attempt 1's %v", second, first)
		}
	})
}

// TestApplyResultGet: the row it returns is the row as stored, and only
// the write that applied returns one.
func TestApplyResultGet(t *testing.T) {
	contract(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		created, _, err := s.Create(ctx, sub("ann", "sum"))
		if err != nil {
			t.Fatal(err)
		}
		if ok, err := s.MarkJudging(ctx, created.ID, 1, 1); !ok || err != nil {
			t.Fatalf("MarkJudging = %v, %v", ok, err)
		}
		rep := &judging.Report{Verdict: verdict.WA, Tests: []judging.TestResult{{Name: "1", Verdict: verdict.WA}}}
		cases := []struct {
			name    string
			gen     int
			want    bool
			verdict string
		}{
			{"a newer generation", 2, false, "AC"},
			{"the current one", 1, true, "WA"},
			{"a repeat", 1, false, "AC"},
		}
		for _, c := range cases {
			got, ok, err := s.ApplyResultGet(ctx, created.ID, c.gen, Result{Verdict: c.verdict, Report: rep, Attempt: 1})
			if err != nil || ok != c.want {
				t.Fatalf("%s: applied %v, %v; want %v", c.name, ok, err, c.want)
			}
			if !ok {
				if got.ID != "" {
					t.Errorf("%s: not applied, yet returned %+v", c.name, got)
				}
				continue
			}
			stored, err := s.Get(ctx, created.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.State != Done || got.Verdict != c.verdict || got.Report != rep || !reflect.DeepEqual(stored.Report, rep) || got.FinishedAt.IsZero() ||
				!got.FinishedAt.Equal(stored.FinishedAt) || !got.StartedAt.Equal(stored.StartedAt) || !got.CreatedAt.Equal(stored.CreatedAt) ||
				got.User != stored.User || got.Attempt != stored.Attempt || got.Source != stored.Source {
				t.Errorf("%s: returned %+v, stored %+v", c.name, got, stored)
			}
		}
	})
}

// TestReportRead: a report is read back as it was applied; one the
// store cannot read (a row written by hand) is none, and the submission
// is still read.
func TestReportRead(t *testing.T) {
	contract(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		created, _, err := s.Create(ctx, sub("ann", "sum"))
		if err != nil {
			t.Fatal(err)
		}
		score := 30.0
		rep := &judging.Report{Problem: "sum", Verdict: verdict.WA, Score: &score,
			Tests: []judging.TestResult{{Name: "1", Verdict: verdict.WA, TeamMessage: "no", Diff: &judging.DiffReport{Line: 2, Text: "-1\n+2"}}}}
		if ok, err := s.ApplyResult(ctx, created.ID, 1, Result{Verdict: "WA", Report: rep}); !ok || err != nil {
			t.Fatalf("ApplyResult = %v, %v", ok, err)
		}
		got, err := s.Get(ctx, created.ID)
		if err != nil || !reflect.DeepEqual(got.Report, rep) {
			t.Fatalf("read back %+v, %v; want %+v", got.Report, err, rep)
		}
		sq := s.(*sqlStore)
		if _, err := sq.w.ExecContext(ctx, sq.q(`UPDATE submissions SET report = ? WHERE id = ?`), `{"tests":`, created.ID); err != nil {
			t.Fatal(err)
		}
		got, err = s.Get(ctx, created.ID)
		if err != nil || got.Report != nil || got.Verdict != "WA" {
			t.Errorf("an unreadable report: %+v, %v; want the submission without a report", got, err)
		}
	})
}
