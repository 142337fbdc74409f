package natscluster

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/service/natsrv"
)

func TestMain(m *testing.M) {
	NodeMain()
	os.Exit(m.Run())
}

// TestStreamSurvivesLeaderKill stores messages in a stream with three
// replicas, kills the stream leader's process and reads every message back
// from the two nodes left, which elect a new leader.
func TestStreamSurvivesLeaderKill(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	c := Start(t, 3)
	nc, err := natsrv.Dial(c.URLs(), c.Creds, "test")
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	if got := nc.ConnectedClusterName(); got != ClusterName {
		t.Errorf("cluster name %q, want %q", got, ClusterName)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.WaitJetStream(ctx, js); err != nil {
		t.Fatal(err)
	}
	st, err := js.CreateStream(ctx, jetstream.StreamConfig{Name: "T", Subjects: []string{"t.>"}, Storage: jetstream.FileStorage, Replicas: 3})
	if err != nil {
		t.Fatal(err)
	}
	const n = 50
	for i := range n {
		if _, err := js.Publish(ctx, "t.x", fmt.Appendf(nil, "m%d", i)); err != nil {
			t.Fatal(err)
		}
	}
	info, err := st.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if info.Cluster == nil || len(info.Cluster.Replicas) != 2 || c.Node(info.Cluster.Leader) == nil {
		t.Fatalf("stream cluster info %+v, want a leader among the nodes and 2 replicas", info.Cluster)
	}
	leader := info.Cluster.Leader
	if err := c.Kill(leader); err != nil {
		t.Fatal(err)
	}
	if exited, _ := c.Node(leader).Exited(); !exited {
		t.Fatal("killed node still running")
	}
	// A new leader is elected (each request has a timeout of its own: one
	// sent to the dead node just before the client noticed gets no answer) among the two left, with every message.
	var newLeader string
	for newLeader == "" || newLeader == leader {
		if ctx.Err() != nil {
			t.Fatalf("no new leader after killing %s", leader)
		}
		time.Sleep(200 * time.Millisecond)
		try, cancel := context.WithTimeout(ctx, 5*time.Second)
		if info, err := st.Info(try); err == nil && info.Cluster != nil {
			newLeader = info.Cluster.Leader
		}
		cancel()
	}
	for i := range n {
		var m *jetstream.RawStreamMsg
		for {
			try, cancel := context.WithTimeout(ctx, 5*time.Second)
			m, err = st.GetMsg(try, uint64(i+1))
			cancel()
			if err == nil || ctx.Err() != nil {
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
		if err != nil {
			t.Fatalf("message %d after the kill: %v", i+1, err)
		}
		if want := fmt.Sprintf("m%d", i); string(m.Data) != want {
			t.Errorf("message %d: %q, want %q", i+1, m.Data, want)
		}
	}
}
