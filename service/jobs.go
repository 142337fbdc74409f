package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/service/api"
	"github.com/puzzlejudge/judge/service/metrics"
	"github.com/puzzlejudge/judge/service/natsrv"
	"github.com/puzzlejudge/judge/service/pkgstore"
	"github.com/puzzlejudge/judge/service/queue"
	"github.com/puzzlejudge/judge/service/store"
)

// jobs is the service's side of the queue (package queue): it publishes
// jobs naming their problem package by hash, applies final results to
// the store, gives up on jobs delivered too often, and feeds the hub with
// the workers' live events.
type jobs struct {
	srv *natsrv.Server // nil with an external server
	// creds is the remote workers' credentials file, when srv listens.
	creds string
	nc    *nats.Conn
	js    jetstream.JetStream
	q     *queue.Queue
	pkgs  *pkgstore.Store
	st    store.Store
	hub   *hub
	cat   *catalog
	log   *slog.Logger
	// version is the judge's, named in every job.
	version string
	// allTests turns lazy judging off (Config.AllTests).
	allTests bool
	// budgetMs is every job's queue.Job.BudgetMs (Config.Budget).
	budgetMs int64
	// metrics is set once the gauges reading the queue exist.
	metrics *metrics.Metrics

	stop context.CancelFunc
	bg   sync.WaitGroup
	// stopLive ends the feed of live events to the hub.
	stopLive func()
	// marks are the judging starts being written (see live); once closed,
	// no more are started.
	marksMu sync.Mutex
	marks   sync.WaitGroup
	closed  bool

	// fair is the fair queue's share of the jobs stream per user.
	fair fairShare

	// queuedAt is when the generations this process published were
	// queued, for the queue-wait metric when their judging starts.
	queuedAt recent[time.Time]

	mu        sync.Mutex
	lastStats queue.Stats
	statAt    time.Time

	// readyMu guards the last readiness check: its error and time.
	readyMu  sync.Mutex
	readyErr error
	readyAt  time.Time
	// unanswered is the error of the last publish, when the stream did
	// not answer it (nil once one is answered): the queue takes no job.
	unanswered atomic.Pointer[error]
}

// openJobs starts (or dials) NATS, sets up the queue and the package
// store, and starts the applier, the give-up watch and the live feed.
func openJobs(ctx context.Context, cfg Config, st store.Store, h *hub, cat *catalog, log *slog.Logger) (_ *jobs, err error) {
	j := &jobs{st: st, hub: h, cat: cat, log: log, version: cfg.Version, allTests: cfg.AllTests, budgetMs: jobBudget(cfg.Budget)}
	defer func() {
		if err != nil {
			j.close()
		}
	}()
	if cfg.NATS != "" {
		j.nc, err = natsrv.Dial(cfg.NATS, cfg.NATSCreds, "pj-server")
	} else {
		if j.srv, j.creds, err = startNATS(cfg); err != nil {
			return nil, err
		}
		j.nc, err = j.srv.Connect()
	}
	if err != nil {
		return nil, err
	}
	if j.js, err = jetstream.New(j.nc); err != nil {
		return nil, err
	}
	// The embedded server lives and dies with this process, which sets
	// the workers' consumer up again at each start: its state can be kept
	// in memory (see queue.Config.JudgesStateInMemory).
	qcfg := queue.Config{AckWait: cfg.AckWait, MaxJobs: cfg.MaxJobs, JudgesStateInMemory: j.srv != nil}
	if j.q, err = queue.Setup(ctx, j.js, qcfg); err != nil {
		return nil, err
	}
	// Set up again after a restart of JetStream (see heal): the same
	// streams and consumers, so the handles j.q holds stay good.
	setup := func(ctx context.Context) error {
		_, err := queue.Setup(ctx, j.js, j.q.Config())
		return err
	}
	if j.pkgs, err = pkgstore.Setup(ctx, j.js, j.q.Config().Replicas); err != nil {
		return nil, err
	}
	cat.pkgs = j.pkgs
	bg, stop := context.WithCancel(context.WithoutCancel(ctx))
	j.stop = stop
	j.bg.Go(func() {
		if err := j.q.RunApplier(bg, time.Second, j.apply); err != nil {
			log.Error("applier stopped", "err", err)
		}
	})
	j.bg.Go(func() {
		if err := j.q.RunGiveUp(bg, nil); err != nil {
			log.Error("max-deliveries watch stopped", "err", err)
		}
	})
	if j.srv != nil {
		j.bg.Go(func() { j.heal(bg, setup) })
	}
	if j.stopLive, err = j.q.Live(j.live); err != nil {
		return nil, err
	}
	return j, nil
}

// healEvery is how often heal checks the embedded server.
const healEvery = time.Second

