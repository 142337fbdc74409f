package worker

import (
	"context"
	"os"
	"slices"
	"time"

	"github.com/puzzlejudge/judge/service/queue"
)

// register keeps the worker's entry in the workers registry fresh until
// ctx ends.
func (w *Worker) register(ctx context.Context, slots int) {
	host, _ := os.Hostname()
	var langs []string
	for name := range w.Engine.Config.Languages {
		langs = append(langs, name)
	}
	slices.Sort(langs)
	t := time.NewTicker(queue.WorkerInterval)
	defer t.Stop()
	for {
		info := queue.WorkerInfo{
			ID: w.ID, Host: host, Slots: slots, Busy: int(w.busy.Load()),
			Languages: langs, Version: w.Version, LastSeen: time.Now().UTC(),
		}
		if err := queue.PutWorker(ctx, w.JS, info); err != nil && ctx.Err() == nil {
			w.logf("worker %s: registry: %v", w.ID, err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
