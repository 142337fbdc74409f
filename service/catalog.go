package service

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/config"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/service/api"
	"github.com/puzzlejudge/judge/service/pkgstore"
	"github.com/puzzlejudge/judge/service/web"
)

// catalog is what the service offers: the problems of the problems
// folder and the configured languages whose tools are present. A problem is loaded on first use
// and again whenever the fingerprint of its files changes, and packed into
// the package store (by content) when a job first needs that version.
type catalog struct {
	cfg *config.Config
	// tools are the configured languages' tools as probed at start (see
	// probeLanguages): the languages offered are those present.
	tools map[string]compile.Toolchain
	pkgs  *pkgstore.Store // set once the queue is up
	mu    sync.Mutex      // guards problems (the map only)
	// problems holds one tracked problem per slug asked for, valid or not.
	problems map[string]*tracked
	// watches counts the inotify instances of the entries.
	watches atomic.Int32
}

// entry is one loaded version of a problem.
type entry struct {
	fp []byte
	p  *problem.Problem
	// watch, when inotify could make one, tells of changes under the
	// problem's folder since fp was taken, so that most checks need no
	// walk; only load, under the entry's tracked problem, touches it.
	watch *watch
	// pack guards hash, its package's sha256 once packed.
	pack sync.Mutex
	hash string
}

func newCatalog(cfg *config.Config) *catalog {
	return &catalog{cfg: cfg, problems: map[string]*tracked{}}
}

// problem loads a problem by slug, or an api.Error 404 naming the field.
func (c *catalog) problem(slug string) (*problem.Problem, error) {
	e, err := c.check(slug)
	if err != nil {
		return nil, err
	}
	return e.p, nil
}

// check is the entry of the problem as its files are now: checked by a
// walk of its folder that started after the call (shared with the calls
// made meanwhile, see tracked).
func (c *catalog) check(slug string) (*entry, error) {
	if !validSlug(slug) {
		return nil, noProblem(slug)
	}
	c.mu.Lock()
	s := c.problems[slug]
	if s == nil {
		s = newTracked(func(old *entry) (*entry, error) { return c.load(slug, old) })
		c.problems[slug] = s
	}
	c.mu.Unlock()
	e, err := s.check()
	if err != nil && isNoProblem(err) {
		// Slugs that name no problem are not kept.
		c.mu.Lock()
		if c.problems[slug] == s {
			delete(c.problems, slug)
		}
		c.mu.Unlock()
	}
	return e, err
}

// load is the entry of a problem as its files are now: old when its
// fingerprint has not changed, else the problem loaded anew.
// A folder's watch is made before its fingerprint is taken, so that a
// change during the walk is seen at the next check.
func (c *catalog) load(slug string, old *entry) (*entry, error) {
	if old != nil {
		if old.watch != nil && !old.watch.changed() {
			return old, nil
		}
		c.unwatch(old.watch)
		old.watch = nil
		w := c.watch(old.p.Dir) // nil: every check walks
		if fp, err := fingerprint(old.p.Dir); err == nil && bytes.Equal(fp, old.fp) {
			old.watch = w
			return old, nil
		}
		c.unwatch(w)
	}
	p, err := problem.Find(c.cfg.ProblemsDir, slug)
	if err != nil {
		if shortOfResources(err) {
			// Not a verdict on the problem: the sweeper must not end its
			// submissions, and a client tries again.
			return nil, &api.Error{Status: http.StatusServiceUnavailable, Field: "problem", Msg: "the server cannot read problems just now; try again shortly", RetryAfter: 5 * time.Second}
		}
		return nil, noProblem(slug)
	}
	w := c.watch(p.Dir)
	fp, err := fingerprint(p.Dir)
	if err != nil {
		c.unwatch(w)
		return nil, fmt.Errorf("problem %s: %w", slug, err)
	}
	return &entry{fp: fp, p: p, watch: w}, nil
}

// maxWatches bounds the inotify instances a catalog holds (the system
// allows a user 128 by default, shared with every other program): the
// problems of a contest are watched, those past it walked at each check.
const maxWatches = 24

// watch is a new watch of dir, or nil when the catalog holds maxWatches
// already or inotify cannot.
func (c *catalog) watch(dir string) *watch {
	if c.watches.Add(1) > maxWatches {
		c.watches.Add(-1)
		return nil
	}
	w, err := newWatch(dir)
	if err != nil {
		c.watches.Add(-1)
		return nil
	}
	return w
}