// heal restarts the embedded server's JetStream when one of its streams
// failed a write (descriptors or disk ran out: the stream then answers
// no publish, and jobs stay queued until a restart), once the process
// has descriptors again, and sets the queue up again; until ctx ends.
func (j *jobs) heal(ctx context.Context, setup func(context.Context) error) {
	t := time.NewTicker(healEvery)
	defer t.Stop()
	broken := false
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		err := j.srv.Health()
		if err == nil {
			continue
		}
		if !broken {
			j.log.Warn("queue: JetStream is failing; restarting it once descriptors are back", "err", err)
			broken = true
		}
		if err := j.srv.RecoverJetStream(); err != nil {
			continue
		}
		sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		err = setup(sctx)
		cancel()
		if err != nil {
			j.log.Warn("queue: setting the queue up after a JetStream restart", "err", err)
			continue
		}
		j.log.Info("queue: JetStream restarted; the queue accepts jobs again")
		j.unanswered.Store(nil)
		broken = false
	}
}

// send queues a submission's current generation with the package hash
// names (one its row records, packed when the row was written), or when
// hash is "" the package its problem has now (packed again if its files
// changed), whether or not it is the user's turn (see publish). The
// message id <id>:<gen> makes a repeat within the hour a no-op: dup says
// the stream held the job already.
func (j *jobs) send(ctx context.Context, sub store.Submission, hash string) (dup bool, err error) {
	if hash == "" {
		if hash, err = j.cat.packageHash(ctx, sub.Problem); err != nil {
			return false, err
		}
	}
	if j.metrics != nil {
		j.queuedAt.put(sub.ID, int64(sub.Gen), sub.QueuedAt)
	}
	dup, err = j.q.Publish(ctx, queue.Job{
		SubmissionID: sub.ID, Gen: int64(sub.Gen), Problem: sub.Problem, PackageHash: hash,
		Language: sub.Language, Filename: sub.Filename, Source: sub.Source, JudgeVersion: j.version,
		StopOnFail: !j.allTests, BudgetMs: j.budgetMs,
	})
	switch {
	case err == nil || isQueueFull(err):
		j.unanswered.Store(nil)
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, jetstream.ErrNoStreamResponse):
		// Not ready until a publish is answered (the sweeper's, or a
		// submission's) or heal restarted JetStream.
		j.unanswered.Store(&err)
	}
	return dup, err
}

// jobBudget is a job's BudgetMs for Config.Budget: 0 (the worker's
// grade.DefaultBudget) for 0, -1 (none) for a negative budget, and at
// least a millisecond for a positive one.
func jobBudget(b time.Duration) int64 {
	switch {
	case b < 0:
		return -1
	case b == 0:
		return 0
	}
	return max(b.Milliseconds(), 1)
}

// apply stores a final result, once per generation: a repeat or a stale
// generation changes nothing. The attempt is recorded with it (one
// write), so it is right even when the live event of the judging start
// was missed. The applier calls it with the finals of the events stream
// (remote workers', and the give-up's), localSink with this process's
// worker's.
func (j *jobs) apply(ctx context.Context, f queue.Final) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	sub, applied, err := j.st.ApplyResultGet(ctx, f.SubmissionID, int(f.Gen), store.Result{
		Verdict: string(f.Report.Verdict), Report: f.Report, Error: f.Report.Error, Attempt: f.Attempt,
	})
	if err != nil {
		j.log.Warn("applier", "submission", f.SubmissionID, "err", err)
		return err
	}
	if applied {
		j.applied(sub)
		j.next(ctx, sub.User)
	} else if done, err := j.st.Get(ctx, f.SubmissionID); err == nil {
		// A final of a submission cancelled while its job was in the
		// stream, or a repeat: the user's turn passes on all the same.
		j.next(ctx, done.User)
	}
	return nil
}

// applied tells the metrics and the hub of a result now in the store,
// sub being the row as its write left it.
func (j *jobs) applied(sub store.Submission) {
	id := sub.ID
	if j.metrics != nil {
		j.metrics.Judged(sub.Language, sub.Verdict, timeBetween(sub.StartedAt, sub.FinishedAt), sub.FinishedAt.Sub(sub.QueuedAt))
	}
	// Encoded once: the verdict event and every waiting request send it
	// to those who see it whole.
	done := apiSub(sub)
	done.Encoded = viewData(done)
	j.hub.finish(id, sub.Gen, sub.Report, done)
	j.hub.contests.ring(sub.Contest)
}

