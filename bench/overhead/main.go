// Command overhead measures, in one run, what the judge adds to running a
// program, and prints the figures side by side with their ratios:
//
//   - per-run overhead: the median wall time of a trivial static C program
//     run through a full-mode box, a basic-mode box, and bare
//     fork/exec/wait (os/exec);
//   - CPU accuracy: the CPU time reported for a ~200 ms busy loop against
//     what the kernel reports (rusage) for the same program run bare;
//   - the compile cache: a first `judge submit` of a Go source (compiled;
//     the warm Go build cache already built) against a second (cached).
//
// Run it as root from the repository root: go run ./bench/overhead
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/puzzlejudge/judge/runner"
)

func main() {
	runner.Init()
	runs := flag.Int("runs", 500, "runs per overhead measurement")
	loops := flag.Int("loops", 20, "runs of the busy loop")
	flag.Parse()
	if err := run(*runs, *loops); err != nil {
		fmt.Fprintln(os.Stderr, "overhead:", err)
		os.Exit(1)
	}
}

func run(runs, loops int) error {
	dir, err := os.MkdirTemp("", "judge-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	trivial := filepath.Join(dir, "trivial")
	busy := filepath.Join(dir, "busy")
	if err := cc(trivial, "int main(void){return 0;}"); err != nil {
		return err
	}
	if err := cc(busy, "int main(void){volatile unsigned long x=0; for(unsigned long i=0;i<330000000UL;i++) x+=i; return 0;}"); err != nil {
		return err
	}
	ctx := context.Background()

	fmt.Printf("per-run wall time of a trivial static C program, median of %d runs\n", runs)
	bare := median(runs, func() time.Duration {
		t := time.Now()
		if err := exec.Command(trivial).Run(); err != nil {
			panic(err)
		}
		return time.Since(t)
	})
	fmt.Printf("  %-28s %8.3f ms\n", "bare os/exec", ms(bare))
	for _, mode := range []runner.Mode{runner.ModeFull, runner.ModeBasic} {
		sb, err := runner.New(runner.Config{Mode: mode, Idle: 2})
		if err != nil {
			fmt.Printf("  %-28s unavailable: %v\n", string(mode)+" box", err)
			continue
		}
		spec := runner.Spec{Args: []string{"{prog}/trivial"}, Program: []runner.File{{Name: "trivial", Path: trivial}}}
		for i := 0; i < 20; i++ { // warm the pool
			if _, err := sb.Run(ctx, spec); err != nil {
				return err
			}
		}
		d := median(runs, func() time.Duration {
			t := time.Now()
			r, err := sb.Run(ctx, spec)
			if err != nil || !r.OK() {
				panic(fmt.Sprint(err, r))
			}
			return time.Since(t)
		})
		fmt.Printf("  %-28s %8.3f ms   overhead %.3f ms   ratio %.2fx bare\n", string(mode)+" box (judge Run)", ms(d), ms(d-bare), float64(d)/float64(bare))
		if mode == runner.ModeFull {
			fmt.Printf("\nCPU time of a busy loop, %d runs each, interleaved\n", loops)
			var boxCPU, bareCPU, selfCPU []time.Duration
			var worstSame float64
			bspec := runner.Spec{Args: []string{"/usr/bin/time", "-f", "%U %S", "{prog}/busy"}, Program: []runner.File{{Name: "busy", Path: busy}}, Limits: runner.Limits{CPU: 10 * time.Second}}
			for i := 0; i < loops; i++ {
				c := exec.Command(busy)
				if err := c.Run(); err != nil {
					return err
				}
				ru := c.ProcessState.SysUsage().(*syscall.Rusage)
				bareCPU = append(bareCPU, time.Duration(syscall.TimevalToNsec(ru.Utime)+syscall.TimevalToNsec(ru.Stime)))
				r, err := sb.Run(ctx, bspec)
				if err != nil {
					return err
				}
				boxCPU = append(boxCPU, r.CPU)
				// The kernel's rusage of the same process, as /usr/bin/time
				// inside the box prints it (centiseconds).
				var u, sy float64
				if _, err := fmt.Sscan(string(r.Stderr), &u, &sy); err == nil {
					self := time.Duration((u + sy) * float64(time.Second))
					selfCPU = append(selfCPU, self)
					worstSame = max(worstSame, float64(r.CPU-self)/float64(self))
				}
			}
			mb, mx, ms2 := medianOf(boxCPU), medianOf(bareCPU), medianOf(selfCPU)
			fmt.Printf("  judge's figure (cgroup) median %.1f ms; kernel's rusage of the same process median %.1f ms, ratio %.3f, largest excess of one run %.1f%% (rusage counts in 10 ms steps)\n",
				ms(mb), ms(ms2), float64(mb)/float64(ms2), 100*worstSame)
			fmt.Printf("  the same program run bare: median %.1f ms, ratio judge/bare %.3f (the CPU time of identical work varies run to run on this machine: bare min %.1f, max %.1f ms)\n\n",
				ms(mx), float64(mb)/float64(mx), ms(minOf(bareCPU)), ms(maxOf(bareCPU)))
		}
		sb.Close()
	}
	return compileCache(dir)
}

// compileCache times `judge submit` of a fresh Go source twice.
func compileCache(dir string) error {
	judge := filepath.Join(dir, "judge")
	if out, err := exec.Command("go", "build", "-o", judge, "./judge").CombinedOutput(); err != nil {
		return fmt.Errorf("build judge: %v: %s", err, out)
	}
	src := filepath.Join(dir, "sum.go")
	body := fmt.Sprintf("package main\n\nimport \"fmt\"\n\n// %d\nfunc main() {\n\tvar a, b int64\n\tfmt.Scan(&a, &b)\n\tfmt.Println(a + b)\n}\n", time.Now().UnixNano())
	if err := os.WriteFile(src, []byte(body), 0o644); err != nil {
		return err
	}
	// Build the warm Go cache first, so that the first timing is a compile,
	// not the one-time warm-up.
	_ = exec.Command(judge, "submit", "a-plus-b", "solutions/a-plus-b/accepted/sum.go").Run()
	var times []time.Duration
	for i := 0; i < 2; i++ {
		t := time.Now()
		out, err := exec.Command(judge, "submit", "a-plus-b", src).CombinedOutput()
		if err != nil {
			return fmt.Errorf("judge submit: %v: %s", err, out)
		}
		times = append(times, time.Since(t))
	}
	fmt.Println("judge submit of an unchanged Go source (a-plus-b, 16 tests)")
	fmt.Printf("  first (compiles) %.0f ms, second (cached) %.0f ms, ratio %.1fx\n", ms(times[0]), ms(times[1]), float64(times[0])/float64(times[1]))
	return nil
}

func cc(out, src string) error {
	c := exec.Command("gcc", "-O2", "-static", "-x", "c", "-o", out, "-")
	c.Stdin = strings.NewReader(src)
	if b, err := c.CombinedOutput(); err != nil {
		return fmt.Errorf("gcc: %v: %s", err, b)
	}
	return nil
}

func median(n int, f func() time.Duration) time.Duration {
	ds := make([]time.Duration, n)
	for i := range ds {
		ds[i] = f()
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	var sum time.Duration
	for _, d := range s {
		sum += d
	}
	fmt.Printf("    (p10 %.3f ms, median %.3f ms, p90 %.3f ms, mean %.3f ms)\n", ms(s[n/10]), ms(s[n/2]), ms(s[n*9/10]), ms(sum/time.Duration(n)))
	return medianOf(ds)
}

func medianOf(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

func minOf(ds []time.Duration) time.Duration { return slices.Min(ds) }
func maxOf(ds []time.Duration) time.Duration { return slices.Max(ds) }

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
