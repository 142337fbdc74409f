package queue

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/service/natsrv"
)

// restartable is an embedded NATS server on one data folder, stopped and
// started again as a server process would be.
type restartable struct {
	t   *testing.T
	dir string
	srv *natsrv.Server
}

// start starts the server and sets the queue up with cfg, as the service
// does at each start.
func (r *restartable) start(cfg Config) (*Queue, jetstream.JetStream) {
	r.t.Helper()
	srv, err := natsrv.Start(natsrv.Options{Dir: r.dir})
	if err != nil {
		r.t.Fatal(err)
	}
	r.srv = srv
	nc, err := srv.Connect()
	if err != nil {
		r.t.Fatal(err)
	}
	r.t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		r.t.Fatal(err)
	}
	q, err := Setup(context.Background(), js, cfg)
	if err != nil {
		r.t.Fatalf("Setup(%+v): %v", cfg, err)
	}
	return q, js
}

func (r *restartable) stop() { r.srv.Shutdown() }

// drain takes every job the workers' consumer delivers now, leaving them
// unacknowledged, and returns them by submission id.
func drain(t *testing.T, ctx context.Context, js jetstream.JetStream) map[string]*Delivery {
	t.Helper()
	jobs, err := Bind(ctx, js)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]*Delivery{}
	for {
		d, err := jobs.Next(ctx, 300*time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		if d == nil {
			return got
		}
		got[d.Job.SubmissionID] = d
	}
}

// TestJudgesStateInMemory: the workers' consumer moves from a file to
// memory on a data folder that has it on file, and across restarts of the
// server with its state in memory no job is lost: every job not acked is
// delivered again (as a first attempt: the counts are forgotten), and an
// acked one never.
func TestJudgesStateInMemory(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	r := &restartable{t: t, dir: t.TempDir()}
	mem := Config{JudgesStateInMemory: true}

	q, js := r.start(Config{})
	for _, id := range []string{"s1", "s2", "s3"} {
		if _, err := q.Publish(ctx, job(id)); err != nil {
			t.Fatal(err)
		}
	}
	// s1 is being judged when the server stops.
	if got := drain(t, ctx, js); len(got) != 3 {
		t.Fatalf("first start: %d jobs delivered, want 3", len(got))
	}
	r.stop()

	steps := []struct {
		name string
		ack  []string // acknowledged in this life of the server
		want []string // delivered at its start
	}{
		{"the state moved from file to memory", []string{"s1"}, []string{"s1", "s2", "s3"}},
		{"restarted with the state in memory", []string{"s2", "s3"}, []string{"s2", "s3"}},
		{"restarted with every job acked", nil, nil},
	}
	for _, step := range steps {
		q, js := r.start(mem)
		info, err := q.judges.Info(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !info.Config.MemoryStorage {
			t.Errorf("%s: the workers' consumer keeps its state on file", step.name)
		}
		got := drain(t, ctx, js)
		var ids []string
		for id, d := range got {
			ids = append(ids, id)
			if d.Attempt != 1 {
				t.Errorf("%s: %s delivered as attempt %d, want 1 (counts start again)", step.name, id, d.Attempt)
			}
		}
		slices.Sort(ids)
		if !slices.Equal(ids, step.want) {
			t.Errorf("%s: delivered %v, want %v", step.name, ids, step.want)
		}
		for _, id := range step.ack {
			if d := got[id]; d == nil {
				t.Fatalf("%s: %s not delivered, cannot ack it", step.name, id)
			} else if err := d.Done(ctx); err != nil {
				t.Fatalf("%s: ack %s: %v", step.name, id, err)
			}
		}
		r.stop()
	}
}
