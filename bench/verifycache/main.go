// Command verifycache measures what the run cache saves `judge verify`:
// the wall time of a first verify of unchanged problems (the run cache
// empty, every compile already in the compile cache), of a second one
// (every run's result in the run cache), and their ratio; issue 11 wants
// at least 5x. Each figure is the best of -reps rounds. A verify that
// fails, or a second verify whose checks differ from the first's (a run
// too near a limit to be cached was measured again), is shown, not
// fatal.
//
// Kattis packages (-kattis, folders separated by commas; "" for none)
// are measured the same way, on their own, with their own ratio. The
// machine's load average is shown before and after, since other work on
// the machine slows the first verify most.
//
// With -fresh it measures instead what an author sees on a new machine:
// every bundled problem (or the problems given) verified twice on an
// empty cache folder (JUDGE_CACHE_DIR), the first verify compiling every
// program and building the Go warm build cache; then the same on another
// empty folder where one `judge submit` of a Go solution has built the
// warm cache first, so that the first verify compiles but builds no warm
// cache. Each gives its ratio.
//
// With -warm it times what an author waits for after changing nothing:
// -reps verifies of every bundled problem (or the problems given) whose
// results are all in the run cache of the cache folder the environment
// gives (one verify fills it first), beside the target of issue 25 (a
// warm verify in seconds); -against BIN times another judge binary (an
// older build) round by round beside this tree's.
//
// Run it as root from the repository root (it empties the run cache,
// judge cache clean, before each first verify):
//
//	go run ./bench/verifycache [-reps 3] [-kattis dir,dir] [problem...]
//	go run ./bench/verifycache -fresh [problem...]
//	go run ./bench/verifycache -warm [-reps 3] [-against BIN] [problem...]
//
// Without problems it verifies flip-game and a-plus-b; without -kattis,
// the encode-2025 (multi-pass), parity-2025 and guess-2025 (interactive)
// packages of authoring/verify/testdata/kattis. (sum-legacy's time_limit_exceeded
// submission passes its limit on the wall clock on a busy machine, which
// is never kept, so its second verify waits for that run each time.)
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// report is what the bench reads of `judge verify --format json`.
type report struct {
	OK       bool `json:"ok"`
	Problems []struct {
		Checks []struct {
			Name   string `json:"name"`
			Status string `json:"status"`
		} `json:"checks"`
	} `json:"problems"`
	Stats struct {
		Runs       int   `json:"runs"`
		CachedRuns int   `json:"cached_runs"`
		WallMs     int64 `json:"wall_ms"`
	} `json:"stats"`
}

func main() {
	reps := flag.Int("reps", 3, "rounds; the best time of each kind is kept")
	kattis := flag.String("kattis", "authoring/verify/testdata/kattis/encode-2025,authoring/verify/testdata/kattis/parity-2025,authoring/verify/testdata/kattis/guess-2025",
		"Kattis package folders to measure on their own, separated by commas (\"\" for none)")
	fresh := flag.Bool("fresh", false, "verify on empty cache folders, compiles and the warm cache included (see the doc)")
	warm := flag.Bool("warm", false, "time warm verifies in the cache folder the environment gives (see the doc)")
	against := flag.String("against", "", "with -warm: another judge binary to time beside this tree's, round by round")
	flag.Parse()
	problems := flag.Args()
	if *warm {
		if err := runWarm(*reps, *against, problems); err != nil {
			fmt.Fprintln(os.Stderr, "verifycache:", err)
			os.Exit(1)
		}
		return
	}
	if *fresh {
		if err := runFresh(problems); err != nil {
			fmt.Fprintln(os.Stderr, "verifycache:", err)
			os.Exit(1)
		}
		return
	}
	if len(problems) == 0 {
		problems = []string{"flip-game", "a-plus-b"}
	}
	sets := [][]string{problems}
	if *kattis != "" {
		sets = append(sets, strings.Split(*kattis, ","))
	}
	if err := run(*reps, sets); err != nil {
		fmt.Fprintln(os.Stderr, "verifycache:", err)
		os.Exit(1)
	}
}

func run(reps int, sets [][]string) error {
	tmp, judge, err := buildJudge()
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	fmt.Printf("load average before: %s\n", loadavg())
	for _, problems := range sets {
		if err := measure(judge, reps, problems); err != nil {
			return err
		}
	}
	fmt.Printf("\nload average after: %s\n", loadavg())
	return nil
}

// loadavg returns the machine's load averages over 1, 5 and 15 minutes.
func loadavg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown (" + err.Error() + ")"
	}
	return strings.Join(strings.Fields(string(data))[:3], " ")
}

