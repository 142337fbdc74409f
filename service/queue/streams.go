// Package queue is the judging service's job queue on NATS JetStream: the
// JOBS work-queue stream workers pull submissions from, the EVENTS stream
// they store judging starts and results in, the plain NATS subjects they
// send live progress on, and the server's side of these (the applier of
// final results, the handling of jobs that failed too often, the live
// feed, metrics).
package queue

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/service/natsrv"
)

// Names of the streams, consumers and subjects.
const (
	JobsStream     = "JOBS"
	EventsStream   = "EVENTS"
	JudgesConsumer = "judges"  // shared by every worker
	ApplierDurable = "applier" // the server's reader of final events
	JobsSubject    = "pj.jobs.main"
	eventsPrefix   = "pj.ev."
)

// Defaults of Config.
const (
	DefaultAckWait    = 30 * time.Second
	DefaultMaxDeliver = 3
	DefaultMaxJobs    = 10000
	DefaultEventsAge  = 24 * time.Hour
	// MaxMessage is the largest job or event (NATS' default max payload).
	MaxMessage = 1 << 20
)

// Config shapes the streams and the workers' consumer. Zero fields take
// the defaults.
type Config struct {
	AckWait    time.Duration // a job not acked nor heartbeaten for this long is redelivered
	MaxDeliver int           // deliveries of a job before it is given up as IE
	MaxJobs    int64         // jobs queued at most; more are refused with ErrQueueFull
	// Replicas of the streams, consumers and the workers bucket; 0 takes
	// natsrv.ClusterReplicas: 3 on a cluster, 1 on a single server.
	Replicas int
	// MaxAckPending caps the jobs being judged at once over all workers;
	// 0 leaves the server's default.
	MaxAckPending int
	EventsMaxAge  time.Duration
	// JudgesStateInMemory keeps the workers' consumer's state (which jobs
	// are delivered and how often) in memory instead of rewriting its
	// file after deliveries and acks (a file write per job and state
	// change, at most ten a second). Only for a single NATS server that
	// lives and dies with the process calling Setup (the embedded one):
	// the jobs themselves stay in the file-stored work-queue stream until
	// acked, so none is lost; a restart forgets the delivery counts, and
	// the consumer, made again by Setup, delivers every job still in the
	// stream at once (those being judged at the crash included, counted
	// from attempt 1 again) instead of after the ack wait.
	JudgesStateInMemory bool
}

func (c Config) withDefaults() Config {
	if c.AckWait <= 0 {
		c.AckWait = DefaultAckWait
	}
	if c.MaxDeliver <= 0 {
		c.MaxDeliver = DefaultMaxDeliver
	}
	if c.MaxJobs <= 0 {
		c.MaxJobs = DefaultMaxJobs
	}
	if c.Replicas <= 0 {
		c.Replicas = 1
	}
	if c.EventsMaxAge <= 0 {
		c.EventsMaxAge = DefaultEventsAge
	}
	return c
}

