// Command coldbuild measures a newcomer's first build of the judge (issue
// 25: "the README's main-job command on a fresh machine with an empty Go
// build cache: ≤ 90 s on 2 idle cores, build included"). It runs what the
// README's first command builds,
//
//	go build -o TMP ./judge
//
// with GOCACHE set to a new, empty folder (the standard library is
// compiled too, as on a fresh machine), while the module cache (GOMODCACHE)
// stays as it is: downloading the modules is not the build. It prints the
// build's wall time and the user and system CPU time of the go command and
// everything it waited for (the child's rusage), beside the target, with
// the load averages before and after: on a loaded machine the wall time
// says little, and user+sys CPU is the figure to compare.
//
// With -submit it then runs the rest of the README's first command,
//
//	judge submit a-plus-b solutions/a-plus-b/accepted/sum.go
//
// with an empty cache folder (JUDGE_CACHE_DIR), so that the first Go
// submission builds its warm build cache as on a fresh machine, and
// compares the build and the submit together with the target.
//
// With -per-package the same build runs every compiler, assembler and
// linker invocation through this program (go build -toolexec), which
// records each one's CPU and wall time; it then prints the CPU per module
// (the standard library as "std") and the packages that cost the most.
// The wrapper adds one small exec per tool run to the total.
//
// Run it from the repository root:
//
//	go run ./bench/coldbuild [-submit] [-per-package] [-top 15]
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// target is issue 25's bound on the first run's wall time, build included,
// on 2 idle cores.
const target = 90 * time.Second

func main() {
	if len(os.Args) > 2 && os.Args[1] == toolexecArg {
		os.Exit(wrapTool(os.Args[2], os.Args[3:]))
	}
	perPackage := flag.Bool("per-package", false, "record each compile and link (go build -toolexec) and print the CPU per module and the costliest packages")
	top := flag.Int("top", 15, "with -per-package, how many packages to list")
	submit := flag.Bool("submit", false, "then run the README's first judge submit with an empty cache folder, and time build and submit together")
	flag.Parse()
	if err := run(*perPackage, *submit, *top); err != nil {
		fmt.Fprintln(os.Stderr, "coldbuild:", err)
		os.Exit(1)
	}
}

// usage is what one cold build cost.
type usage struct {
	wall, user, sys time.Duration
	binary          int64
}

func run(perPackage, submit bool, top int) error {
	if _, err := os.Stat(filepath.Join("judge", "main.go")); err != nil {
		return fmt.Errorf("run this from the repository root (no judge/main.go here)")
	}
	tmp, err := os.MkdirTemp("", "bench-coldbuild-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	args := []string{"build", "-o", filepath.Join(tmp, "judge"), "./judge"}
	toolLog := filepath.Join(tmp, "tools.jsonl")
	if perPackage {
		self, err := os.Executable()
		if err != nil {
			return err
		}
		if strings.ContainsAny(self+toolLog, " \t'\"") {
			return fmt.Errorf("-per-package needs paths without spaces or quotes: %s, %s", self, toolLog)
		}
		args = append([]string{"build", "-toolexec", self + " " + toolexecArg + " " + toolLog}, args[1:]...)
	}
	gocache := filepath.Join(tmp, "gocache")
	if err := os.Mkdir(gocache, 0o755); err != nil {
		return err
	}

	fmt.Printf("go %s  (GOCACHE=%s, empty; GOMODCACHE as it is)\n", strings.Join(args, " "), gocache)
	fmt.Printf("%s, %d CPUs, load average before: %s\n", runtime.Version(), runtime.NumCPU(), loadavg())
	u, err := build(args, gocache)
	if err != nil {
		return err
	}
	fmt.Printf("load average after:  %s\n\n", loadavg())

	cpu := u.user + u.sys
	cores := time.Duration(runtime.NumCPU())
	fmt.Printf("cold build of ./judge (binary %.1f MB)\n", float64(u.binary)/1e6)
	fmt.Printf("  wall time            %7.1f s\n", u.wall.Seconds())
	fmt.Printf("  user CPU             %7.1f s\n", u.user.Seconds())
	fmt.Printf("  system CPU           %7.1f s\n", u.sys.Seconds())
	fmt.Printf("  user+sys             %7.1f s  = at best %.1f s of wall time on %d idle cores\n", cpu.Seconds(), (cpu / cores).Seconds(), runtime.NumCPU())
	if perPackage {
		fmt.Println("  (built through the -toolexec recorder, which adds one exec per tool run)")
	}
	wall, what := u.wall, "the build alone (-submit adds the first Go submission's warm build cache)"
	if submit {
		s, err := firstSubmit(filepath.Join(tmp, "judge"), filepath.Join(tmp, "cache"))
		if err != nil {
			return err
		}
		fmt.Printf("first judge submit %s (empty cache folder)\n", strings.Join(submitArgs[1:], " "))
		fmt.Printf("  wall time            %7.1f s\n", s.wall.Seconds())
		fmt.Printf("  user+sys             %7.1f s  (the judge and what it waited for)\n", (s.user + s.sys).Seconds())
		fmt.Printf("load average after:  %s\n", loadavg())
		wall, what = u.wall+s.wall, "build and first submit"
	}
	verdict := "meets"
	if wall > target {
		verdict = "MISSES"
	}
	fmt.Printf("%s: %.1f s of wall time (%s the target of at most %v on 2 idle cores; the load averages above say how idle these were)\n", what, wall.Seconds(), verdict, target)
	if perPackage {
		return printPerPackage(toolLog, cpu, top)
	}
	return nil
}

// build runs the go command with the empty build cache and returns its
// wall time and the CPU time of it and of every process it waited for.
func build(args []string, gocache string) (usage, error) {
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), "GOCACHE="+gocache)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return usage{}, fmt.Errorf("go %s: %w", strings.Join(args, " "), err)
	}
	u := usage{wall: time.Since(start), user: cmd.ProcessState.UserTime(), sys: cmd.ProcessState.SystemTime()}
	if fi, err := os.Stat(args[len(args)-2]); err == nil {
		u.binary = fi.Size()
	}
	return u, nil
}

// submitArgs is the README's first command after the build.
var submitArgs = []string{"submit", "a-plus-b", "solutions/a-plus-b/accepted/sum.go"}

// firstSubmit runs the README's first judge submit with an empty cache
// folder; a verdict other than AC is an error, as the README promises AC.
func firstSubmit(judge, cache string) (usage, error) {
	cmd := exec.Command(judge, submitArgs...)
	cmd.Env = append(os.Environ(), "JUDGE_CACHE_DIR="+cache)
	out := new(strings.Builder)
	cmd.Stdout, cmd.Stderr = out, out
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return usage{}, fmt.Errorf("judge %s: %w\n%s", strings.Join(submitArgs, " "), err, out)
	}
	return usage{wall: time.Since(start), user: cmd.ProcessState.UserTime(), sys: cmd.ProcessState.SystemTime()}, nil
}

// loadavg returns the 1-, 5- and 15-minute load averages.
func loadavg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
