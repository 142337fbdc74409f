package timelimit_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/authoring/runcache"
	"github.com/puzzlejudge/judge/authoring/timelimit"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
)

// countingCache is a grade.TestCache that keeps nothing and counts the
// tests the grader ran: the hook that tells a derivation from a cache hit
// without timing anything.
type countingCache struct{ runs atomic.Int64 }

func (c *countingCache) Get(context.Context, grade.TestRun) (grade.TestResult, bool) {
	return grade.TestResult{}, false
}

func (c *countingCache) Put(context.Context, grade.TestRun, grade.TestResult) { c.runs.Add(1) }

// countingGrader returns a copy of the shared grader that counts its runs.
func countingGrader(t *testing.T) (*grade.Grader, *countingCache) {
	t.Helper()
	g, _ := newGrader(t)
	c := &countingCache{}
	cg := *g
	cg.Cache = c
	return &cg, c
}

// sumNoLimit copies the sum-legacy fixture without its .timelimit into a
// new folder: a package whose limit is derived from its accepted sum.py.
func sumNoLimit(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "sum-legacy")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "core", "grade", "testdata", "kattis", "sum-legacy"))); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, ".timelimit")); err != nil {
		t.Fatal(err)
	}
	return dir
}

func load(t *testing.T, dir string) *problem.Problem {
	t.Helper()
	p, err := problem.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// resolve derives dir's limit through store and returns what it gave,
// the runs it made and the warnings it gave.
func resolve(t *testing.T, dir string, store *runcache.Store) (timelimit.Derived, int64, []string) {
	t.Helper()
	g, runs := countingGrader(t)
	p := load(t, dir)
	var warnings []string
	d, err := timelimit.ResolveCached(context.Background(), g, p, store, nil, func(err error) { warnings = append(warnings, err.Error()) })
	if err != nil {
		t.Fatal(err)
	}
	if p.Limits.Time != d.Limit || d.Limit <= 0 {
		t.Fatalf("limit %v, derived %+v", p.Limits.Time, d)
	}
	return d, runs.runs.Load(), warnings
}

// TestResolveCachedHit: the second derivation of an unchanged package
// runs nothing and gives the first one's limit, time and count.
func TestResolveCachedHit(t *testing.T) {
	dir := sumNoLimit(t)
	store := runcache.Open(t.TempDir())
	first, runs, warnings := resolve(t, dir, store)
	if first.Cached || runs == 0 || len(warnings) > 0 || first.From != 1 {
		t.Fatalf("first: %+v, %d runs, warnings %q", first, runs, warnings)
	}
	second, runs, warnings := resolve(t, dir, store)
	if !second.Cached || runs != 0 || len(warnings) > 0 {
		t.Fatalf("second: %+v, %d runs, warnings %q", second, runs, warnings)
	}
	if second.Limit != first.Limit || second.From != first.From || !second.At.Equal(first.At) {
		t.Errorf("cached %+v, derived %+v", second, first)
	}
	// Without a store every call derives.
	if d, runs, _ := resolve(t, dir, nil); d.Cached || runs == 0 {
		t.Errorf("no store: %+v, %d runs", d, runs)
	}
}

// TestResolveCachedInvalidation: a change to what judging reads derives
// the limit again; a change to the statement does not.
func TestResolveCachedInvalidation(t *testing.T) {
	cases := []struct {
		name    string
		change  func(dir string) error
		derives bool
	}{
		{"submission source", func(dir string) error {
			return appendTo(filepath.Join(dir, "submissions", "accepted", "sum.py"), "# a comment\n")
		}, true},
		{"new test", func(dir string) error {
			base := filepath.Join(dir, "data", "secret", "int", "2")
			if err := os.WriteFile(base+".in", []byte("2 3\n"), 0o644); err != nil {
				return err
			}
			return os.WriteFile(base+".ans", []byte("5\n"), 0o644)
		}, true},
		{"test input", func(dir string) error {
			return appendTo(filepath.Join(dir, "data", "secret", "int", "1.in"), "\n")
		}, true},
		{"problem.yaml", func(dir string) error {
			return appendTo(filepath.Join(dir, "problem.yaml"), "author: someone\n")
		}, true},
		{"statement", func(dir string) error {
			return appendTo(filepath.Join(dir, "problem_statement", "problem.en.tex"), "% more\n")
		}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := sumNoLimit(t)
			store := runcache.Open(t.TempDir())
			resolve(t, dir, store)
			if err := c.change(dir); err != nil {
				t.Fatal(err)
			}
			d, runs, warnings := resolve(t, dir, store)
			if got := runs > 0; got != c.derives || d.Cached == c.derives || len(warnings) > 0 {
				t.Errorf("after the change: %+v, %d runs, warnings %q; want derived again %v", d, runs, warnings, c.derives)
			}
		})
	}
}

