package main

import (
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/internal/natscluster"
	"github.com/puzzlejudge/judge/service"
	"github.com/puzzlejudge/judge/service/natsrv"
	"github.com/puzzlejudge/judge/service/queue"
)

// TestServeOnNATSCluster: judge serve --nats with the three URLs of a
// 3-node NATS cluster (processes) sets its streams up with 3 replicas, and
// a judge worker process given the same three URLs judges what is posted
// over HTTP, also after the node holding the JOBS stream's leader is
// killed with SIGKILL.
func TestServeOnNATSCluster(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute)
	defer cancel()
	c := natscluster.Start(t, 3)
	nc, err := natsrv.Dial(c.URLs(), c.Creds, "test")
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.WaitJetStream(ctx, js); err != nil {
		t.Fatal(err)
	}
	data := t.TempDir()
	srv := runServe(t, data, t.TempDir(), "--slots", "0", "--nats", c.URLs(), "--nats-creds", c.Creds)
	admin, err := service.ReadAdminToken(data)
	if err != nil {
		t.Fatal(err)
	}
	jobs, err := js.Stream(ctx, queue.JobsStream)
	if err != nil {
		t.Fatal(err)
	}
	info := jobs.CachedInfo()
	if info.Config.Replicas != 3 || info.Cluster == nil || c.Node(info.Cluster.Leader) == nil {
		t.Fatalf("JOBS: %d replicas, cluster %+v; want 3 replicas led by a node", info.Config.Replicas, info.Cluster)
	}
	w := startWorker(t, &queueServer{url: c.URLs(), creds: c.Creds}, t.TempDir(), t.TempDir())
	check := func(rel, want string) {
		t.Helper()
		start := time.Now()
		defer func() { t.Logf("%s judged in %s", rel, time.Since(start).Round(time.Millisecond)) }()
		id := srv.submit(t, admin, rel)
		out := srv.waitDone(t, ctx, admin, id)
		if out["verdict"] != want {
			t.Errorf("%s: verdict %v (%v), want %s; worker stderr:\n%s", rel, out["verdict"], out["error"], want, w.stderr)
		}
	}
	check("accepted/sum.c", "AC")
	c.Node(info.Cluster.Leader).Kill()
	check("wrong_answer/int32.c", "WA")
	check("accepted/sum.c", "AC")
	if t.Failed() {
		t.Logf("serve stderr:\n%s", srv.stderr)
	}
	// A worker stopped gently takes its boxes down.
	if err := w.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := <-w.exited; err != nil {
		t.Errorf("worker after SIGTERM: %v", err)
	}
	srv.stop(t)
}
