// Command verifyload checks that `judge verify` and its timed tests hold
// on a loaded machine (issue 11: "judge verify passes reliably on this
// 2-core machine under the load of go test ./..."). It keeps -burners
// CPU-bound goroutines spinning for the whole run (they end with the
// command, however it ends), then runs
//
//   - -tests rounds of `go test -count=1 -run TestVerify ./authoring/verify` (the
//     broken-package cases whose solutions burn CPU near a limit), and
//   - -verifies rounds of `judge verify` of every bundled problem, each
//     with a fresh, empty cache folder (JUDGE_CACHE_DIR), so that the run
//     cache hides no run and every compile is made,
//
// and prints each round's result, its time and the load averages before
// and after. It exits 1 when a round failed.
//
// Run it as root from the repository root:
//
//	go run ./bench/verifyload [-burners 4] [-tests 3] [-verifies 2] [-run REGEXP]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"time"
)

func main() {
	burners := flag.Int("burners", 4, "CPU-bound goroutines kept spinning while the rounds run")
	tests := flag.Int("tests", 3, "rounds of go test on ./authoring/verify")
	verifies := flag.Int("verifies", 2, "rounds of judge verify of every bundled problem, each on an empty cache")
	run := flag.String("run", "TestVerify$", "the -run pattern of the go test rounds")
	minLoad := flag.Float64("min-load", 6, "wait (up to a minute) until the 1-minute load average reaches this before the first round")
	flag.Parse()
	failed, err := bench(*burners, *tests, *verifies, *run, *minLoad)
	if err != nil {
		fmt.Fprintln(os.Stderr, "verifyload:", err)
		os.Exit(1)
	}
	if failed > 0 {
		fmt.Printf("\n%d round(s) FAILED\n", failed)
		os.Exit(1)
	}
	fmt.Println("\nevery round passed")
}

func bench(burners, tests, verifies int, pattern string, minLoad float64) (int, error) {
	if _, err := os.Stat("problems"); err != nil {
		return 0, fmt.Errorf("run this from the repository root (no problems/ folder here)")
	}
	tmp, err := os.MkdirTemp("", "bench-verifyload-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(tmp)
	judge := filepath.Join(tmp, "judge")
	if out, err := exec.Command("go", "build", "-o", judge, "./judge").CombinedOutput(); err != nil {
		return 0, fmt.Errorf("go build ./judge: %v: %s", err, out)
	}
	fmt.Printf("load average before the burners: %s\n", loadavg())
	stop := burn(burners)
	defer stop()
	waitLoad(minLoad, time.Minute)
	fmt.Printf("%d burners spinning; load average: %s\n\n", burners, loadavg())
	failed := 0
	for i := range tests {
		ok := round(fmt.Sprintf("go test round %d", i+1), exec.Command("go", "test", "-count=1", "-run", pattern, "./authoring/verify"))
		if !ok {
			failed++
		}
	}
	for i := range verifies {
		cache := filepath.Join(tmp, fmt.Sprintf("cache-%d", i+1))
		cmd := exec.Command(judge, "verify")
		cmd.Env = append(os.Environ(), "JUDGE_CACHE_DIR="+cache)
		if !round(fmt.Sprintf("judge verify round %d (empty cache %s)", i+1, cache), cmd) {
			failed++
		}
	}
	return failed, nil
}

// round runs cmd, prints how it went, and reports whether it passed; a
// failed round's output is printed.
func round(name string, cmd *exec.Cmd) bool {
	before := loadavg()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	took := time.Since(start)
	status := "pass"
	if err != nil {
		status = "FAIL (" + err.Error() + ")"
	}
	fmt.Printf("%s: %s in %.1f s; load average %s before, %s after\n", name, status, took.Seconds(), before, loadavg())
	if err != nil {
		fmt.Println(indent(out.String()))
	}
	return err == nil
}

// burn starts n goroutines that spin until the returned function is
// called; each keeps a core busy when it gets one, which adds about one
// to the load average.
func burn(n int) (stop func()) {
	runtime.GOMAXPROCS(max(runtime.GOMAXPROCS(0), n+1))
	var done atomic.Bool
	for range n {
		go func() {
			x := uint64(1)
			for !done.Load() {
				for range 1 << 16 {
					x = x*6364136223846793005 + 1442695040888963407
				}
			}
			_ = x
		}()
	}
	return func() { done.Store(true) }
}

// waitLoad waits until the 1-minute load average reaches target, or for at
// most limit.
func waitLoad(target float64, limit time.Duration) {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		var one float64
		if _, err := fmt.Sscan(loadavg(), &one); err != nil || one >= target {
			return
		}
		time.Sleep(2 * time.Second)
	}
}

// loadavg returns the machine's load averages over 1, 5 and 15 minutes.
func loadavg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown (" + err.Error() + ")"
	}
	return strings.Join(strings.Fields(string(data))[:3], " ")
}

// indent indents text for the report, keeping its last 60 lines.
func indent(text string) string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if len(lines) > 60 {
		lines = append([]string{"…"}, lines[len(lines)-60:]...)
	}
	return "    " + strings.Join(lines, "\n    ")
}
