package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/service/api"
)

// The workers registry: a key-value bucket whose entries expire unless
// refreshed.
const (
	WorkersBucket  = "workers"
	WorkerTTL      = 15 * time.Second
	WorkerInterval = 5 * time.Second // how often a worker refreshes its entry
)

// WorkerInfo is what a worker tells about itself: its entry in the
// registry is the JSON the API's GET /api/v1/workers lists, so the two
// are one type.
type WorkerInfo = api.Worker

// PutWorker writes a worker's entry (the worker calls it every
// WorkerInterval).
func PutWorker(ctx context.Context, js jetstream.JetStream, w WorkerInfo) error {
	if w.ID == "" || strings.ContainsAny(w.ID, " *>") {
		return fmt.Errorf("worker id %q: not a key", w.ID)
	}
	kv, err := js.KeyValue(ctx, WorkersBucket)
	if err != nil {
		return fmt.Errorf("workers registry: %w", err)
	}
	data, err := json.Marshal(w)
	if err != nil {
		return err
	}
	if _, err := kv.Put(ctx, w.ID, data); err != nil {
		return fmt.Errorf("workers registry: %w", err)
	}
	return nil
}

// DeleteWorker removes a worker's entry (on a clean exit).
func DeleteWorker(ctx context.Context, js jetstream.JetStream, id string) error {
	kv, err := js.KeyValue(ctx, WorkersBucket)
	if err != nil {
		return fmt.Errorf("workers registry: %w", err)
	}
	if err := kv.Delete(ctx, id); err != nil {
		return fmt.Errorf("workers registry: %w", err)
	}
	return nil
}

// Workers lists the live workers, by id.
func (q *Queue) Workers(ctx context.Context) ([]WorkerInfo, error) {
	keys, err := q.workers.ListKeys(ctx)
	if err != nil {
		return nil, fmt.Errorf("workers registry: %w", err)
	}
	var out []WorkerInfo
	for k := range keys.Keys() {
		e, err := q.workers.Get(ctx, k)
		if errors.Is(err, jetstream.ErrKeyNotFound) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("workers registry: %w", err)
		}
		var w WorkerInfo
		if json.Unmarshal(e.Value(), &w) == nil {
			out = append(out, w)
		}
	}
	slices.SortFunc(out, func(a, b WorkerInfo) int { return strings.Compare(a.ID, b.ID) })
	return out, nil
}
