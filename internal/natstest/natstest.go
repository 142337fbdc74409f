// Package natstest starts the embedded NATS server for tests: one call
// gives a running server with JetStream and a JetStream context on an
// in-process connection, all torn down when the test ends.
package natstest

import (
	"testing"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/natsrv"
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
