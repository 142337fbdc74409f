package natsrv

import (
	"context"
	"errors"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// exhaustFiles lowers the soft descriptor limit to a few more than are
// open and opens files until none is left; the returned function closes
// them and restores the limit.
func exhaustFiles(t *testing.T) (release func()) {
	t.Helper()
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &old); err != nil {
		t.Fatal(err)
	}
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("no /proc/self/fd to count descriptors: %v", err)
	}
	low := old
	low.Cur = uint64(len(fds) + 16)
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &low); err != nil {
		t.Fatal(err)
	}
	var files []*os.File
	release = func() {
		for _, f := range files {
			f.Close()
		}
		files = nil
		_ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &old)
	}
	for {
		f, err := os.Open(os.DevNull)
		if err != nil {
			if !errors.Is(err, syscall.EMFILE) {
				release()
				t.Fatalf("filling the descriptor table: %v", err)
			}
			return release
		}
		files = append(files, f)
		if len(files) > 4096 {
			release()
			t.Fatal("the lowered descriptor limit did not hold")
		}
	}
}

// A stream whose file store failed a write for want of descriptors
// answers no publish even once descriptors are back (the incident's
// stuck queue); Health says so, and RecoverJetStream opens it afresh with
// the messages it had.
func TestRecoverJetStreamAfterWriteError(t *testing.T) {
	s, err := Start(Options{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown()
	nc, err := s.Connect()
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
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
	release := exhaustFiles(t)
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
