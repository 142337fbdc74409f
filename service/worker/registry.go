package worker

import (
	"context"
	"maps"
	"os"
	"slices"
	"time"

	"github.com/puzzlejudge/judge/service/queue"
)

// register keeps the worker's entry in the workers registry fresh until
// ctx ends.
func (w *Worker) register(ctx context.Context, slots int) {
	host, _ := os.Hostname()
	langs := w.offered()
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

// offered is the names of the languages the worker judges: those whose
// tools were found, sorted.
func (w *Worker) offered() []string {
	var langs []string
	for name := range w.Engine.Config.Languages {
		if w.Toolchains[name].Present() {
			langs = append(langs, name)
		}
	}
	slices.Sort(langs)
	return langs
}

// logMissing tells of each configured language the worker does not offer.
func (w *Worker) logMissing() {
	for _, name := range slices.Sorted(maps.Keys(w.Engine.Config.Languages)) {
		if t := w.Toolchains[name]; !t.Present() {
			w.logf("worker %s: language %s not offered: %s", w.ID, name, t.Missing)
		}
	}
}
