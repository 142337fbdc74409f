package compile

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/puzzlejudge/judge/runner"
)

// Toolchain is what Probe found of a language's tools in the box.
type Toolchain struct {
	// Version is the first line of the language's version command's
	// output ("" with no version command configured, or no box to run
	// it in).
	Version string
	// Missing says why programs of the language cannot be judged here;
	// "" when they can.
	Missing string
}

// Present reports whether the language's tools were found.
func (t Toolchain) Present() bool { return t.Missing == "" }

// probeLimits bound a version command: a JVM compiler's (kotlinc) takes
// more than a second of CPU.
var probeLimits = runner.Limits{CPU: 10 * time.Second, Wall: 20 * time.Second, Memory: 512 << 20, Procs: 64}

// Probe looks for lang's tools the way its compile and runs will find
// them: its compile, run and version commands' programs along the box's
// PATH, and, with a sandbox, its version command run in a box (with the
// language's environment), whose first line is the Version. With no
// sandbox (nil) only the programs are looked for.
func Probe(ctx context.Context, sb *runner.Sandbox, lang *Language) Toolchain {
	for _, cmd := range [][]string{lang.Compile, lang.Run, lang.Version} {
		if len(cmd) == 0 || strings.Contains(cmd[0], "{") {
			continue // a program the compile makes ({prog}/main)
		}
		if _, ok := binaryIdentity(cmd[0]); !ok {
			return Toolchain{Missing: missing(lang, cmd[0])}
		}
	}
	if sb == nil || len(lang.Version) == 0 {
		return Toolchain{}
	}
	env := lang.Env
	if lang.Cache != nil {
		env = replaceAll(env, "{cache}", "{box}/.cache")
	}
	res, err := sb.Run(ctx, runner.Spec{Args: lang.Version, Env: env, Combined: true, AllCPUs: true, Limits: probeLimits})
	first := firstLine(string(res.Stderr))
	switch {
	case errors.Is(err, runner.ErrCommandNotFound):
		return Toolchain{Missing: missing(lang, lang.Version[0])}
	case err != nil:
		return Toolchain{Missing: fmt.Sprintf("%s: %v", strings.Join(lang.Version, " "), err)}
	case !res.OK():
		return Toolchain{Missing: fmt.Sprintf("%s failed in the box: %s", strings.Join(lang.Version, " "), first)}
	}
	return Toolchain{Version: first}
}

// ProbeAll probes every language of langs, a few at once.
func ProbeAll(ctx context.Context, sb *runner.Sandbox, langs map[string]*Language) map[string]Toolchain {
	out := make(map[string]Toolchain, len(langs))
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	for name, l := range langs {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			t := Probe(ctx, sb, l)
			mu.Lock()
			defer mu.Unlock()
			out[name] = t
		})
	}
	wg.Wait()
	return out
}

// missing says that command, one of lang's tools, is not in the box.
func missing(lang *Language, command string) string {
	msg := command + " not found in the box"
	if lang.Install != "" {
		msg += " (install: " + lang.Install + ")"
	}
	return msg
}

// firstLine is the first non-blank line of s, trimmed.
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return l
		}
	}
	return ""
}
