package natsrv_test

import (
	"context"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/internal/fdtest"
	"github.com/puzzlejudge/judge/internal/natstest"
	"github.com/puzzlejudge/judge/service/natsrv"
)

// A stream whose file store failed a write for want of descriptors
// answers no publish even once descriptors are back (the incident's
// stuck queue); Health says so, and RecoverJetStream opens it afresh with
// the messages it had.
func TestRecoverJetStreamAfterWriteError(t *testing.T) {
	s, js := natstest.Start(t, natsrv.Options{})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	// Small blocks: a new block file every couple of messages.
	st, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{Name: "T", Subjects: []string{"t.>"}, Storage: jetstream.FileStorage, MaxBytes: 100_000})
	if err != nil {
		t.Fatal(err)
	}
	msg := make([]byte, 20_000)
	pub := func(d time.Duration) error {
		c, cancel := context.WithTimeout(ctx, d)
		defer cancel()
		_, err := js.Publish(c, "t.x", msg, jetstream.WithRetryAttempts(0))
		return err
	}
	if err := pub(10 * time.Second); err != nil {
		t.Fatal(err)
	}
	if err := s.Health(); err != nil {
		t.Fatalf("Health before any failure: %v", err)
	}
	release := fdtest.Exhaust(t)
	failed := 0
	for range 6 {
		if pub(500*time.Millisecond) != nil {
			failed++
		}
	}
	release()
	if failed == 0 {
		t.Fatal("every publish went through with no descriptor left: the test provoked no write error")
	}
	if err := pub(time.Second); err == nil {
		t.Fatal("a publish went through after the write error; the file store did not keep it (the test proves nothing)")
	}
	if err := s.Health(); err == nil {
		t.Fatal("Health is nil while the stream refuses every write")
	}
	if err := s.RecoverJetStream(); err != nil {
		t.Fatalf("RecoverJetStream: %v", err)
	}
	if err := pub(10 * time.Second); err != nil {
		t.Fatalf("publish after RecoverJetStream: %v", err)
	}
	info, err := st.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if info.State.Msgs < 2 {
		t.Errorf("stream holds %d messages after recovery, want the earlier one and the new one", info.State.Msgs)
	}
}
