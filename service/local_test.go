package service

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/service/queue"
	"github.com/puzzlejudge/judge/service/store"
)

// countingStore is a real store that counts ApplyResultGet calls (how
// the service applies a final) and can fail the first ones.
type countingStore struct {
	store.Store
	calls, fail atomic.Int32
}

func (c *countingStore) ApplyResultGet(ctx context.Context, id string, gen int, r store.Result) (store.Submission, bool, error) {
	c.calls.Add(1)
	if c.fail.Add(-1) >= 0 {
		return store.Submission{}, false, errors.New("store away")
	}
	return c.Store.ApplyResultGet(ctx, id, gen, r)
}

// localPending reports whether an application of generation gen of id by
// this process's worker is registered: the applier waits for it, or the
// worker made it and the applier has not taken it yet.
func localPending(j *jobs, id string, gen int64) bool {
	j.local.mu.Lock()
	defer j.local.mu.Unlock()
	_, ok := j.local.m[recentKey(id, gen)]
	return ok
}

// TestApplyLocal checks that a final this process's worker applied is
// written to the store once, whichever of the worker and the applier
// comes first, and that the applier writes what the worker could not,
// and every other worker's final.
func TestApplyLocal(t *testing.T) {
	tests := []struct {
		name          string
		worker        string
		local         bool // the local worker applies it (OnFinal)
		applierFirst  bool // the applier fetches it before that
		localFails    int32
		wantApplies   int32
		wantLocalFail bool
	}{
		{name: "worker then applier", worker: "me", local: true, wantApplies: 1},
		{name: "applier waits for the worker", worker: "me", local: true, applierFirst: true, wantApplies: 1},
		{name: "the worker's write failed", worker: "me", local: true, localFails: 1, wantApplies: 2, wantLocalFail: true},
		{name: "a remote worker's final", worker: "remote", wantApplies: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			st, err := store.Open(ctx, store.Location(t.TempDir(), ""))
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			sub, _, err := st.Create(ctx, store.NewSubmission{User: "u", Problem: "p", PackageHash: "h", Language: "c", Source: "x"})
			if err != nil {
				t.Fatal(err)
			}
			cs := &countingStore{Store: st}
			cs.fail.Store(tc.localFails)
			j := &jobs{st: cs, hub: newHub(time.Minute), log: slog.New(slog.NewTextHandler(io.Discard, nil)), localWorker: "me"}
			f := queue.Final{SubmissionID: sub.ID, Gen: int64(sub.Gen), Attempt: 1, Worker: tc.worker,
				Report: &grade.Report{Verdict: verdict.AC, Tests: []grade.TestResult{}}}
			applier := make(chan error, 1)
			if tc.applierFirst {
				go func() { applier <- j.applyStream(ctx, f) }()
				// The applier has taken the final: it registered the
				// worker's application it waits for, and cannot end
				// before that ends (or localWait, 15 s, passes).
				for deadline := time.Now().Add(time.Minute); ; time.Sleep(time.Millisecond) {
					select {
					case err := <-applier:
						t.Fatalf("the applier ended (%v) before the worker applied the final", err)
					default:
					}
					if localPending(j, f.SubmissionID, f.Gen) {
						break
					}
					if time.Now().After(deadline) {
						t.Fatal("the applier did not take the final in a minute")
					}
				}
				select {
				case err := <-applier:
					t.Fatalf("the applier ended (%v) before the worker applied the final", err)
				default:
				}
			}
			if tc.local {
				if err := j.applyLocal(ctx, f); (err != nil) != tc.wantLocalFail {
					t.Fatalf("applyLocal: %v, want failure %v", err, tc.wantLocalFail)
				}
			}
			if !tc.applierFirst {
				go func() { applier <- j.applyStream(ctx, f) }()
			}
			if err := <-applier; err != nil {
				t.Fatalf("applyStream: %v", err)
			}
			if n := cs.calls.Load(); n != tc.wantApplies {
				t.Errorf("%d writes to the store, want %d", n, tc.wantApplies)
			}
			got, err := st.Get(ctx, sub.ID)
			if err != nil || got.State != store.Done || got.Verdict != string(verdict.AC) {
				t.Errorf("row: %+v, %v; want done AC", got, err)
			}
		})
	}
}
