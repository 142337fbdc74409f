// Command service measures `judge serve` from outside, over HTTP on
// loopback, against the targets, and prints each figure with its
// target and PASS or MISS:
//
//  1. service overhead: POST→verdict (GET ?wait=30s) of an accepted
//     a-plus-b C source, one in flight, against the in-process grading
//     of the same source by the same judging stack, pair by pair: the
//     service's time outside the submission's own grading (p50, p99),
//     plus the median amount by which its grading is slower than in
//     process (see overhead.go);
//  2. SSE: the time to the first event after subscribing, and the
//     server's RSS growth with many idle event streams (before the burst
//     grows the server's heap);
//  3. throughput with compile-cache hits: submissions per second through
//     the service with several in flight, against back-to-back
//     `judge submit` processes in the same run;
//  4. burst: many POSTs at once while judging runs: the time until all
//     are answered and the answers; then every accepted one judged once.
//
// The server is the real binary (`go build ./judge`, then `judge serve
// --addr 127.0.0.1:0` on a fresh data folder), with its users' tokens
// made in its store beforehand: the service caps each user's rate and
// queued submissions, so the load is spread over many users. The machine's
// load average is printed at the start and the end. A missed target is
// reported, not failed (timings are not asserted); the exit status is
// non-zero only on errors: a wrong verdict, a submission lost or judged
// twice, a server that fails.
//
// Run it as root from the repository root: go run ./bench/service
// (-quick, with fewer iterations, is what .ci/run runs).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/puzzlejudge/judge/core/config"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/runner"
)

// acceptedC is the submission every measurement judges.
const acceptedC = "solutions/a-plus-b/accepted/sum.c"

// testsWanted is how many tests the figures are for.
const testsWanted = 16

// params are the iteration counts.
type params struct {
	pairs, subs, inflight, cli, burst, first, idle int
	// phases are the measurements to make; perf, if set, is a file to
	// record the server's CPU profile to during the overhead phase.
	phases map[string]bool
	perf   string
	// pairLog, if set, is a file the overhead phase writes each pair's
	// figures to (tab-separated), to look at the slowest ones.
	pairLog string
}

// allPhases are the measurements, in the order they run.
var allPhases = []string{"overhead", "sse", "throughput", "burst"}

