// Command kattislimit measures what a derived Kattis time limit costs a
// `judge submit` once it is in the cache (issue 25 wants at most 2 s
// more than grading the submission itself): side by side in one run, it
// times `judge submit` of one submission on a copy of a package whose
// time limit is pinned, and on a copy that gives none, whose limit an
// earlier submit derived and kept. Rounds alternate the two, so that a
// drift of the machine's load touches both; the medians and their
// difference are printed beside the target, with the first (deriving)
// submit's time for scale.
//
// The package must be a Kattis package that gives no time limit (a
// .timelimit file is removed from the copies); the pinned copy gets the
// derived limit in a .timelimit file (legacy) or by --time-limit (later
// versions, where problem.yaml holds the limit). Both copies share one
// empty cache folder (JUDGE_CACHE_DIR), warmed by a first submit of each.
//
// Run it as root from the repository root:
//
//	go run ./bench/kattislimit [-reps 7] [-pkg DIR -sub PATH]
//
// Without -pkg it uses core/grade/testdata/kattis/sum-legacy and its
// submissions/accepted/sum.py; -sub is relative to the package.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// target is the most a cached derived limit may add to a submit.
const target = 2 * time.Second

func main() {
	reps := flag.Int("reps", 7, "rounds of each kind; the medians are compared")
	pkg := flag.String("pkg", "core/grade/testdata/kattis/sum-legacy", "a Kattis package folder that gives no time limit (or only .timelimit, removed)")
	sub := flag.String("sub", "submissions/accepted/sum.py", "the submission to grade, relative to the package")
	flag.Parse()
	if err := run(*reps, *pkg, *sub); err != nil {
		fmt.Fprintln(os.Stderr, "kattislimit:", err)
		os.Exit(1)
	}
}

// derivedRE finds the limit in submit's message of where it came from.
var derivedRE = regexp.MustCompile(`gives no time limit; (\S+) derived from`)

func run(reps int, pkg, sub string) error {
	if reps < 1 {
		return errors.New("-reps must be at least 1")
	}
	tmp, err := os.MkdirTemp("", "bench-kattislimit-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	judge := filepath.Join(tmp, "judge")
	if out, err := exec.Command("go", "build", "-o", judge, "./judge").CombinedOutput(); err != nil {
		return fmt.Errorf("go build ./judge: %v: %s", err, out)
	}
	env := append(os.Environ(), "JUDGE_CACHE_DIR="+filepath.Join(tmp, "cache"))
	derived := filepath.Join(tmp, "derived", filepath.Base(pkg))
	pinned := filepath.Join(tmp, "pinned", filepath.Base(pkg))
	for _, dir := range []string{derived, pinned} {
		if err := os.CopyFS(dir, os.DirFS(pkg)); err != nil {
			return err
		}
		if err := os.Remove(filepath.Join(dir, ".timelimit")); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}

	// The first submit derives the limit and keeps it.
	start := time.Now()
	stderr, err := submit(judge, env, derived, sub)
	first := time.Since(start)
	if err != nil {
		return err
	}
	m := derivedRE.FindStringSubmatch(stderr)
	if m == nil || !strings.Contains(stderr, "kept in the cache") {
		return fmt.Errorf("the first submit derived no limit (is the package's limit pinned?):\n%s", stderr)
	}
	limit, err := time.ParseDuration(m[1])
	if err != nil {
		return fmt.Errorf("limit %q: %w", m[1], err)
	}
	var pinArgs []string
	if legacy(pinned) {
		secs := strconv.FormatFloat(limit.Seconds(), 'f', -1, 64)
		if err := os.WriteFile(filepath.Join(pinned, ".timelimit"), []byte(secs+"\n"), 0o644); err != nil {
			return err
		}
	} else {
		pinArgs = []string{"--time-limit", limit.String()}
	}
	// Warm the pinned copy as the first submit warmed the compile cache.
	if _, err := submit(judge, env, pinned, sub, pinArgs...); err != nil {
		return err
	}

	var pins, cached []time.Duration
	for i := range reps {
		start := time.Now()
		if _, err := submit(judge, env, pinned, sub, pinArgs...); err != nil {
			return err
		}
		p := time.Since(start)
		start = time.Now()
		stderr, err := submit(judge, env, derived, sub)
		c := time.Since(start)
		if err != nil {
			return err
		}
		if !strings.Contains(stderr, "(cached ") {
			return fmt.Errorf("round %d: the second submit did not take the limit from the cache:\n%s", i+1, stderr)
		}
		pins, cached = append(pins, p), append(cached, c)
		fmt.Printf("round %d: pinned %7.3f s, cached derived %7.3f s\n", i+1, p.Seconds(), c.Seconds())
	}
	mp, mc := median(pins), median(cached)
	diff := mc - mp
	verdict := "meets"
	if diff > target {
		verdict = "MISSES"
	}
	fmt.Printf("\njudge submit %s on %s (time limit %v), medians of %d rounds (wall time of the whole command)\n", sub, pkg, limit, reps)
	fmt.Printf("  first submit, deriving the limit      %7.3f s\n", first.Seconds())
	fmt.Printf("  pinned limit                          %7.3f s\n", mp.Seconds())
	fmt.Printf("  derived limit from the cache          %7.3f s\n", mc.Seconds())
	fmt.Printf("  difference                            %+7.3f s (%s the target of at most %v)\n", diff.Seconds(), verdict, target)
	return nil
}

// submit runs judge submit and returns its standard error; a verdict other
// than AC (exit 1) is no error, a usage or internal failure is.
func submit(judge string, env []string, pkg, sub string, flags ...string) (string, error) {
	args := append([]string{"submit", pkg, filepath.Join(pkg, sub)}, flags...)
	cmd := exec.Command(judge, args...)
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1) {
		return "", fmt.Errorf("judge %v: %v: %s", args, err, stderr.Bytes())
	}
	return stderr.String(), nil
}

// legacy reports whether a package's problem.yaml is of the legacy
// version (no problem_format_version), where .timelimit pins the limit.
func legacy(dir string) bool {
	data, err := os.ReadFile(filepath.Join(dir, "problem.yaml"))
	return err == nil && !bytes.Contains(data, []byte("problem_format_version"))
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}
