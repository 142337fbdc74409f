package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/api"
	"github.com/puzzlejudge/judge/metrics"
	"github.com/puzzlejudge/judge/natsrv"
	"github.com/puzzlejudge/judge/store"
)

// Names on NATS, as service-design.md section 3 lays them out.
const (
	jobsStream     = "JOBS"
	jobsSubject    = "pj.jobs.default"
	jobsConsumer   = "judges"
	eventsStream   = "EVENTS"
	eventsPrefix   = "pj.ev."
	applier        = "applier"
	workersBucket  = "workers"
	maxDeliver     = 3
	maxJobs        = 10000
	failedMaxTimes = "judging failed 3 times"
)

// errQueueFull is a publish the bounded job stream refused.
var errQueueFull = errors.New("the job queue is full")

// job is one generation of a submission to judge.
type job struct {
	ID       string `json:"id"`
	Gen      int    `json:"gen"`
	Problem  string `json:"problem"`
	Language string `json:"language"`
	Filename string `json:"filename,omitempty"`
	Source   string `json:"source"`
	Queued   int64  `json:"queued_unix_ms"`
}

// event is what workers publish on pj.ev.<id>.<kind>.
type event struct {
	Gen     int             `json:"gen"`
	Attempt int             `json:"attempt"`
	Data    json.RawMessage `json:"data,omitempty"`
	// final only:
	Verdict   string  `json:"verdict,omitempty"`
	Error     string  `json:"error,omitempty"`
	JudgeSecs float64 `json:"judge_seconds,omitempty"`
}

// natsQueue carries jobs to workers and results back, on JetStream.
type natsQueue struct {
	srv     *natsrv.Server // nil with an external server
	nc      *nats.Conn
	js      jetstream.JetStream
	jobs    jetstream.Stream
	cons    jetstream.Consumer
	kv      jetstream.KeyValue
	st      store.Store
	hub     *hub
	log     *slog.Logger
	metrics *metrics.Metrics
	ackWait time.Duration
	stops   []func()
	mu      sync.Mutex
	info    *jetstream.ConsumerInfo
	infoAt  time.Time
}

// openQueue starts (or dials) NATS, makes the streams and consumers, and
// starts the applier, the live-event feed and the max-deliveries watch.
func openQueue(ctx context.Context, cfg Config, st store.Store, h *hub, log *slog.Logger) (_ *natsQueue, err error) {
	q := &natsQueue{st: st, hub: h, log: log, ackWait: cfg.AckWait}
	defer func() {
		if err != nil {
			_ = q.close()
		}
	}()
	if cfg.NATS != "" {
		q.nc, err = natsrv.Dial(cfg.NATS, cfg.NATSCreds, "pj-server")
	} else {
		if q.srv, err = natsrv.Start(natsrv.Options{Dir: cfg.Data, Listen: cfg.NATSListen}); err != nil {
			return nil, err
		}
		q.nc, err = q.srv.Connect()
	}
	if err != nil {
		return nil, err
	}
	if q.js, err = jetstream.New(q.nc); err != nil {
		return nil, err
	}
	if q.jobs, err = q.js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: jobsStream, Subjects: []string{"pj.jobs.>"}, Retention: jetstream.WorkQueuePolicy, Storage: jetstream.FileStorage,
		Duplicates: time.Hour, MaxMsgs: maxJobs, Discard: jetstream.DiscardNew, MaxMsgSize: 1 << 20,
	}); err != nil {
		return nil, fmt.Errorf("stream %s: %w", jobsStream, err)
	}
	if q.cons, err = q.jobs.CreateOrUpdateConsumer(ctx, jetstream.ConsumerConfig{
		Durable: jobsConsumer, AckPolicy: jetstream.AckExplicitPolicy, AckWait: cfg.AckWait, MaxDeliver: maxDeliver, MaxAckPending: 1000,
	}); err != nil {
		return nil, fmt.Errorf("consumer %s: %w", jobsConsumer, err)
	}
	events, err := q.js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: eventsStream, Subjects: []string{eventsPrefix + ">"}, Retention: jetstream.LimitsPolicy, Storage: jetstream.FileStorage,
		MaxAge: 24 * time.Hour, Duplicates: time.Hour,
	})
	if err != nil {
		return nil, fmt.Errorf("stream %s: %w", eventsStream, err)
	}
	if q.kv, err = q.js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: workersBucket, TTL: 15 * time.Second, Storage: jetstream.MemoryStorage}); err != nil {
		return nil, fmt.Errorf("bucket %s: %w", workersBucket, err)
	}
	finals, err := events.CreateOrUpdateConsumer(ctx, jetstream.ConsumerConfig{
		Durable: applier, FilterSubject: eventsPrefix + "*.final", AckPolicy: jetstream.AckExplicitPolicy, AckWait: 30 * time.Second,
	})
	if err != nil {
		return nil, fmt.Errorf("consumer %s: %w", applier, err)
	}
	cc, err := finals.Consume(q.applyFinal)
	if err != nil {
		return nil, fmt.Errorf("applier: %w", err)
	}
	q.stops = append(q.stops, cc.Stop)
	live, err := q.js.OrderedConsumer(ctx, eventsStream, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{eventsPrefix + ">"}, DeliverPolicy: jetstream.DeliverNewPolicy,
	})
	if err != nil {
		return nil, fmt.Errorf("live events: %w", err)
	}
	lc, err := live.Consume(q.liveEvent)
	if err != nil {
		return nil, fmt.Errorf("live events: %w", err)
	}
	q.stops = append(q.stops, lc.Stop)
	sub, err := q.nc.Subscribe("$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES."+jobsStream+"."+jobsConsumer, q.maxDeliveries)
	if err != nil {
		return nil, fmt.Errorf("max-deliveries advisory: %w", err)
	}
	q.stops = append(q.stops, func() { _ = sub.Unsubscribe() })
	return q, nil
}

