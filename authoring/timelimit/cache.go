package timelimit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/puzzlejudge/judge/authoring/runcache"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
)

// Derived is a time limit derived from a Kattis package's example
// submissions, as the cache keeps it.
type Derived struct {
	Limit time.Duration `json:"limit_ns"`
	// From is how many submissions were judged to derive it.
	From int `json:"from"`
	// Skipped are the submissions left out (see ResolveWith).
	Skipped []Skip `json:"skipped,omitempty"`
	// At is when it was derived.
	At time.Time `json:"derived_at"`
	// Cached reports that it came from the cache, derived by an earlier
	// command, not now.
	Cached bool `json:"-"`
}

// ResolveCached is ResolveWith through a cache: a package whose limit was
// derived before on this machine, by this judge, from the same content
// (CacheKey) gets it from store without a run; else it is derived and
// kept there. onSkip is told of the submissions the derivation left out,
// either way. warn is told of what went wrong with the cache alone (an
// entry that could not be used is derived again, one that could not be
// kept is derived next time); nil drops it. A nil store derives every
// time. A package that needs no derivation returns the zero Derived.
func ResolveCached(ctx context.Context, g *grade.Grader, p *problem.Problem, store *runcache.Store, onSkip func(Skip), warn func(error)) (Derived, error) {
	if p.Kattis == nil || !p.Kattis.TimeFromSubmissions || p.Limits.Time > 0 {
		return Derived{}, nil
	}
	if warn == nil {
		warn = func(error) {}
	}
	var sum string
	if store != nil {
		var err error
		if sum, err = CacheKey(ctx, g, p); err != nil {
			warn(fmt.Errorf("time limit cache: %w", err))
		}
	}
	if sum != "" {
		var d Derived
		hit, err := store.GetSum(sum, &d)
		if hit && (d.Limit <= 0 || d.From <= 0) {
			hit, err = false, errors.New("an entry with no limit")
		}
		switch {
		case hit:
			p.Limits.Time = d.Limit
			d.Cached = true
			if onSkip != nil {
				for _, s := range d.Skipped {
					onSkip(s)
				}
			}
			return d, nil
		case err != nil:
			warn(fmt.Errorf("time limit cache: %w; derived again", err))
		}
	}
	var skipped []Skip
	reports, err := ResolveWith(ctx, g, p, func(s Skip) {
		skipped = append(skipped, s)
		if onSkip != nil {
			onSkip(s)
		}
	})
	if err != nil {
		return Derived{}, err
	}
	d := Derived{Limit: p.Limits.Time, From: len(reports), Skipped: skipped, At: time.Now().UTC()}
	if sum != "" {
		if err := store.PutSum(sum, d); err != nil {
			warn(fmt.Errorf("time limit cache: %w", err))
		}
	}
	return d, nil
}

// Remember keeps a limit derived without the cache (judge verify derives
// its own, to check the submissions as it goes) for ResolveCached to
// find.
func Remember(ctx context.Context, g *grade.Grader, p *problem.Problem, store *runcache.Store, d Derived) error {
	if store == nil || d.Limit <= 0 {
		return nil
	}
	sum, err := CacheKey(ctx, g, p)
	if err != nil {
		return fmt.Errorf("time limit cache: %w", err)
	}
	if d.At.IsZero() {
		d.At = time.Now().UTC()
	}
	return store.PutSum(sum, d)
}

// cacheVersion is the format version of cache keys and entries: change
// it when what the derivation depends on or what an entry holds changes.
const cacheVersion = 1

// cacheKey is what a derived limit depends on.
type cacheKey struct {
	Version int           `json:"version"`
	Probe   time.Duration `json:"probe_ns"`
	// Package is the hash of the package's files that judging reads
	// (packageHash): problem.yaml, .timelimit, data, validators,
	// includes, submissions.
	Package string `json:"package"`
	// Submissions are those that bound the limit, each with its language
	// and the compiler's identity, or why it cannot be judged here.
	Submissions []subKey `json:"submissions"`
	// Checker is the language custom validators are compiled in.
	Checker json.RawMessage `json:"checker"`
	Sandbox string          `json:"sandbox"`
	// Judge is the judge's build, Machine the facts of the machine that
	// set its speed: the times the limit is made of depend on both.
	Judge   string `json:"judge"`
	Machine string `json:"machine"`
}

// subKey is one submission's part of a cacheKey.
type subKey struct {
	Path     string          `json:"path"`
	Language json.RawMessage `json:"language,omitempty"`
	Compiler string          `json:"compiler,omitempty"`
	Error    string          `json:"error,omitempty"`

	lang *compile.Language // not in the key: the language Compiler names
}

// identities returns the compiler identity of each language, by name,
// found at once: each may run a version command in a box, and the
// languages of a package's submissions are several.
func identities(ctx context.Context, c *compile.Compiler, langs map[string]*compile.Language) map[string]string {
	ids := make(map[string]string, len(langs))
	var (
		mu sync.Mutex
		wg sync.WaitGroup
	)
	for name, lang := range langs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := c.Identity(ctx, lang)
			mu.Lock()
			ids[name] = id
			mu.Unlock()
		}()
	}
	wg.Wait()
	return ids
}

// CacheKey returns the name ResolveCached keeps p's derived limit under:
// the hex sha256 of everything the derivation depends on (the package's
// content, the languages and compilers of the submissions that bound the
// limit, the sandbox mode, the judge's build and the machine).
func CacheKey(ctx context.Context, g *grade.Grader, p *problem.Problem) (string, error) {
	if p.Kattis == nil || p.Kattis.Package == nil {
		return "", errors.New("not a Kattis package")
	}
	pk := p.Kattis.Package
	pkg, err := packageHash(pk.Dir)
	if err != nil {
		return "", err
	}
	subs, _, err := pk.ListSubmissions()
	if err != nil {
		return "", err
	}
	k := cacheKey{Version: cacheVersion, Probe: ProbeTime, Package: pkg, Judge: judgeBuild(), Machine: machineFacts()}
	if g.Sandbox != nil {
		k.Sandbox = string(g.Sandbox.Mode())
	}
	if k.Checker, err = json.Marshal(g.CheckerLanguage); err != nil {
		return "", fmt.Errorf("checker language: %w", err)
	}
	langs := map[string]*compile.Language{}
	for _, s := range subs {
		if lower, _ := s.TimeBounds(); len(lower) == 0 {
			continue
		}
		rel, err := filepath.Rel(pk.Dir, s.Path)
		if err != nil {
			rel = s.Path
		}
		sk := subKey{Path: rel}
		_, lang, _, err := g.SubmissionSource(s)
		if err != nil {
			sk.Error = err.Error()
		} else {
			if sk.Language, err = json.Marshal(lang); err != nil {
				return "", fmt.Errorf("%s: language: %w", s.Path, err)
			}
			sk.lang = lang
			langs[lang.Name] = lang
		}
		k.Submissions = append(k.Submissions, sk)
	}
	ids := identities(ctx, g.Compiler, langs)
	for i, sk := range k.Submissions {
		if sk.lang != nil {
			k.Submissions[i].Compiler = ids[sk.lang.Name]
		}
	}
	data, err := json.Marshal(k)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprintf(h, "timelimit v%d\x00", cacheVersion)
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil)), nil
}