// unwatch closes a watch made by watch (nil is fine).
func (c *catalog) unwatch(w *watch) {
	if w != nil {
		w.close()
		c.watches.Add(-1)
	}
}

// close releases the watches of the problems loaded.
func (c *catalog) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, s := range c.problems {
		s.mu.Lock()
		for s.walking {
			s.cond.Wait()
		}
		if s.e != nil {
			c.unwatch(s.e.watch)
			s.e.watch = nil
		}
		s.mu.Unlock()
	}
}

// packageHash is the sha256 of the problem's package as its files are
// now, packing and storing it when they changed since the last time.
func (c *catalog) packageHash(ctx context.Context, slug string) (string, error) {
	_, hash, err := c.current(ctx, slug)
	return hash, err
}

// current is the problem as its files are now and the sha256 of its
// package, packed and stored when they changed since the last time: one
// check of its folder for both.
func (c *catalog) current(ctx context.Context, slug string) (*problem.Problem, string, error) {
	e, err := c.check(slug)
	if err != nil {
		return nil, "", err
	}
	e.pack.Lock()
	defer e.pack.Unlock()
	if e.hash != "" {
		return e.p, e.hash, nil
	}
	if c.pkgs == nil {
		return nil, "", fmt.Errorf("problem %s: no package store", slug)
	}
	if e.hash, err = c.pkgs.Publish(ctx, slug, e.p.Dir); err != nil {
		return nil, "", fmt.Errorf("problem %s: %w", slug, err)
	}
	return e.p, e.hash, nil
}

// fingerprint lists the names, sizes, modes and modification times of
// everything under dir: cheap to take, and it changes when a file is
// edited, added, removed or renamed.
func fingerprint(dir string) ([]byte, error) {
	var fp []byte
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		fp = append(fp, p...)
		fp = append(fp, 0)
		fp = binary.LittleEndian.AppendUint64(fp, uint64(fi.Size()))
		fp = binary.LittleEndian.AppendUint32(fp, uint32(fi.Mode()))
		fp = binary.LittleEndian.AppendUint64(fp, uint64(fi.ModTime().UnixNano()))
		return nil
	})
	if err != nil {
		return nil, err
	}
	return fp, nil
}

// shortOfResources reports whether err is the process or the system
// running out of descriptors or memory, which passes.
func shortOfResources(err error) bool {
	return errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE) || errors.Is(err, syscall.ENOMEM)
}

// noProblem is the error for a slug the problems folder does not hold.
func noProblem(slug string) error {
	return api.Errorf(http.StatusNotFound, "problem", "no problem %q", slug)
}

// isNoProblem reports whether err is noProblem's.
func isNoProblem(err error) bool {
	var e *api.Error
	return errors.As(err, &e) && e.Status == http.StatusNotFound && e.Field == "problem"
}

// validSlug accepts the names a problem folder may have.
func validSlug(s string) bool {
	if s == "" || len(s) > 100 || s[0] == '.' {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return false
		}
	}
	return true
}

// Problems lists the problems folder.
func (c *catalog) Problems(ctx context.Context) ([]api.Problem, error) {
	ps, _ := problem.List(c.cfg.ProblemsDir)
	out := make([]api.Problem, 0, len(ps))
	for _, p := range ps {
		out = append(out, api.Problem{Slug: p.Slug, Title: p.Title, TimeMs: p.Limits.Time.Milliseconds(), MemoryKB: p.Limits.Memory >> 10, Tests: len(p.Tests),
			Feedback: string(p.Feedback)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Slug < out[j].Slug })
	return out, nil
}

// Statement is a problem's page: its statement, samples and test names.
func (c *catalog) Statement(ctx context.Context, slug string) (web.Statement, error) {
	p, err := c.problem(slug)
	if err != nil {
		return web.Statement{}, err
	}
	md, err := p.ReadStatement()
	if err != nil {
		return web.Statement{}, fmt.Errorf("problem %s: %w", slug, err)
	}
	st := web.Statement{Slug: p.Slug, Title: p.Title, Markdown: md, TimeMs: p.Limits.Time.Milliseconds(), MemoryKB: p.Limits.Memory >> 10}
	for _, t := range p.Tests {
		st.Tests = append(st.Tests, t.Name)
		if !t.Sample {
			continue
		}
		in, err1 := os.ReadFile(t.Input)
		out, err2 := os.ReadFile(t.Output)
		if err1 != nil || err2 != nil {
			continue
		}
		st.Samples = append(st.Samples, web.Sample{Name: t.Name, Input: string(in), Output: string(out)})
	}
	return st, nil
}