// Setup creates or updates the streams, the workers' consumer and the
// workers registry; it is idempotent, and only the server calls it.
func Setup(ctx context.Context, js jetstream.JetStream, cfg Config) (*Queue, error) {
	if cfg.Replicas <= 0 {
		cfg.Replicas = natsrv.ClusterReplicas(js.Conn())
	}
	cfg = cfg.withDefaults()
	jobs, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        JobsStream,
		Description: "submissions waiting to be judged",
		Subjects:    []string{"pj.jobs.>"},
		Retention:   jetstream.WorkQueuePolicy,
		Storage:     jetstream.FileStorage,
		Discard:     jetstream.DiscardNew,
		MaxMsgs:     cfg.MaxJobs,
		MaxMsgSize:  MaxMessage,
		Duplicates:  time.Hour,
		Replicas:    cfg.Replicas,
	})
	if err != nil {
		return nil, fmt.Errorf("create stream %s: %w", JobsStream, err)
	}
	cons, err := setupJudges(ctx, jobs, jetstream.ConsumerConfig{
		Durable:       JudgesConsumer,
		Description:   "the workers' shared pull consumer",
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       cfg.AckWait,
		MaxDeliver:    cfg.MaxDeliver,
		MaxAckPending: cfg.MaxAckPending,
		Replicas:      cfg.Replicas,
		MemoryStorage: cfg.JudgesStateInMemory,
	})
	if err != nil {
		return nil, err
	}
	events, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        EventsStream,
		Description: "judging progress and results",
		Subjects:    []string{eventsPrefix + ">"},
		Retention:   jetstream.LimitsPolicy,
		Storage:     jetstream.FileStorage,
		MaxAge:      cfg.EventsMaxAge,
		MaxMsgSize:  MaxMessage,
		Duplicates:  time.Hour,
		Replicas:    cfg.Replicas,
	})
	if err != nil {
		return nil, fmt.Errorf("create stream %s: %w", EventsStream, err)
	}
	workers, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket:      WorkersBucket,
		Description: "live workers, refreshed every few seconds",
		TTL:         WorkerTTL,
		Storage:     jetstream.MemoryStorage,
		Replicas:    cfg.Replicas,
	})
	if err != nil {
		return nil, fmt.Errorf("create bucket %s: %w", WorkersBucket, err)
	}
	return &Queue{js: js, cfg: cfg, jobs: jobs, events: events, judges: cons, workers: workers}, nil
}

// setupJudges creates or updates the workers' consumer. NATS cannot
// change a consumer's storage, so one kept the other way (a data folder
// of an earlier version) is deleted first: the jobs stay in the work-queue
// stream, and the new consumer delivers those not acked.
func setupJudges(ctx context.Context, jobs jetstream.Stream, cfg jetstream.ConsumerConfig) (jetstream.Consumer, error) {
	old, err := jobs.Consumer(ctx, cfg.Durable)
	switch {
	case errors.Is(err, jetstream.ErrConsumerNotFound):
	case err != nil:
		return nil, fmt.Errorf("look up consumer %s: %w", cfg.Durable, err)
	case old.CachedInfo().Config.MemoryStorage != cfg.MemoryStorage:
		if err := jobs.DeleteConsumer(ctx, cfg.Durable); err != nil {
			return nil, fmt.Errorf("delete consumer %s to change its storage: %w", cfg.Durable, err)
		}
	}
	cons, err := jobs.CreateOrUpdateConsumer(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("create consumer %s: %w", cfg.Durable, err)
	}
	return cons, nil
}

// Queue is the server's handle on the queue.
type Queue struct {
	js      jetstream.JetStream
	cfg     Config
	jobs    jetstream.Stream
	events  jetstream.Stream
	judges  jetstream.Consumer
	workers jetstream.KeyValue
}

// Config returns the configuration in force (defaults filled in).
func (q *Queue) Config() Config { return q.cfg }

// Stats are the queue's figures for metrics.
type Stats struct {
	Depth       uint64 // jobs waiting for a worker
	InFlight    int    // jobs delivered and not yet acked
	Waiting     int    // workers' pull requests waiting for a job
	Redelivered int    // jobs delivered more than once and not yet acked
}

// Stats reads the jobs stream's and the workers' consumer's state. The
// depth is the stream's message count (a work queue keeps a job until it
// is acked) less the jobs delivered: the stream's count is updated before
// a publish is acknowledged, while the consumer's own pending count is
// updated by its goroutine a moment later and reads 0 right after a
// publish on a loaded machine.
func (q *Queue) Stats(ctx context.Context) (Stats, error) {
	info, err := q.judges.Info(ctx)
	if err != nil {
		return Stats{}, fmt.Errorf("queue stats: %w", err)
	}
	sinfo, err := q.jobs.Info(ctx)
	if err != nil {
		return Stats{}, fmt.Errorf("queue stats: %w", err)
	}
	var depth uint64
	if n, inFlight := sinfo.State.Msgs, uint64(max(info.NumAckPending, 0)); n > inFlight {
		depth = n - inFlight
	}
	return Stats{Depth: depth, InFlight: info.NumAckPending, Waiting: info.NumWaiting, Redelivered: info.NumRedelivered}, nil
}