func main() {
	runner.Init()
	quick := flag.Bool("quick", false, "fewer iterations (what CI runs)")
	var p params
	flag.IntVar(&p.pairs, "pairs", 400, "overhead: submissions through the service and in process, each")
	flag.IntVar(&p.subs, "subs", 200, "throughput: submissions through the service")
	flag.IntVar(&p.inflight, "inflight", 4, "throughput: submissions in flight")
	flag.IntVar(&p.cli, "cli", 30, "throughput: back-to-back judge submit processes")
	flag.IntVar(&p.burst, "burst", 1000, "burst: POSTs at once")
	flag.IntVar(&p.first, "first", 100, "SSE: subscriptions timed to their first event")
	flag.IntVar(&p.idle, "idle", 1000, "SSE: idle clients")
	only := flag.String("phases", strings.Join(allPhases, ","), "the measurements to make, comma-separated")
	flag.StringVar(&p.perf, "perf", "", "record the server's CPU profile (perf record -g) during the overhead phase into this file")
	flag.StringVar(&p.pairLog, "pairlog", "", "overhead: write each pair's figures (ms, tab-separated) to this file")
	flag.Parse()
	p.phases = map[string]bool{}
	for _, name := range strings.Split(*only, ",") {
		if !slices.Contains(allPhases, name) {
			fmt.Fprintf(os.Stderr, "bench/service: -phases: unknown %q (want some of %s)\n", name, strings.Join(allPhases, ","))
			os.Exit(2)
		}
		p.phases[name] = true
	}
	if *quick {
		set := map[string]bool{}
		flag.Visit(func(f *flag.Flag) { set[f.Name] = true })
		for name, v := range map[string]*int{"pairs": &p.pairs, "subs": &p.subs, "cli": &p.cli, "first": &p.first} {
			if !set[name] {
				*v = map[string]int{"pairs": 200, "subs": 60, "cli": 10, "first": 50}[name]
			}
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := run(ctx, p)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench/service:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, p params) error {
	if p.pairs < 1 || p.subs < 1 || p.inflight < 1 || p.cli < 2 || p.burst < 1 || p.first < 1 || p.idle < 1 {
		return fmt.Errorf("every count must be positive (and -cli at least 2)")
	}
	fmt.Printf("load average at start: %s (%d CPUs)\n", loadavg(), numCPU())
	if err := raiseFiles(p.idle); err != nil {
		return err
	}
	if err := checkProblem(); err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "judge-bench-service-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	bin, err := buildJudge(dir)
	if err != nil {
		return err
	}
	// Warm the compile cache (and any one-time warm-up) for the source.
	if out, err := exec.CommandContext(ctx, bin, "submit", "a-plus-b", acceptedC).CombinedOutput(); err != nil {
		return fmt.Errorf("judge submit a-plus-b %s: %v: %s", acceptedC, err, out)
	}
	// At most 10 queued submissions a user (the service's default cap):
	// the burst comes from one connection per user, 10 POSTs each, and
	// 4 more users keep the worker busy meanwhile.
	data := filepath.Join(dir, "data")
	users, err := makeTokens(ctx, data, max(20, (p.burst+9)/10)+4)
	if err != nil {
		return err
	}
	srv, err := startServer(ctx, bin, data, filepath.Join(dir, "serve.log"))
	if err != nil {
		return err
	}
	fmt.Printf("judge serve at %s (pid %d), %d user tokens; log in %s while running\n", srv.url, srv.cmd.Process.Pid, len(users), srv.stderr)
	c := newClient(srv.url)
	var t targets
	err = phases(ctx, c, srv, bin, users, p, &t)
	if serr := srv.stop(); err == nil {
		err = serr
	}
	if err != nil {
		return err
	}
	fmt.Printf("\nload average at end: %s\n", loadavg())
	if len(t.missed) > 0 {
		fmt.Printf("%d of %d figures within target; missed: %v\n", t.n-len(t.missed), t.n, t.missed)
	} else {
		fmt.Printf("all %d figures within target\n", t.n)
	}
	return nil
}

// phases runs the four measurements against one server, the idle-memory
// one before the burst grows the server's heap.
func phases(ctx context.Context, c *client, srv *server, bin string, users []string, p params, t *targets) error {
	if p.phases["overhead"] {
		stop := func() error { return nil }
		if p.perf != "" {
			var err error
			if stop, err = perfRecord(srv.cmd.Process.Pid, p.perf); err != nil {
				return err
			}
		}
		err := overhead(ctx, c, srv, users, p.pairs, p.pairLog, t)
		if serr := stop(); err == nil {
			err = serr
		}
		if err != nil {
			return fmt.Errorf("overhead: %w", err)
		}
	}
	if p.phases["sse"] {
		if err := sse(ctx, c, srv, users, p.first, p.idle, t); err != nil {
			return fmt.Errorf("sse: %w", err)
		}
	}
	if p.phases["throughput"] {
		if err := throughput(ctx, c, bin, users, p.subs, p.inflight, p.cli, t); err != nil {
			return fmt.Errorf("throughput: %w", err)
		}
	}
	if p.phases["burst"] {
		if err := burst(ctx, c, srv.admin, users, p.burst, t); err != nil {
			return fmt.Errorf("burst: %w", err)
		}
	}
	return nil
}

// checkProblem makes sure a-plus-b has the 16 tests the figures are for.
func checkProblem() error {
	cfg, err := config.Load("", nil)
	if err != nil {
		return err
	}
	pr, err := problem.Find(cfg.ProblemsDir, "a-plus-b")
	if err != nil {
		return fmt.Errorf("a-plus-b (run from the repository root): %w", err)
	}
	if len(pr.Tests) != testsWanted {
		return fmt.Errorf("a-plus-b has %d tests; the figures are for %d", len(pr.Tests), testsWanted)
	}
	return nil
}

// raiseFiles raises the open-file limit for the idle clients' connections
// (the server, started after, inherits it).
func raiseFiles(idle int) error {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
		return err
	}
	need := uint64(idle)*2 + 1024
	if r.Cur < need {
		r.Cur = min(max(need, r.Cur), r.Max)
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
			return fmt.Errorf("raise the open-file limit: %w", err)
		}
	}
	if r.Cur < need {
		return fmt.Errorf("the open-file limit is %d, %d idle clients need about %d (ulimit -n)", r.Cur, idle, need)
	}
	return nil
}
