package compile

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/puzzlejudge/judge/runner"
)

// key is the cache key of compiling src as lang with the compiler whose
// identity is id, under lim.
func key(lang *Language, id string, lim runner.Limits, src []byte) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%q\x00%q\x00%q\x00%q\x00%q\x00%+v\x00",
		lang.Name, lang.Source, lang.Compile, lang.Env, lang.Artifacts, id, lim)
	h.Write(src)
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// identity is a memoised compiler identity.
type identity struct {
	mu   sync.Mutex
	done bool
	id   string
}

// identity returns what identifies lang's compiler: the output of its
// version command run in a box (as it is, so that warm caches keep their
// names), or else the path, size and modification
// time of the compiler's binary as found along the box's PATH. It is found
// once per Compiler and language; concurrent callers wait for the first.
// A compiler that cannot be identified (it is most likely missing, which
// the compile itself then reports) is identified by its name alone, and
// asked again next time.
func (c *Compiler) identity(ctx context.Context, lang *Language) string {
	var tool string // the compiler, or the runtime of a language with no compile
	if len(lang.Compile) > 0 {
		tool = lang.Compile[0]
	} else {
		tool = lang.Run[0]
	}
	memo := fmt.Sprintf("%s\x00%q\x00%q\x00%q", lang.Name, lang.Version, tool, lang.Env)
	c.mu.Lock()
	if c.ids == nil {
		c.ids = map[string]*identity{}
	}
	e := c.ids[memo]
	if e == nil {
		e = &identity{}
		c.ids[memo] = e
	}
	c.mu.Unlock()
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.done {
		return e.id
	}
	if id, ok := c.version(ctx, lang); ok {
		e.id, e.done = id, true
		return e.id
	}
	if id, ok := binaryIdentity(tool); ok {
		e.id, e.done = id, true
		return e.id
	}
	return "unidentified " + tool
}

// Identity returns what identifies the compiler or, for a language with no
// compile step, the runtime of lang, as identity finds it: results that
// depend on it (the run cache's) are keyed by it.
func (c *Compiler) Identity(ctx context.Context, lang *Language) string {
	if len(lang.Compile) == 0 && len(lang.Run) == 0 {
		return ""
	}
	return c.identity(ctx, lang)
}

// version runs lang's version command in a box and returns its output.
func (c *Compiler) version(ctx context.Context, lang *Language) (string, bool) {
	if len(lang.Version) == 0 {
		return "", false
	}
	env := lang.Env
	if lang.Cache != nil {
		env = replaceAll(env, "{cache}", "{box}/.cache")
	}
	res, err := c.Sandbox.Run(ctx, runner.Spec{Args: lang.Version, Env: env, Combined: true, AllCPUs: true,
		Limits: runner.Limits{CPU: 10 * time.Second, Wall: 20 * time.Second, Memory: 512 << 20, Procs: 64}})
	if err != nil || !res.OK() {
		return "", false
	}
	return string(res.Stderr), true
}

// binaryIdentity returns the resolved path, size and modification time of
// command, looked up along the box's PATH on the host (boxes show host
// folders read-only at the same place).
func binaryIdentity(command string) (string, bool) {
	var candidates []string
	if strings.Contains(command, "/") {
		candidates = []string{command}
	} else {
		for _, dir := range filepath.SplitList(runner.BoxPath) {
			candidates = append(candidates, filepath.Join(dir, command))
		}
	}
	for _, p := range candidates {
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			continue
		}
		fi, err := os.Stat(real)
		if err != nil || !fi.Mode().IsRegular() || fi.Mode()&0o111 == 0 {
			continue
		}
		return fmt.Sprintf("binary %s %d %d", real, fi.Size(), fi.ModTime().UnixNano()), true
	}
	return "", false
}
