package service

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/puzzlejudge/judge/core/engine"
	"github.com/puzzlejudge/judge/service/queue"
	"github.com/puzzlejudge/judge/service/worker"
)

// startWorkers starts the local worker: a worker.Worker on this process's
// connection, judging n submissions at once with the engine (tests in
// parallel on its test workers), its package cache in DATA/cache.
func (s *Service) startWorkers(n int) error {
	if s.eng == nil {
		eng, err := engine.Open(s.cfg.Judge, engine.Options{Workers: s.cfg.TestWorkers})
		if err != nil {
			return fmt.Errorf("judging stack: %w", err)
		}
		s.eng = eng
	}
	w := &worker.Worker{
		JS: s.q.js, Engine: s.eng, Slots: n, CacheDir: filepath.Join(s.cfg.Data, "cache"),
		ID: localWorkerID(), Version: s.cfg.Version,
		DrainTimeout: s.cfg.Drain, Heartbeat: max(s.q.q.Config().AckWait/3, 100*time.Millisecond),
		Log: func(msg string) { s.log.Info(msg) },
		// A final this process's worker stored is applied at once; the
		// applier, fetching it too, waits for that and only acknowledges
		// it (or applies it, if this failed).
		OnFinal: func(ctx context.Context, f queue.Final) { _ = s.q.applyLocal(ctx, f) },
	}
	if s.q.srv != nil {
		// The embedded NATS server: this process is the only one following
		// live progress, so the local worker hands it over directly.
		w.Live = s.q.live
	}
	ctx, stop := context.WithCancel(context.Background())
	s.stopWorkers = stop
	s.workers.Go(func() {
		if err := w.Run(ctx); err != nil {
			s.log.Error("local worker", "err", err)
		}
	})
	return nil
}

// localWorkerID is the ID of this process's own worker: its finals are
// the ones the process applies itself.
func localWorkerID() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s-%d-local", or(host, "server"), os.Getpid())
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
