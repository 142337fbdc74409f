// Command overhead measures, in one run, what the judge adds to running a
// program, and prints the figures side by side with their ratios:
//
//   - per-run overhead: the median wall time of a trivial static C program
//     run through a full-mode box, a basic-mode box, and bare
//     fork/exec/wait (os/exec), in blocks of 50 runs taken in turn;
//   - CPU accuracy: the CPU time reported for a ~200 ms busy loop against
//     what the kernel reports (rusage) for the same program run bare;
//   - the compile cache: a first `judge submit` of a Go source (compiled;
//     the warm Go build cache already built) against a second (cached);
//   - the whole judge: the marginal wall time per test of `judge submit`
//     on a problem of many one-line tests, with 1 and 2 workers, against a
//     bare spawn of the same binary with the same input and output files,
//     and (for 2 workers) against two bare spawners at once, which is as
//     fast as two workers could go if the judge cost nothing.
//
// Run it as root from the repository root: go run ./bench/overhead
package main

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
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
	// The busy loop reports its own CPU time (getrusage of itself, in
	// microseconds) on stderr as it ends.
	if err := cc(busy, "#include <stdio.h>\n#include <sys/resource.h>\nint main(void){volatile unsigned long x=0; for(unsigned long i=0;i<660000000UL;i++) x+=i; struct rusage r; getrusage(RUSAGE_SELF,&r); fprintf(stderr,\"%ld\\n\",(long)(r.ru_utime.tv_sec*1000000+r.ru_utime.tv_usec+r.ru_stime.tv_sec*1000000+r.ru_stime.tv_usec)); return 0;}"); err != nil {
		return err
	}
	ctx := context.Background()

	// The three are measured in turn, in blocks, so that the machine's
	// drift over the minute (these VMs' spawn cost moves by a third from
	// one minute to the next) falls on all of them alike; the first run of
	// each block is left out, so that none pays for work the one before
	// left behind (a box's helper tidies after its reply).
	const block = 50
	fmt.Printf("per-run wall time of a trivial static C program, median of %d runs each, in blocks of %d taken in turn\n", runs/block*block, block)
	kinds := []string{"bare os/exec"}
	boxes := map[runner.Mode]*runner.Sandbox{}
	one := map[string]func() time.Duration{"bare os/exec": func() time.Duration {
		t := time.Now()
		if err := exec.Command(trivial).Run(); err != nil {
			panic(err)
		}
		return time.Since(t)
	}}
	spec := runner.Spec{Args: []string{"{prog}/trivial"}, Program: []runner.File{{Name: "trivial", Path: trivial}}}
	for _, mode := range []runner.Mode{runner.ModeFull, runner.ModeBasic} {
		name := string(mode) + " box (judge Run)"
		sb, err := runner.New(runner.Config{Mode: mode, Idle: 2})
		if err != nil {
			fmt.Printf("  %-28s unavailable: %v\n", string(mode)+" box", err)
			continue
		}
		for i := 0; i < 20; i++ { // warm the pool
			if _, err := sb.Run(ctx, spec); err != nil {
				return err
			}
		}
		boxes[mode] = sb
		kinds = append(kinds, name)
		one[name] = func() time.Duration {
			t := time.Now()
			r, err := sb.Run(ctx, spec)
			if err != nil || !r.OK() {
				panic(fmt.Sprint(err, r))
			}
			return time.Since(t)
		}
	}
	took := map[string][]time.Duration{}
	for b := 0; b < runs/block; b++ {
		for _, k := range kinds {
			for i := 0; i <= block; i++ {
				if d := one[k](); i > 0 {
					took[k] = append(took[k], d)
				}
			}
		}
	}
	bare := summary(took[kinds[0]])
	fmt.Printf("  %-28s %8.3f ms\n", kinds[0], ms(bare))
	for _, k := range kinds[1:] {
		d := summary(took[k])
		target := ""
		if strings.HasPrefix(k, string(runner.ModeFull)) {
			target = "   (issue 25's target: 1.30x or less)"
		}
		fmt.Printf("  %-28s %8.3f ms   overhead %.3f ms   ratio %.2fx bare%s\n", k, ms(d), ms(d-bare), float64(d)/float64(bare), target)
	}
	if sb := boxes[runner.ModeFull]; sb != nil {
		fmt.Printf("\nCPU time of a busy loop, %d runs each, interleaved\n", loops)
		var boxCPU, bareCPU, selfCPU []time.Duration
		var worstSame float64
		bspec := runner.Spec{Args: []string{"{prog}/busy"}, Program: []runner.File{{Name: "busy", Path: busy}}, Limits: runner.Limits{CPU: 10 * time.Second}}
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
			// The kernel's rusage of the same process, as the program
			// read it of itself at its end (microseconds).
			var us int64
			if _, err := fmt.Sscan(string(r.Stderr), &us); err == nil {
				self := time.Duration(us) * time.Microsecond
				selfCPU = append(selfCPU, self)
				worstSame = max(worstSame, math.Abs(float64(r.CPU-self))/float64(self))
			}
		}
		mb, mx, ms2 := medianOf(boxCPU), medianOf(bareCPU), medianOf(selfCPU)
		fmt.Printf("  judge's figure (cgroup) median %.1f ms; the process's own rusage median %.1f ms, ratio %.3f, largest difference in one run %.1f%%\n",
			ms(mb), ms(ms2), float64(mb)/float64(ms2), 100*worstSame)
		fmt.Printf("  the same program run bare: median %.1f ms, ratio judge/bare %.3f (the CPU time of identical work varies run to run on this machine: bare min %.1f, max %.1f ms)\n\n",
			ms(mx), float64(mb)/float64(mx), ms(minOf(bareCPU)), ms(maxOf(bareCPU)))
	}
	for _, sb := range boxes {
		sb.Close()
	}
	judge := filepath.Join(dir, "judge")
	if out, err := exec.Command("go", "build", "-o", judge, "./judge").CombinedOutput(); err != nil {
		return fmt.Errorf("build judge: %v: %s", err, out)
	}
	if err := compileCache(dir, judge); err != nil {
		return err
	}
	return submitPerTest(dir, judge)
}

