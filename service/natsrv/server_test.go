package natsrv

import (
	"context"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

func TestEmbeddedKeepsStreamsAcrossRestart(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for round := range 2 {
		s, err := Start(Options{Dir: dir})
		if err != nil {
			t.Fatal(err)
		}
		if s.ClientURL() != "" {
			t.Errorf("round %d: ClientURL = %q without a listener, want \"\"", round, s.ClientURL())
		}
		nc, err := s.Connect()
		if err != nil {
			t.Fatal(err)
		}
		js, err := jetstream.New(nc)
		if err != nil {
			t.Fatal(err)
		}
		st, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{Name: "T", Subjects: []string{"t.>"}, Storage: jetstream.FileStorage})
		if err != nil {
			t.Fatal(err)
		}
		if round == 0 {
			if _, err := js.Publish(ctx, "t.x", []byte("kept")); err != nil {
				t.Fatal(err)
			}
		} else {
			m, err := st.GetLastMsgForSubject(ctx, "t.x")
			if err != nil {
				t.Fatalf("after restart: %v, want the message kept", err)
			}
			if string(m.Data) != "kept" {
				t.Errorf("after restart: %q, want \"kept\"", m.Data)
			}
		}
		nc.Close()
		s.Shutdown()
	}
}

func TestListenRequiresKey(t *testing.T) {
	dir := t.TempDir()
	keyFile := filepath.Join(dir, "worker.creds")
	pub, err := WriteWorkerKey(keyFile)
	if err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "other.creds")
	if _, err := WriteWorkerKey(other); err != nil {
		t.Fatal(err)
	}
	admin := filepath.Join(dir, "admin.creds")
	adminPub, err := WriteWorkerKey(admin)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Start(Options{Dir: dir, Listen: "127.0.0.1:0", WorkerKeys: []string{pub}, Admins: []string{adminPub}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown()
	url := s.ClientURL()
	if url == "" {
		t.Fatal("no client URL with a listener")
	}
	nc, err := s.Connect()
	if err != nil {
		t.Fatalf("in-process connection refused: %v", err)
	}
	nc.Close()
	for _, tc := range []struct {
		creds string
		ok    bool
	}{{keyFile, true}, {admin, true}, {"", false}, {other, false}} {
		nc, err := Dial(url, tc.creds, "test")
		if (err == nil) != tc.ok {
			t.Errorf("Dial with creds %q: err %v, want ok=%v", tc.creds, err, tc.ok)
		}
		if nc != nil {
			nc.Close()
		}
	}
	if _, err := Start(Options{Dir: dir, Listen: "127.0.0.1:0", WorkerKeys: []string{"nope"}}); err == nil {
		t.Error("Start accepted a bad worker key")
	}
}

// TestDialTriesEveryURL dials a list of URLs whose other entries lead
// nowhere (a cluster with nodes down): the live one is found, in whatever
// order the client tries them. A single server counts as no cluster.
func TestDialTriesEveryURL(t *testing.T) {
	dir := t.TempDir()
	keyFile := filepath.Join(dir, "worker.creds")
	pub, err := WriteWorkerKey(keyFile)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Start(Options{Dir: dir, Listen: "127.0.0.1:0", WorkerKeys: []string{pub}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown()
	var dead []string
	for range 2 {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		dead = append(dead, "nats://"+l.Addr().String())
		l.Close()
	}
	nc, err := Dial(strings.Join([]string{dead[0], s.ClientURL(), dead[1]}, ", "), keyFile, "test")
	if err != nil {
		t.Fatalf("Dial with one live URL of three: %v", err)
	}
	defer nc.Close()
	if got := nc.ConnectedUrl(); got != s.ClientURL() {
		t.Errorf("connected to %s, want %s", got, s.ClientURL())
	}
	if got := ClusterReplicas(nc); got != 1 {
		t.Errorf("ClusterReplicas on a single server = %d, want 1", got)
	}
	if _, err := Dial(strings.Join(dead, ","), keyFile, "test"); err == nil {
		t.Error("Dial with only dead URLs succeeded")
	}
}
