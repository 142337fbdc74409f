package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/api"
	"github.com/puzzlejudge/judge/engine"
	"github.com/puzzlejudge/judge/grade"
)

// localWorker judges jobs in this process, one at a time, with the tests
// of each in parallel on the engine's workers.
type localWorker struct {
	q    *natsQueue
	eng  *engine.Engine
	cat  *catalog
	id   string
	busy atomic.Int32
}

// startWorkers starts n local workers. They stop fetching when fetch
// ends and abandon (hand back) a judging when judge ends.
func (q *natsQueue) startWorkers(fetch, judge context.Context, eng *engine.Engine, n int, wg *sync.WaitGroup) {
	cat := newCatalog(eng.Config)
	host, _ := os.Hostname()
	for i := range n {
		w := &localWorker{q: q, eng: eng, cat: cat, id: fmt.Sprintf("%s-%d-%d", host, os.Getpid(), i+1)}
		wg.Go(func() { w.run(fetch, judge) })
	}
}

// run fetches a job whenever the worker is free, and reports itself to
// the registry every 5 s.
func (w *localWorker) run(fetch, judge context.Context) {
	w.report(fetch)
	tick := time.NewTicker(5 * time.Second)
	defer tick.Stop()
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		_ = w.q.kv.Delete(ctx, w.id)
		cancel()
	}()
	for fetch.Err() == nil {
		select {
		case <-tick.C:
			w.report(fetch)
		default:
		}
		msg, err := w.q.cons.Next(jetstream.FetchMaxWait(2 * time.Second))
		if err != nil {
			if idle(err) || fetch.Err() != nil {
				continue
			}
			w.q.log.Warn("worker fetch", "worker", w.id, "err", err)
			select {
			case <-fetch.Done():
			case <-time.After(time.Second):
			}
			continue
		}
		w.busy.Store(1)
		w.report(fetch)
		w.handle(judge, msg)
		w.busy.Store(0)
	}
}

// idle reports whether a fetch error only says no job came.
func idle(err error) bool {
	return errors.Is(err, jetstream.ErrNoMessages) || errors.Is(err, nats.ErrTimeout) || errors.Is(err, context.DeadlineExceeded)
}

// report writes the worker's entry in the registry (it expires in 15 s).
func (w *localWorker) report(ctx context.Context) {
	var langs []string
	for name := range w.eng.Config.Languages {
		langs = append(langs, name)
	}
	sort.Strings(langs)
	host, _ := os.Hostname()
	data, _ := json.Marshal(api.Worker{ID: w.id, Host: host, Slots: 1, Busy: int(w.busy.Load()), Languages: langs, Version: version(), LastSeen: time.Now().UTC()})
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
	defer cancel()
	_, _ = w.q.kv.Put(ctx, w.id, data)
}

// handle judges one job: a state event, test events as tests finish, a
// heartbeat while judging, the final result acknowledged by the stream,
// and only then the job's ack. A judging cut short goes back to the queue.
func (w *localWorker) handle(ctx context.Context, msg jetstream.Msg) {
	var j job
	if err := json.Unmarshal(msg.Data(), &j); err != nil || j.ID == "" {
		_ = msg.TermWithReason("malformed job")
		return
	}
	attempt := 1
	if md, err := msg.Metadata(); err == nil {
		attempt = int(md.NumDelivered)
	}
	w.emit(j, "state", event{Gen: j.Gen, Attempt: attempt})
	beat := time.NewTicker(max(w.q.ackWait/3, 100*time.Millisecond))
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-beat.C:
				_ = msg.InProgress()
			case <-done:
				return
			}
		}
	}()
	start := time.Now()
	rep, err := w.judge(ctx, j, attempt)
	close(done)
	beat.Stop()
	if err != nil {
		// Cut short (shutdown): back to the queue at once.
		_ = msg.Nak()
		return
	}
	data, _ := json.Marshal(rep)
	final, _ := json.Marshal(event{Gen: j.Gen, Attempt: attempt, Data: data, Verdict: string(rep.Verdict), Error: rep.Error, JudgeSecs: time.Since(start).Seconds()})
	pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if _, err := w.q.js.Publish(pctx, eventsPrefix+j.ID+".final", final, jetstream.WithMsgID(fmt.Sprintf("%s:%d:final", j.ID, j.Gen))); err != nil {
		w.q.log.Warn("worker: publish final", "submission", j.ID, "err", err)
		_ = msg.Nak()
		return
	}
	_ = msg.DoubleAck(pctx)
}

// judge grades a job with the engine; an unknown problem or language is
// an IE report, not an error.
func (w *localWorker) judge(ctx context.Context, j job, attempt int) (*grade.Report, error) {
	ie := func(format string, args ...any) *grade.Report {
		return &grade.Report{Problem: j.Problem, Language: j.Language, Verdict: "IE", Tests: []grade.TestResult{}, Error: fmt.Sprintf(format, args...)}
	}
	p, err := w.cat.problem(j.Problem)
	if err != nil {
		return ie("problem %s: %v", j.Problem, err), nil
	}
	lang, ok := w.eng.Config.Languages[j.Language]
	if !ok {
		return ie("language %s is not configured on worker %s", j.Language, w.id), nil
	}
	dir, err := os.MkdirTemp("", "pj-job-")
	if err != nil {
		return ie("worker %s: %v", w.id, err), nil
	}
	defer os.RemoveAll(dir)
	name := filepath.Base(j.Filename)
	if name == "." || name == "/" || name == "" {
		name = lang.Source
	}
	src := filepath.Join(dir, name)
	if err := os.WriteFile(src, []byte(j.Source), 0o644); err != nil {
		return ie("worker %s: %v", w.id, err), nil
	}
	rep, err := w.eng.Grader.Grade(ctx, grade.Submission{Problem: p, Source: src, Language: lang}, grade.Options{
		OnTest: func(t grade.TestResult) {
			data, _ := json.Marshal(t)
			w.emit(j, "test", event{Gen: j.Gen, Attempt: attempt, Data: data})
		},
	})
	if err != nil {
		return nil, err
	}
	return rep, nil
}

// emit publishes a live event; losing one costs nothing, the final
// report holds everything.
func (w *localWorker) emit(j job, kind string, ev event) {
	data, _ := json.Marshal(ev)
	_ = w.q.nc.Publish(eventsPrefix+j.ID+"."+kind, data)
}

// version is the module version and commit this binary was built from.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := bi.Main.Version
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " " + s.Value[:12]
		}
	}
	return v
}