// submitPerTest measures what `judge submit` costs per test: the wall time
// of a problem of 300 one-line tests less that of one of 30, over 270,
// against a bare spawn of the same compiled program on the same files.
func submitPerTest(dir, judge string) error {
	src := filepath.Join(dir, "sum.c")
	if err := os.WriteFile(src, []byte("#include <stdio.h>\nint main(void){long a,b;if(scanf(\"%ld %ld\",&a,&b)!=2)return 1;printf(\"%ld\\n\",a+b);return 0;}\n"), 0o644); err != nil {
		return err
	}
	problems := map[int]string{}
	for _, n := range []int{30, 300} {
		p := filepath.Join(dir, fmt.Sprintf("sum%d", n))
		if err := os.MkdirAll(filepath.Join(p, "tests"), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(p, "problem.yaml"), []byte("title: Sum\ntime_limit: 1s\nmemory_limit: 64MiB\n"), 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(p, "statement.md"), []byte("# Sum\n"), 0o644); err != nil {
			return err
		}
		for i := 1; i <= n; i++ {
			in := filepath.Join(p, "tests", fmt.Sprintf("%d.in", i))
			if err := os.WriteFile(in, []byte(fmt.Sprintf("%d %d\n", i, 2*i)), 0o644); err != nil {
				return err
			}
			if err := os.WriteFile(strings.TrimSuffix(in, ".in")+".out", []byte(fmt.Sprintf("%d\n", 3*i)), 0o644); err != nil {
				return err
			}
		}
		problems[n] = p
	}
	submit := func(n, workers int) time.Duration {
		t := time.Now()
		out, err := exec.Command(judge, "submit", "--workers", fmt.Sprint(workers), problems[n], src).CombinedOutput()
		if err != nil {
			panic(fmt.Sprintf("judge submit: %v: %s", err, out))
		}
		return time.Since(t)
	}
	submit(30, 1) // compile once; every later submit is cached
	bin := filepath.Join(dir, "sum-bare")
	if out, err := exec.Command("gcc", "-O2", "-std=c17", "-o", bin, src, "-lm").CombinedOutput(); err != nil {
		return fmt.Errorf("gcc: %v: %s", err, out)
	}
	in := filepath.Join(problems[300], "tests", "1.in")
	outFile := filepath.Join(dir, "bare.out")
	fmt.Println("\njudge submit, marginal wall time per test (300 tests less 30, over 270; median of 5), against a bare spawn")
	spawn := func(out string) time.Duration {
		f, _ := os.Open(in)
		o, _ := os.Create(out)
		c := exec.Command(bin)
		c.Stdin, c.Stdout = f, o
		t := time.Now()
		if err := c.Run(); err != nil {
			panic(err)
		}
		d := time.Since(t)
		f.Close()
		o.Close()
		return d
	}
	bare := median(300, func() time.Duration { return spawn(outFile) })
	fmt.Printf("  %-28s %8.3f ms\n", "bare spawn (stdin, stdout files)", ms(bare))
	// The same spawns from two goroutines at once: what two workers could
	// reach here if the judge cost nothing. On these machines process
	// creation does not run in parallel (two spawners together are no
	// faster than one), which bounds the 2-worker figure.
	var par []time.Duration
	for i := 0; i < 5; i++ {
		par = append(par, parallelSpawns(300, func(w int) { spawn(fmt.Sprintf("%s.%d", outFile, w)) }))
	}
	bare2 := medianOf(par)
	fmt.Printf("  %-28s %8.3f ms   ratio %.2fx bare spawn\n", "2 bare spawners at once", ms(bare2), float64(bare2)/float64(bare))
	for _, workers := range []int{1, 2} {
		var per []time.Duration
		for i := 0; i < 5; i++ {
			per = append(per, (submit(300, workers)-submit(30, workers))/270)
		}
		m := medianOf(per)
		line := fmt.Sprintf("  %-28s %8.3f ms   ratio %.2fx bare spawn", fmt.Sprintf("judge submit, %d worker(s)", workers), ms(m), float64(m)/float64(bare))
		if workers == 2 {
			line += fmt.Sprintf(", %.2fx 2 bare spawners   (target: 1.00x bare spawn or less)", float64(m)/float64(bare2))
		} else {
			line += "   (target: 1.60x or less)"
		}
		fmt.Println(line)
	}
	return nil
}

// parallelSpawns runs n spawns from two goroutines, n/2 each, and returns
// the wall time per spawn.
func parallelSpawns(n int, spawn func(worker int)) time.Duration {
	t := time.Now()
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < n/2; i++ {
				spawn(w)
			}
		}()
	}
	wg.Wait()
	return time.Since(t) / time.Duration(n/2*2)
}

// compileCache times `judge submit` of a fresh Go source twice.
func compileCache(dir, judge string) error {
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
	return summary(ds)
}

// summary prints the spread of ds and returns its median.
func summary(ds []time.Duration) time.Duration {
	n := len(ds)
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
