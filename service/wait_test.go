package service

import (
	"context"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/service/api"
	"github.com/puzzlejudge/judge/service/store"
)

// TestWaitTakesTheCallersRead: a verdict the hub got after the caller
// read the row (and before Wait listened) is answered at once, one of an
// older generation is not.
func TestWaitTakesTheCallersRead(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, store.Location(t.TempDir(), ""))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	tests := []struct {
		name     string
		hubGen   int // the generation whose verdict the hub holds (0: none)
		wantDone bool
	}{
		{"verdict of this generation", 1, true},
		{"verdict of an older generation", -1, false},
		{"no verdict", 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			created, _, err := st.Create(ctx, store.NewSubmission{User: "u", Problem: "p", PackageHash: "h", Language: "c", Source: "x"})
			if err != nil {
				t.Fatal(err)
			}
			read := apiSub(created) // queued, as the caller read it
			b := &backend{st: st, hub: newHub(time.Minute)}
			if tc.hubGen != 0 {
				gen := read.Gen
				if tc.hubGen < 0 {
					gen = read.Gen - 1
				}
				done := read
				done.State, done.Gen, done.Verdict = api.StateDone, gen, "AC"
				b.hub.finish(read.ID, gen, nil, done)
			}
			wctx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
			defer cancel()
			got, err := b.Wait(wctx, read)
			if err != nil {
				t.Fatal(err)
			}
			if done := got.State == api.StateDone && got.Verdict == "AC"; done != tc.wantDone {
				t.Errorf("Wait = %s %q, want done: %v", got.State, got.Verdict, tc.wantDone)
			}
		})
	}
}
