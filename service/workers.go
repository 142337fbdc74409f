package service

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/puzzlejudge/judge/core/engine"
	"github.com/puzzlejudge/judge/service/worker"
)

// startWorkers starts the local worker: a worker.Worker taking jobs on
// this process's connection, judging n submissions at once with the
// engine (tests in parallel on its test workers, testsAtOnce), its
// package cache (for a package whose files the catalog no longer has) in
// DATA/cache.
func (s *Service) startWorkers(n int) error {
	if err := s.openEngine(); err != nil {
		return err
	}
	// It reports to the service in this process (localSink; its progress
	// over an external NATS server, which other servers may follow) and
	// judges with the problems the catalog loaded.
	w := &worker.Worker{
		JS: s.q.js, Engine: s.eng, Slots: n, CacheDir: filepath.Join(s.cfg.Data, "cache"),
		ID: serverWorkerID(), Version: s.cfg.Version,
		DrainTimeout: s.cfg.Drain, Heartbeat: max(s.q.q.Config().AckWait/3, 100*time.Millisecond),
		Log:  func(msg string) { s.log.Info(msg) },
		Sink: s.q.localSink(), Loaded: s.cat.loaded, Toolchains: s.cat.tools,
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

// openEngine opens the local worker's judging stack, once, running a
// submission's tests at most a slot's share of the cores at once
// (testsAtOnce).
func (s *Service) openEngine() error {
	if s.eng != nil {
		return nil
	}
	workers := s.cfg.Workers
	if workers <= 0 {
		workers = s.cfg.Judge.Workers
	}
	eng, err := engine.Open(s.cfg.Judge, engine.Options{Workers: testsAtOnce(workers, localCores(), max(s.cfg.Slots, 1))})
	if err != nil {
		return fmt.Errorf("judging stack: %w", err)
	}
	s.eng = eng
	return nil
}

// localSink is the sink of this process's worker.
func (j *jobs) localSink() localSink {
	if j.srv != nil {
		// The embedded server: this process is the only one following
		// progress.
		return localSink{j: j}
	}
	return localSink{j: j, shared: j.nc}
}

// serverWorkerID is the ID of this process's own worker in the workers
// registry.
func serverWorkerID() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s-%d-local", or(host, "server"), os.Getpid())
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