// live handles one live event: progress goes to the hub, and the start
// of a judging is recorded in the store. It returns at once (localSink
// calls it from the goroutines judging): the start is written from a
// goroutine of its own.
func (j *jobs) live(ev queue.Event) {
	gen := int(ev.Gen)
	switch ev.Kind {
	case queue.KindState:
		j.hub.publish(ev.SubmissionID, gen, api.Event{Name: "state", Data: stateData(api.StateJudging, ev.Attempt)})
		j.marksMu.Lock()
		if !j.closed {
			j.marks.Go(func() { j.markJudging(ev) })
		}
		j.marksMu.Unlock()
	case queue.KindCompile:
		if ev.Compile != nil {
			j.hub.publish(ev.SubmissionID, gen, compileEvent(ev.Compile))
		}
	case queue.KindTest:
		if ev.Test != nil {
			j.hub.publishTest(ev.SubmissionID, gen, ev.TestIndex, ev.Test)
		}
	}
}

// markJudging records the start of a judging in the store (a start
// that comes after the verdict changes nothing), and its queue time.
func (j *jobs) markJudging(ev queue.Event) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ok, err := j.st.MarkJudging(ctx, ev.SubmissionID, int(ev.Gen), ev.Attempt)
	if err != nil || !ok || j.metrics == nil {
		return
	}
	// The queue time of a job this process published is known.
	queued, known := j.queuedAt.take(ev.SubmissionID, ev.Gen)
	if !known {
		if sub, err := j.st.Get(ctx, ev.SubmissionID); err == nil {
			queued, known = sub.QueuedAt, true
		}
	}
	if known {
		j.metrics.Started(time.Since(queued), ev.Attempt)
	}
}

// stats is the queue's figures, at most a second old (read from the
// workers' consumer at most once a second, however many ask).
func (j *jobs) stats(ctx context.Context) (queue.Stats, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if time.Since(j.statAt) < time.Second {
		return j.lastStats, nil
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	st, err := j.q.Stats(ctx)
	if err != nil {
		return queue.Stats{}, err
	}
	j.lastStats, j.statAt = st, time.Now()
	return st, nil
}

// queueStats is stats for the metrics' gauges: the last figures known
// when the queue does not answer.
func (j *jobs) queueStats() queue.Stats {
	if st, err := j.stats(context.Background()); err == nil {
		return st
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.lastStats
}

func (j *jobs) depth() float64    { return float64(j.queueStats().Depth) }
func (j *jobs) inFlight() float64 { return float64(j.queueStats().InFlight) }

// readyTTL is how long a readiness check's answer is reused.
const readyTTL = time.Second

// ready is nil when the queue can take and deliver jobs: the NATS
// connection is up, the embedded server's streams take writes, and the
// queue answers a round trip. The answer is at most readyTTL old.
func (j *jobs) ready(ctx context.Context) error {
	j.readyMu.Lock()
	defer j.readyMu.Unlock()
	if time.Since(j.readyAt) < readyTTL {
		return j.readyErr
	}
	j.readyErr, j.readyAt = j.checkReady(ctx), time.Now()
	return j.readyErr
}

func (j *jobs) checkReady(ctx context.Context) error {
	if st := j.nc.Status(); st != nats.CONNECTED {
		return fmt.Errorf("NATS connection %s", st)
	}
	// Anyone may read /readyz: no file paths or ids in these (heal logs
	// the server's error whole).
	if j.unanswered.Load() != nil {
		return errors.New("the last job published got no answer")
	}
	if j.srv != nil && j.srv.Health() != nil {
		return errors.New("JetStream is failing (a stream cannot be written, or JetStream is down)")
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, err := j.q.Stats(ctx)
	return err
}

// workers lists the workers that reported recently.
func (j *jobs) workers(ctx context.Context) ([]api.Worker, error) {
	ws, err := j.q.Workers(ctx)
	if err != nil {
		return nil, err
	}
	if ws == nil {
		ws = []api.Worker{} // the API answers [], never null
	}
	return ws, nil
}

func (j *jobs) workerCount() float64 {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	ws, _ := j.workers(ctx)
	return float64(len(ws))
}

// close stops the background loops and the connection, then the
// embedded server.
func (j *jobs) close() {
	if j.stopLive != nil {
		j.stopLive()
	}
	if j.stop != nil {
		j.stop()
	}
	j.bg.Wait()
	j.marksMu.Lock()
	j.closed = true
	j.marksMu.Unlock()
	j.marks.Wait()
	if j.nc != nil {
		_ = j.nc.Flush()
		j.nc.Close()
	}
	if j.srv != nil {
		j.srv.Shutdown()
	}
}

// isQueueFull reports whether a publish was refused by the full queue.
func isQueueFull(err error) bool { return errors.Is(err, queue.ErrQueueFull) }

// timeBetween is b-a, or 0 when either is unknown.
func timeBetween(a, b time.Time) time.Duration {
	if a.IsZero() || b.IsZero() {
		return 0
	}
	return b.Sub(a)
}