// measure times the first and second verify of problems, reps times, and
// prints the best of each and their ratio.
func measure(judge string, reps int, problems []string) error {
	// A verify with --no-cache compiles whatever is not compiled yet, so
	// that the first verifies measured compile nothing.
	if _, err := verify(judge, problems, "--no-cache"); err != nil {
		return err
	}
	var first, second time.Duration
	var r1, r2 *report
	for i := range reps {
		if out, err := exec.Command(judge, "cache", "clean").CombinedOutput(); err != nil {
			return fmt.Errorf("judge cache clean: %v: %s", err, out)
		}
		start := time.Now()
		a, err := verify(judge, problems)
		if err != nil {
			return err
		}
		d1 := time.Since(start)
		start = time.Now()
		b, err := verify(judge, problems)
		if err != nil {
			return err
		}
		d2 := time.Since(start)
		if err := same(a, b); err != nil {
			fmt.Printf("  note: the second verify differs from the first: %v\n", err)
		}
		if i == 0 || d1 < first {
			first, r1 = d1, a
		}
		if i == 0 || d2 < second {
			second, r2 = d2, b
		}
		fmt.Printf("round %d: first %6.2f s (%d runs), second %6.2f s (%d runs, %d cached)\n",
			i+1, d1.Seconds(), a.Stats.Runs, d2.Seconds(), b.Stats.Runs, b.Stats.CachedRuns)
	}
	fmt.Printf("\njudge verify %v, best of %d (wall time of the whole command)\n", problems, reps)
	fmt.Printf("  first  (run cache empty)  %6.2f s  %4d runs\n", first.Seconds(), r1.Stats.Runs)
	fmt.Printf("  second (unchanged)        %6.2f s  %4d runs, %d results from the run cache\n", second.Seconds(), r2.Stats.Runs, r2.Stats.CachedRuns)
	ratio := first.Seconds() / second.Seconds()
	verdict := "meets"
	if ratio < 5 {
		verdict = "MISSES"
	}
	fmt.Printf("  ratio                     %6.1fx (%s the target of 5x)\n", ratio, verdict)
	return nil
}

// verify runs judge verify on the problems and returns its report; a
// verify that could not run is an error, one whose checks fail is noted.
func verify(judge string, problems []string, flags ...string) (*report, error) {
	return verifyIn(judge, nil, problems, flags...)
}

// verifyIn is verify with env added to the command's environment.
func verifyIn(judge string, env []string, problems []string, flags ...string) (*report, error) {
	args := append([]string{"verify", "--format", "json"}, flags...)
	cmd := exec.Command(judge, append(args, problems...)...)
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var rep report
	if jerr := json.Unmarshal(stdout.Bytes(), &rep); jerr != nil {
		return nil, fmt.Errorf("judge %v: %v: %s", args, err, stderr.Bytes())
	}
	if !rep.OK {
		for _, p := range rep.Problems {
			for _, c := range p.Checks {
				if c.Status == "fail" || c.Status == "error" {
					fmt.Printf("  note: judge %v: check %q: %s\n", args, c.Name, c.Status)
				}
			}
		}
	}
	return &rep, nil
}

// same checks that two verifies reported the same checks.
func same(a, b *report) error {
	if len(a.Problems) != len(b.Problems) {
		return fmt.Errorf("%d problems, then %d", len(a.Problems), len(b.Problems))
	}
	for i := range a.Problems {
		ca, cb := a.Problems[i].Checks, b.Problems[i].Checks
		if len(ca) != len(cb) {
			return fmt.Errorf("%d checks, then %d", len(ca), len(cb))
		}
		for j := range ca {
			if ca[j] != cb[j] {
				return fmt.Errorf("check %s: %s, then %s", ca[j].Name, ca[j].Status, cb[j].Status)
			}
		}
	}
	return nil
}

// buildJudge checks that it runs from the repository root, makes the
// bench's temporary folder (the caller removes it) and builds the judge
// into it.
func buildJudge() (tmp, judge string, err error) {
	if _, err := os.Stat("problems"); err != nil {
		return "", "", fmt.Errorf("run this from the repository root (no problems/ folder here)")
	}
	if tmp, err = os.MkdirTemp("", "bench-verifycache-"); err != nil {
		return "", "", err
	}
	judge = filepath.Join(tmp, "judge")
	if out, err := exec.Command("go", "build", "-o", judge, "./judge").CombinedOutput(); err != nil {
		os.RemoveAll(tmp)
		return "", "", fmt.Errorf("go build ./judge: %v: %s", err, out)
	}
	return tmp, judge, nil
}