// publish queues a submission's current generation; the message id
// <id>:<gen> makes a repeat within the hour a no-op.
func (q *natsQueue) publish(ctx context.Context, sub store.Submission) error {
	data, err := json.Marshal(job{ID: sub.ID, Gen: sub.Gen, Problem: sub.Problem, Language: sub.Language, Filename: sub.Filename, Source: sub.Source, Queued: sub.QueuedAt.UnixMilli()})
	if err != nil {
		return err
	}
	_, err = q.js.Publish(ctx, jobsSubject, data, jetstream.WithMsgID(fmt.Sprintf("%s:%d", sub.ID, sub.Gen)))
	var apiErr *jetstream.APIError
	if errors.As(err, &apiErr) && (apiErr.ErrorCode == 10077 || strings.Contains(apiErr.Description, "maximum messages")) ||
		err != nil && strings.Contains(err.Error(), "maximum messages") {
		return errQueueFull
	}
	if err != nil {
		return fmt.Errorf("publish %s:%d: %w", sub.ID, sub.Gen, err)
	}
	return nil
}

// applyFinal applies a worker's final result to the store (once per
// generation: a repeat or a stale generation changes nothing), then acks.
func (q *natsQueue) applyFinal(m jetstream.Msg) {
	id := subjectID(m.Subject())
	var ev event
	if err := json.Unmarshal(m.Data(), &ev); err != nil || id == "" {
		q.log.Warn("applier: dropping a malformed final", "subject", m.Subject())
		_ = m.Term()
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	applied, err := q.st.ApplyResult(ctx, id, ev.Gen, store.Result{Verdict: ev.Verdict, Report: ev.Data, Error: ev.Error})
	if err != nil {
		q.log.Warn("applier", "submission", id, "err", err)
		_ = m.NakWithDelay(time.Second)
		return
	}
	if applied {
		q.applied(ctx, id, ev.JudgeSecs)
	}
	_ = m.Ack()
}

// applied tells the hub and the metrics of a result now in the store.
func (q *natsQueue) applied(ctx context.Context, id string, judgeSecs float64) {
	sub, err := q.st.Get(ctx, id)
	if err != nil {
		return
	}
	if q.metrics != nil {
		q.metrics.Judged(sub.Language, sub.Verdict, time.Duration(judgeSecs*float64(time.Second)), sub.FinishedAt.Sub(sub.QueuedAt))
	}
	as := apiSub(sub)
	var rep struct {
		Compile json.RawMessage `json:"compile"`
	}
	if json.Unmarshal(sub.Report, &rep) == nil && len(rep.Compile) > 0 {
		q.hub.publish(id, sub.Gen, "compile", rep.Compile)
	}
	q.hub.publish(id, sub.Gen, "verdict", viewData(as))
}

// liveEvent passes a worker's state and test events to the hub and
// records the start of judging.
func (q *natsQueue) liveEvent(m jetstream.Msg) {
	id, kind := subjectID(m.Subject()), subjectKind(m.Subject())
	var ev event
	if id == "" || json.Unmarshal(m.Data(), &ev) != nil {
		return
	}
	switch kind {
	case "state":
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		ok, err := q.st.MarkJudging(ctx, id, ev.Gen, ev.Attempt)
		if err == nil && ok && q.metrics != nil {
			if sub, err := q.st.Get(ctx, id); err == nil {
				q.metrics.Started(time.Since(sub.QueuedAt), ev.Attempt)
			}
		}
		cancel()
		q.hub.publish(id, ev.Gen, "state", stateData(api.StateJudging, ev.Attempt))
	case "test", "compile":
		q.hub.publish(id, ev.Gen, kind, ev.Data)
	}
}

// maxDeliveries marks a job that failed maxDeliver times as IE and
// deletes it, so the queue moves on.
func (q *natsQueue) maxDeliveries(m *nats.Msg) {
	var adv struct {
		StreamSeq uint64 `json:"stream_seq"`
	}
	if json.Unmarshal(m.Data, &adv) != nil || adv.StreamSeq == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	raw, err := q.jobs.GetMsg(ctx, adv.StreamSeq)
	if err != nil {
		return
	}
	var j job
	if json.Unmarshal(raw.Data, &j) == nil && j.ID != "" {
		rep, _ := json.Marshal(map[string]any{"problem": j.Problem, "language": j.Language, "verdict": "IE", "error": failedMaxTimes,
			"compile": map[string]any{"ok": false, "time_ms": 0, "output": "", "cached": false}, "tests": []any{}})
		applied, err := q.st.ApplyResult(ctx, j.ID, j.Gen, store.Result{Verdict: "IE", Report: rep, Error: failedMaxTimes})
		if err != nil {
			q.log.Warn("max deliveries", "submission", j.ID, "err", err)
			return
		}
		if applied {
			q.applied(ctx, j.ID, 0)
		}
	}
	_ = q.jobs.DeleteMsg(ctx, adv.StreamSeq)
}

// subjectID is the submission id of pj.ev.<id>.<kind>.
func subjectID(subject string) string {
	parts := strings.Split(subject, ".")
	if len(parts) != 4 {
		return ""
	}
	return parts[2]
}

func subjectKind(subject string) string {
	parts := strings.Split(subject, ".")
	if len(parts) != 4 {
		return ""
	}
	return parts[3]
}

// consumerInfo is the job consumer's info, at most a second old.
func (q *natsQueue) consumerInfo() *jetstream.ConsumerInfo {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.info != nil && time.Since(q.infoAt) < time.Second {
		return q.info
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if info, err := q.cons.Info(ctx); err == nil {
		q.info, q.infoAt = info, time.Now()
	}
	return q.info
}

func (q *natsQueue) depth() float64 {
	if i := q.consumerInfo(); i != nil {
		return float64(i.NumPending)
	}
	return 0
}

func (q *natsQueue) inFlight() float64 {
	if i := q.consumerInfo(); i != nil {
		return float64(i.NumAckPending)
	}
	return 0
}

// ready is nil when the job stream answers.
func (q *natsQueue) ready(ctx context.Context) error {
	_, err := q.cons.Info(ctx)
	return err
}

// workers lists the workers that reported in the last 15 s.
func (q *natsQueue) workers(ctx context.Context) ([]api.Worker, error) {
	keys, err := q.kv.ListKeys(ctx)
	if err != nil {
		return nil, err
	}
	var out []api.Worker
	for k := range keys.Keys() {
		e, err := q.kv.Get(ctx, k)
		if err != nil {
			continue
		}
		var w api.Worker
		if json.Unmarshal(e.Value(), &w) == nil {
			out = append(out, w)
		}
	}
	return out, nil
}

func (q *natsQueue) workerCount() float64 {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	ws, _ := q.workers(ctx)
	return float64(len(ws))
}

// close stops the consumers and the connection, then the embedded server.
func (q *natsQueue) close() error {
	for _, stop := range q.stops {
		stop()
	}
	if q.nc != nil {
		_ = q.nc.Flush()
		q.nc.Close()
	}
	if q.srv != nil {
		q.srv.Shutdown()
	}
	return nil
}