func appendTo(path, text string) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, werr := f.WriteString(text)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	return werr
}

// TestResolveCachedCorrupt: an entry that cannot be used is warned of,
// derived again and replaced.
func TestResolveCachedCorrupt(t *testing.T) {
	cases := []struct {
		name, content, warning string
	}{
		{"garbage", "{not json", "invalid character"},
		{"no limit", `{"version":%v,"key":"%s","value":{"limit_ns":0,"from":1}}`, "no limit"},
		{"another key", `{"version":%v,"key":"0000000000000000000000000000000000000000000000000000000000000000","value":{"limit_ns":1,"from":1}}`, "another key"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := sumNoLimit(t)
			store := runcache.Open(t.TempDir())
			first, _, _ := resolve(t, dir, store)
			g, _ := newGrader(t)
			sum, err := timelimit.CacheKey(context.Background(), g, load(t, dir))
			if err != nil {
				t.Fatal(err)
			}
			entry := filepath.Join(store.Dir(), sum[:2], sum+".json")
			if _, err := os.Stat(entry); err != nil {
				t.Fatalf("no entry where the key names it: %v", err)
			}
			if err := os.WriteFile(entry, []byte(strings.NewReplacer("%v", strconv.Itoa(runcache.Version), "%s", sum).Replace(c.content)), 0o644); err != nil {
				t.Fatal(err)
			}
			d, runs, warnings := resolve(t, dir, store)
			if d.Cached || runs == 0 || d.Limit != first.Limit {
				t.Errorf("over a bad entry: %+v, %d runs", d, runs)
			}
			if len(warnings) != 1 || !strings.Contains(warnings[0], c.warning) || !strings.Contains(warnings[0], "derived again") {
				t.Errorf("warnings %q, want one with %q", warnings, c.warning)
			}
			if d, runs, warnings := resolve(t, dir, store); !d.Cached || runs != 0 || len(warnings) > 0 {
				t.Errorf("after the entry was replaced: %+v, %d runs, warnings %q", d, runs, warnings)
			}
		})
	}
}

// TestResolveCachedConcurrent: two commands deriving the same package's
// limit at once into one store both get it, and leave one whole entry
// the next finds.
func TestResolveCachedConcurrent(t *testing.T) {
	dir := sumNoLimit(t)
	store := runcache.Open(t.TempDir())
	var (
		wg      sync.WaitGroup
		derived [2]timelimit.Derived
		errs    [2]error
	)
	for i := range derived {
		g, _ := countingGrader(t)
		p := load(t, dir)
		wg.Add(1)
		go func() {
			defer wg.Done()
			derived[i], errs[i] = timelimit.ResolveCached(context.Background(), g, p, store, nil, func(err error) { errs[i] = err })
		}()
	}
	wg.Wait()
	for i := range derived {
		if errs[i] != nil || derived[i].Limit <= 0 || derived[i].Limit != derived[0].Limit {
			t.Errorf("command %d: %+v, %v", i, derived[i], errs[i])
		}
	}
	d, runs, warnings := resolve(t, dir, store)
	if !d.Cached || runs != 0 || len(warnings) > 0 || d.Limit != derived[0].Limit {
		t.Errorf("after both: %+v, %d runs, warnings %q", d, runs, warnings)
	}
	var files []string
	filepath.WalkDir(store.Dir(), func(p string, e os.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			files = append(files, e.Name())
		}
		return err
	})
	if len(files) != 1 {
		t.Errorf("files in the store %q; want one entry and no temporary file", files)
	}
}

// TestRemember: a limit verify derived is found by ResolveCached.
func TestRemember(t *testing.T) {
	dir := sumNoLimit(t)
	store := runcache.Open(t.TempDir())
	g, _ := newGrader(t)
	p := load(t, dir)
	if err := timelimit.Remember(context.Background(), g, p, store, timelimit.Derived{Limit: 3 * time.Second, From: 1}); err != nil {
		t.Fatal(err)
	}
	d, runs, warnings := resolve(t, dir, store)
	if !d.Cached || runs != 0 || len(warnings) > 0 || d.Limit != 3*time.Second || d.At.IsZero() {
		t.Errorf("after Remember: %+v, %d runs, warnings %q", d, runs, warnings)
	}
}
