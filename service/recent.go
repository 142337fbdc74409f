package service

import (
	"strconv"
	"sync"
)

// maxRecent bounds the generations a recent map remembers.
const maxRecent = 4096

// recent remembers a value for each of the last maxRecent submission
// generations it was given, each taken at most once: what this process
// already knows of a generation, so that a later step need not ask the
// store. Past maxRecent it forgets the oldest, and the caller asks the
// store as it would without it.
type recent[V any] struct {
	mu    sync.Mutex
	m     map[string]V
	order []string // oldest first
}

func recentKey(id string, gen int64) string { return id + ":" + strconv.FormatInt(gen, 10) }

// put remembers v for generation gen of id (a second put replaces it).
func (r *recent[V]) put(id string, gen int64, v V) {
	k := recentKey(id, gen)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.m == nil {
		r.m = map[string]V{}
	}
	if _, ok := r.m[k]; !ok {
		if len(r.order) >= maxRecent {
			delete(r.m, r.order[0])
			r.order = r.order[1:]
		}
		r.order = append(r.order, k)
	}
	r.m[k] = v
}

// take returns the value of generation gen of id, if remembered, and
// forgets it.
func (r *recent[V]) take(id string, gen int64) (V, bool) {
	k := recentKey(id, gen)
	r.mu.Lock()
	defer r.mu.Unlock()
	v, ok := r.m[k]
	delete(r.m, k)
	return v, ok
}
