package queue

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/internal/natscluster"
	"github.com/puzzlejudge/judge/internal/natstest"
	"github.com/puzzlejudge/judge/service/natsrv"
	"github.com/puzzlejudge/judge/service/pkgstore"
)

// TestMain lets the test binary serve as a node of a NATS cluster.
func TestMain(m *testing.M) {
	natscluster.NodeMain()
	os.Exit(m.Run())
}

// TestSetupReplicasFollowTheServer sets the queue and the package store up
// with no replica count: they take 1 on a single embedded server and 3 on
// a 3-node cluster of processes.
func TestSetupReplicasFollowTheServer(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	single := func(t *testing.T) jetstream.JetStream {
		_, js := natstest.Start(t, natsrv.Options{})
		return js
	}
	cluster := func(t *testing.T) jetstream.JetStream {
		c := natscluster.Start(t, 3)
		nc, err := natsrv.Dial(c.URLs(), c.Creds, "test")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(nc.Close)
		js, err := jetstream.New(nc)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.WaitJetStream(ctx, js); err != nil {
			t.Fatal(err)
		}
		return js
	}
	for _, tc := range []struct {
		name string
		open func(*testing.T) jetstream.JetStream
		want int
	}{{"single", single, 1}, {"cluster", cluster, 3}} {
		t.Run(tc.name, func(t *testing.T) {
			js := tc.open(t)
			if got := natsrv.ClusterReplicas(js.Conn()); got != tc.want {
				t.Errorf("ClusterReplicas = %d, want %d", got, tc.want)
			}
			try, cancel := context.WithTimeout(ctx, 30*time.Second)
			defer cancel()
			q, err := Setup(try, js, Config{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := pkgstore.Setup(try, js, 0); err != nil {
				t.Fatal(err)
			}
			if got := q.Config().Replicas; got != tc.want {
				t.Errorf("Config().Replicas = %d, want %d", got, tc.want)
			}
			for _, name := range []string{JobsStream, EventsStream, "KV_" + WorkersBucket, "OBJ_" + pkgstore.PackagesBucket, "KV_" + pkgstore.ProblemsBucket} {
				st, err := js.Stream(try, name)
				if err != nil {
					t.Fatal(err)
				}
				if got := st.CachedInfo().Config.Replicas; got != tc.want {
					t.Errorf("stream %s: %d replicas, want %d", name, got, tc.want)
				}
			}
			ci, err := q.judges.Info(try)
			if err != nil {
				t.Fatal(err)
			}
			if got := ci.Config.Replicas; got != tc.want {
				t.Errorf("consumer %s: %d replicas, want %d", JudgesConsumer, got, tc.want)
			}
		})
	}
}
