// Package natstest starts the embedded NATS server for tests: one call
// gives a running server with JetStream and a JetStream context on an
// in-process connection, all torn down when the test ends.
package natstest

import (
	"context"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/service/natsrv"
)

// Start starts an embedded server with opt (a temporary Dir when opt has
// none) and connects to it; the test fails at once if either fails.
func Start(t testing.TB, opt natsrv.Options) (*natsrv.Server, jetstream.JetStream) {
	t.Helper()
	if opt.Dir == "" {
		opt.Dir = t.TempDir()
	}
	srv, err := natsrv.Start(opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Shutdown)
	nc, err := srv.Connect()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	return srv, js
}

// Settle waits until handled() reaches the number of messages stream
// holds on the subjects filter matches, and returns that number for each
// subject. Tests call it once nothing publishes there any more (every
// worker stopped): the stream then holds all there will be, so a count
// checked after it cannot be passed by a message still on its way, as a
// count after a sleep can. It fails the test when ctx ends first.
func Settle(t testing.TB, ctx context.Context, js jetstream.JetStream, stream, filter string, handled func() int) map[string]uint64 {
	t.Helper()
	st, err := js.Stream(ctx, stream)
	if err != nil {
		t.Fatal(err)
	}
	info, err := st.Info(ctx, jetstream.WithSubjectFilter(filter))
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, n := range info.State.Subjects {
		total += int(n)
	}
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for handled() < total {
		select {
		case <-ctx.Done():
			t.Fatalf("%d of the %d messages on %s in %s handled when the time ran out", handled(), total, filter, stream)
		case <-tick.C:
		}
	}
	return info.State.Subjects
}
