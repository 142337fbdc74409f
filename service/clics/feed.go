package clics

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Event is one line of the event feed: the current state of one object
// (Data), or of a singleton (ID null: contest, state), or null Data for
// an object deleted.
type Event struct {
	Type  string          `json:"type"`
	ID    *string         `json:"id"`
	Data  json.RawMessage `json:"data"`
	Token string          `json:"token,omitempty"`
}

// entry is one object of the feed: its type, id ("" for singletons) and
// JSON.
type entry struct {
	typ, id string
	data    []byte
}

// entryKey names an entry.
type entryKey struct{ typ, id string }

// entries lists the objects as feed entries in the order a full feed
// sends them, objects before the objects that refer to them (deletions,
// in apply, go the other way): contest, judgement types, languages,
// problems, teams, state, submissions, judgements.
func entries(o Objects) ([]entry, error) {
	var out []entry
	add := func(typ, id string, v any) error {
		b, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("%s %s: %w", typ, id, err)
		}
		out = append(out, entry{typ, id, b})
		return nil
	}
	errs := []error{add("contest", "", o.Contest)}
	for _, x := range o.JudgementTypes {
		errs = append(errs, add("judgement-types", x.ID, x))
	}
	for _, x := range o.Languages {
		errs = append(errs, add("languages", x.ID, x))
	}
	for _, x := range o.Problems {
		errs = append(errs, add("problems", x.ID, x))
	}
	for _, x := range o.Teams {
		errs = append(errs, add("teams", x.ID, x))
	}
	errs = append(errs, add("state", "", o.State))
	for _, x := range o.Submissions {
		errs = append(errs, add("submissions", x.ID, x))
	}
	for _, x := range o.Judgements {
		errs = append(errs, add("judgements", x.ID, x))
	}
	return out, errors.Join(errs...)
}

// event makes the entry's event; nil data is a deletion.
func (e entry) event(token string) Event {
	ev := Event{Type: e.typ, Data: e.data, Token: token}
	if e.id != "" {
		id := e.id
		ev.ID = &id
	}
	if ev.Data == nil {
		ev.Data = json.RawMessage("null")
	}
	return ev
}

// feedLog is the event log of one contest as one class of viewer (admin
// or not) sees it, made by diffing the snapshots taken on requests: each
// diff is a batch of events numbered by a version that only grows. Only
// the last event of a batch carries a token, "<feed>-<version>", so that
// a client resuming from a token has seen its whole batch. The log keeps
// the last maxEvents events; a token older than them is expired.
type feedLog struct {
	// refreshing is held while a snapshot is taken and applied; taken
	// (the number of the last refresh that took one) and wake (when the
	// contest's next phase begins) are written and read under it.
	refreshing sync.Mutex
	taken      uint64
	wake       time.Time
	mu         sync.Mutex
	refreshes  uint64 // refreshes begun
	source     string // the contest's id in the Source
	feed       string // the token prefix: this handler's log, not another's
	maxEvents  int
	current    []entry // the objects at head, in feed order
	events     []logged
	head       uint64 // version of the latest batch
	base       uint64 // versions before base are trimmed
}

// logged is an event of a batch.
type logged struct {
	version uint64
	entry   entry
	last    bool // the batch's last event: it carries the token
}

// apply diffs the objects against the current ones and logs the changes
// as one batch.
func (l *feedLog) apply(next []entry) {
	l.mu.Lock()
	defer l.mu.Unlock()
	old := make(map[entryKey][]byte, len(l.current))
	for _, e := range l.current {
		old[entryKey{e.typ, e.id}] = e.data
	}
	var batch []entry
	seen := make(map[entryKey]bool, len(next))
	for _, e := range next {
		k := entryKey{e.typ, e.id}
		seen[k] = true
		if b, ok := old[k]; !ok || string(b) != string(e.data) {
			batch = append(batch, e)
		}
	}
	for i := len(l.current) - 1; i >= 0; i-- {
		e := l.current[i]
		if !seen[entryKey{e.typ, e.id}] {
			batch = append(batch, entry{typ: e.typ, id: e.id})
		}
	}
	l.current = next
	if len(batch) == 0 {
		return
	}
	l.head++
	for i, e := range batch {
		l.events = append(l.events, logged{version: l.head, entry: e, last: i == len(batch)-1})
	}
	l.trim()
}

// begun is the number of refreshes begun.
func (l *feedLog) begun() uint64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.refreshes
}

// begin counts a refresh begun and returns its number.
func (l *feedLog) begin() uint64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.refreshes++
	return l.refreshes
}

// setSource records the contest's id in the Source.
func (l *feedLog) setSource(id string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.source = id
}

// sourceID is the contest's id in the Source.
func (l *feedLog) sourceID() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.source
}

// empty says nothing was ever applied.
func (l *feedLog) empty() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.head == 0
}

// trim drops whole batches from the front while the log holds more than
// maxEvents events.
func (l *feedLog) trim() {
	for len(l.events) > l.maxEvents {
		v := l.events[0].version
		i := 0
		for i < len(l.events) && l.events[i].version == v {
			i++
		}
		if i == len(l.events) {
			return
		}
		l.events = slices.Delete(l.events, 0, i)
		l.base = v
	}
}

// token is the token of a version.
func (l *feedLog) token(v uint64) string {
	return l.feed + "-" + strconv.FormatUint(v, 10)
}

// full is every current object as events, the last with the token of
// the head, and the head.
func (l *feedLog) full() ([]Event, uint64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]Event, len(l.current))
	for i, e := range l.current {
		tok := ""
		if i == len(l.current)-1 {
			tok = l.token(l.head)
		}
		out[i] = e.event(tok)
	}
	return out, l.head
}

// errExpired says a token is older than the log.
var errExpired = errors.New("the token has expired: read the feed again without since_token")

// since is the events after version v and the new head; errExpired when
// the log no longer holds them.
func (l *feedLog) since(v uint64) ([]Event, uint64, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if v < l.base {
		return nil, v, errExpired
	}
	i, _ := slices.BinarySearchFunc(l.events, v+1, func(e logged, v uint64) int {
		switch {
		case e.version < v:
			return -1
		case e.version > v:
			return 1
		}
		return 0
	})
	out := make([]Event, 0, len(l.events)-i)
	for _, e := range l.events[i:] {
		tok := ""
		if e.last {
			tok = l.token(e.version)
		}
		out = append(out, e.entry.event(tok))
	}
	return out, l.head, nil
}

// parse reads a token of this log into its version.
func (l *feedLog) parse(token string) (uint64, error) {
	i := strings.LastIndexByte(token, '-')
	v, err := strconv.ParseUint(token[i+1:], 10, 64)
	if i < 0 || err != nil || token[:i] != l.feed {
		return 0, fmt.Errorf("since_token %q: not a token of this feed", token)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if v > l.head {
		return 0, fmt.Errorf("since_token %q: not a token of this feed", token)
	}
	if v < l.base {
		return 0, fmt.Errorf("since_token %q: %w", token, errExpired)
	}
	return v, nil
}
