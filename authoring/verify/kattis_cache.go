package verify

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/puzzlejudge/judge/authoring/runcache"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
)

// kattisCache is the run cache of a Kattis package's submissions, as the
// grader asks it test by test (grade.TestCache). It also counts the runs
// made and found for the stats, with or without a store.
type kattisCache struct {
	r      *run
	k      *kattisPkg
	mu     sync.Mutex
	hashes map[string]string // file or program files → hash; "" when it failed
	idents map[string]string // language name → compiler identity

	mode      runner.Mode // the sandbox's
	checkOnce sync.Once
	checker   string // the output validator's part of the key; "" when not to cache
}

func newKattisCache(r *run, k *kattisPkg) *kattisCache {
	return &kattisCache{r: r, k: k, hashes: map[string]string{}, idents: map[string]string{}, mode: r.eng.Sandbox.Mode()}
}

// hash returns the memoised hash of files, "" when they cannot be read.
func (c *kattisCache) hash(files []runner.File) string {
	return c.memo(files, runcache.HashFiles)
}

// programHash is hash for a program's files, which the run cache
// remembers by their stat from one verify to the next.
func (c *kattisCache) programHash(files []runner.File) string {
	return c.memo(files, c.r.cache.HashFiles)
}

// memo returns the hash of files as hashFiles makes it, once per run.
func (c *kattisCache) memo(files []runner.File, hashFiles func([]runner.File) (string, error)) string {
	var id strings.Builder
	for _, f := range files {
		fmt.Fprintf(&id, "%q=%q ", f.Name, f.Path)
	}
	c.mu.Lock()
	h, ok := c.hashes[id.String()]
	c.mu.Unlock()
	if ok {
		return h
	}
	h, err := hashFiles(files)
	if err != nil {
		h = ""
	}
	c.mu.Lock()
	c.hashes[id.String()] = h
	c.mu.Unlock()
	return h
}

func (c *kattisCache) identity(ctx context.Context, lang *compile.Language) string {
	c.mu.Lock()
	id, ok := c.idents[lang.Name]
	c.mu.Unlock()
	if ok {
		return id
	}
	id = c.r.eng.Compiler.Identity(ctx, lang)
	c.mu.Lock()
	c.idents[lang.Name] = id
	c.mu.Unlock()
	return id
}

// kattisCheckerKey is the output validator's part of every key: the
// default validator's settings (its flags are each test's CheckerArgs),
// or the custom one's program (validator: its hash, runtime, command),
// with interaction, passes and the validation limits.
func kattisCheckerKey(p *problem.Problem, validator string) string {
	return fmt.Sprintf("kattis %s validation %+v validator %s", checkerSettings(p), grade.ValidationLimits(p), validator)
}

// checkerKey returns kattisCheckerKey of the package, "" when the
// validator cannot be hashed. A custom validator's compile is a compile
// cache hit: the output validator check compiled it.
func (c *kattisCache) checkerKey(ctx context.Context) string {
	c.checkOnce.Do(func() {
		p := c.k.p
		validator := ""
		if p.Checker.Kind == problem.CheckerValidator {
			prog, comp, err := c.k.grader.CompileProgram(ctx, p.Checker.Source)
			if err != nil || !comp.OK || prog == nil {
				return
			}
			h := c.programHash(prog.Files)
			if h == "" {
				return
			}
			validator = fmt.Sprintf("program %s runtime %q run %q env %q", h, c.identity(ctx, prog.Language), prog.Language.Run, prog.Language.Env)
		}
		c.checker = kattisCheckerKey(p, validator)
	})
	return c.checker
}

// key returns the run cache's key of a run, false when it is not to be
// cached.
func (c *kattisCache) key(ctx context.Context, run grade.TestRun) (runcache.Key, bool) {
	if c.r.cache == nil {
		return runcache.Key{}, false
	}
	chk := c.checkerKey(ctx)
	prog := c.programHash(run.Program.Files)
	in := c.hash([]runner.File{{Path: run.Test.Input}})
	ans := c.hash([]runner.File{{Path: run.Test.Output}})
	if chk == "" || prog == "" || in == "" || ans == "" {
		return runcache.Key{}, false
	}
	lang := run.Program.Language
	return runcache.Key{
		Kind:        "solution",
		Program:     prog,
		Runtime:     c.identity(ctx, lang),
		Run:         lang.Run,
		Env:         lang.Env,
		Input:       in,
		Answer:      ans,
		Limits:      lang.Limits(run.RunLimits),
		TimeLimit:   int64(run.Limits.CPU),
		Checker:     chk,
		CheckerArgs: run.Test.CheckerArgs,
		Sandbox:     c.mode,
	}, true
}

// Get implements grade.TestCache.
func (c *kattisCache) Get(ctx context.Context, run grade.TestRun) (grade.TestResult, bool) {
	key, ok := c.key(ctx, run)
	var cr cachedRun
	if !ok || !c.r.cache.Get(key, &cr) {
		return grade.TestResult{}, false
	}
	c.r.hit()
	return cr.result(run.Test), true
}

// Put implements grade.TestCache: it counts the run and keeps its result
// when kattisCacheable.
func (c *kattisCache) Put(ctx context.Context, run grade.TestRun, tr grade.TestResult) {
	c.r.ran(tr.CPU)
	if !kattisCacheable(tr, run, c.k.p) {
		return
	}
	if key, ok := c.key(ctx, run); ok {
		_ = c.r.cache.Put(key, toCached(tr)) // a result not kept is made again next time
	}
}

// kattisCacheable is cacheable for a Kattis package: also not within
// BorderlineShare of the limit over ac_to_time_limit, which the AC margin
// check compares the slowest accepted submission with.
func kattisCacheable(tr grade.TestResult, run grade.TestRun, p *problem.Problem) bool {
	lim := run.Limits
	scale := 1.0
	if lim.CPU > 0 {
		scale = float64(run.RunLimits.CPU) / float64(lim.CPU)
	}
	if !cacheable(tr, lim, scale, allTimes(lim, scale)) {
		return false
	}
	// A derived time limit is made from the cached times themselves, so
	// the margin holds by construction.
	if p.Kattis == nil || p.Kattis.TimeFromSubmissions || tr.Verdict == verdict.TLE {
		return true
	}
	ratio := p.Kattis.Package.Metadata.Limits.ACToTimeLimit
	if ratio <= 0 {
		return true
	}
	at := time.Duration(float64(lim.CPU) / ratio)
	near := time.Duration(float64(lim.CPU) * BorderlineShare)
	return tr.CPU <= at-near || tr.CPU >= at+near
}
