package verify

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/puzzlejudge/judge/authoring/runcache"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/runner"
)

// cachedValidation is what the run cache keeps of a validator's run.
type cachedValidation struct {
	Valid   bool          `json:"valid"`
	Message string        `json:"message,omitempty"`
	CPU     time.Duration `json:"cpu_ns"`
	Wall    time.Duration `json:"wall_ns"`
}

func toValidation(v author.Validation) *cachedValidation {
	return &cachedValidation{Valid: v.Valid, Message: v.Message, CPU: v.Result.CPU, Wall: v.Result.Wall}
}

func (c *cachedValidation) validation() author.Validation {
	return author.Validation{Valid: c.Valid, Message: c.Message, Result: runner.Result{CPU: c.CPU, Wall: c.Wall}}
}

// validationCacheable reports whether a validator's answer may be kept:
// it answered (it did not crash, which a limit on a busy machine can
// cause).
func validationCacheable(v author.Validation, err error) bool {
	return err == nil && !v.Crashed
}

// cachedGeneration is what the run cache keeps of a generator call: the
// hash of what it printed and, when it was validated, the validator's
// answer on it.
type cachedGeneration struct {
	Output string            `json:"output"`
	CPU    time.Duration     `json:"cpu_ns"`
	Wall   time.Duration     `json:"wall_ns"`
	Valid  *cachedValidation `json:"valid,omitempty"`
}

// toolIDs identifies a package's validator and generator in the run
// cache's keys. Each program is hashed once, when its first run asks
// (the validator runs before the generator is compiled).
type toolIDs struct {
	runOnce, valOnce, genOnce sync.Once
	runtime                   string
	run, env                  []string
	validator, generator      string // hashes of the programs, "" when not to cache
}

// common finds the runtime and the command of the Go tools once.
func (t *toolIDs) common(ctx context.Context, r *run) {
	t.runOnce.Do(func() {
		if lang := r.eng.Config.Languages["go"]; lang != nil {
			t.run, t.env = lang.Run, lang.Env
			t.runtime = r.eng.Compiler.Identity(ctx, lang)
		}
	})
}

// hash returns the hash of a tool's program, "" when it is not to be
// cached.
func (t *toolIDs) hash(cache *runcache.Store, p *compile.Program) string {
	if p == nil || t.run == nil {
		return ""
	}
	h, err := cache.HashFiles(p.Files)
	if err != nil {
		return ""
	}
	return h
}

// id returns the validator's part of the keys of its runs, "" when they
// are not cached.
func (a *validatorsAspect) id(ctx context.Context) string {
	r, t := a.n.r, &a.n.toolIDs
	t.common(ctx, r)
	t.valOnce.Do(func() {
		t.validator = t.hash(r.cache, a.prog)
		if t.validator == "" || a.prog.Language == nil || a.prog.Language.Name == "go" && a.validExit == 0 {
			return
		}
		// An input_validator: a program in any language, valid on its
		// own exit status; both are part of its key.
		lang := a.prog.Language
		t.validator = fmt.Sprintf("%s %s exit %d run %q env %q %s", t.validator, lang.Name, a.validExit,
			lang.Run, lang.Env, r.eng.Compiler.Identity(ctx, lang))
	})
	return t.validator
}

// key returns the key of the validator's run on an input whose bytes'
// hash is in.
func (a *validatorsAspect) key(ctx context.Context, in string) (runcache.Key, bool) {
	r, t := a.n.r, &a.n.toolIDs
	if r.cache == nil {
		return runcache.Key{}, false
	}
	if a.id(ctx) == "" {
		return runcache.Key{}, false
	}
	return runcache.Key{Kind: "validator", Program: t.validator, Runtime: t.runtime, Run: t.run, Env: t.env,
		Input: in, Limits: author.ToolLimits(), Sandbox: r.eng.Sandbox.Mode()}, true
}

// key returns the key of a generator call; its result holds the
// validator's answer on the output, so the validator is part of it.
func (a *generatorsAspect) key(ctx context.Context, c author.GeneratedTest) (runcache.Key, bool) {
	r, t := a.n.r, &a.n.toolIDs
	if r.cache == nil {
		return runcache.Key{}, false
	}
	t.common(ctx, r)
	t.genOnce.Do(func() { t.generator = t.hash(r.cache, a.prog) })
	validator := ""
	if a.val.prog != nil {
		if validator = a.val.id(ctx); validator == "" {
			return runcache.Key{}, false
		}
	}
	if t.generator == "" {
		return runcache.Key{}, false
	}
	h := sha256.New()
	fmt.Fprintf(h, "%d\x00%q", c.Seed, c.Args)
	return runcache.Key{Kind: "generator", Program: t.generator, Runtime: t.runtime, Run: t.run, Env: t.env,
		Input: hex.EncodeToString(h.Sum(nil)), Limits: author.ToolLimits(), Checker: "validator " + validator,
		Sandbox: r.eng.Sandbox.Mode()}, true
}

// cached fills g from the run cache, and reports whether it could: a
// recorded test whose file is what the generator printed, or a call
// whose output was validated.
func (a *generatorsAspect) cached(ctx context.Context, c author.GeneratedTest, want string, g *genResult) (runcache.Key, bool, bool) {
	r := a.n.r
	key, ok := a.key(ctx, c)
	var cg cachedGeneration
	if !ok || !r.cache.Get(key, &cg) {
		return key, ok, false
	}
	same := false
	if c.Name != "" {
		h, err := runcache.HashFile(want)
		if err != nil {
			return key, ok, false // the fresh run says what is wrong
		}
		same = h == cg.Output
	}
	if !same && a.val.prog != nil && cg.Valid == nil {
		return key, ok, false // kept when it matched its test, never validated
	}
	g.done, g.wall = true, cg.Wall
	if c.Name != "" && !same {
		g.differs = fmt.Sprintf("%s: differs from the output of generator %s (run judge test regen)", want, g.call)
	}
	if !same && cg.Valid != nil {
		g.valid = &toolResult{done: true, v: cg.Valid.validation()}
	}
	r.hit()
	return key, ok, true
}

// store keeps a generator call's result: the hash of its output file and
// the validator's answer on it, if it ran and answered.
func (a *generatorsAspect) store(key runcache.Key, out string, g *genResult, cpu time.Duration) {
	if g.err != nil || (g.valid != nil && !validationCacheable(g.valid.v, g.valid.err)) {
		return
	}
	if _, err := os.Stat(out); err != nil {
		return
	}
	h, err := runcache.HashFile(out)
	if err != nil {
		return
	}
	cg := cachedGeneration{Output: h, CPU: cpu, Wall: g.wall}
	if g.valid != nil {
		cg.Valid = toValidation(g.valid.v)
	}
	_ = a.n.r.cache.Put(key, cg) // a result not kept is made again next time
}
