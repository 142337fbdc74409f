// Command solutions times every accepted Go and C++ solution of every problem
// under problems/ on all of that problem's test inputs and prints, per
// solution, the total CPU time over all tests, the slowest test, and the
// ratio of the total to the accepted C++ solution of the same problem.
//
// Run it from the repository root:
//
//	go run bench/solutions/main.go [-reps 3] [-py] [-problems a,b]
//
// Each solution is built into a temporary directory the way the judge builds
// it (a Go file is copied to main.go and built alone; C++ is compiled with
// g++ -O2 -std=c++17) and run once per test and repetition; a test's time is
// the smallest user+sys CPU time the kernel reports for the child (rusage)
// over the repetitions. Where the problem's checker is tokens or exact, the
// outputs are compared with the .out files token by token and a solution
// giving a wrong answer is flagged. The program does not use the judge.
//
//go:build ignore

package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

type solution struct {
	name string   // file name
	lang string   // go, cpp, py
	argv []string // command to run
}

type result struct {
	sol     solution
	totalMS float64
	worstMS float64
	worstIn string
	wrong   []string
	failed  string
}

func main() {
	reps := flag.Int("reps", 3, "runs per test; the minimum CPU time is kept")
	withPy := flag.Bool("py", false, "also time accepted Python solutions")
	only := flag.String("problems", "", "comma-separated problem slugs (default: every folder under problems/)")
	timeout := flag.Duration("timeout", 60*time.Second, "wall-clock limit for one run")
	flag.Parse()

	if _, err := os.Stat("problems"); err != nil {
		fmt.Fprintln(os.Stderr, "run this from the repository root (no problems/ folder here)")
		os.Exit(2)
	}
	tmp, err := os.MkdirTemp("", "bench-solutions")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer os.RemoveAll(tmp)

	// A problem is a folder with a problem.yaml (problems/internal holds
	// shared test code, not a problem).
	yamls, _ := filepath.Glob(filepath.Join("problems", "*", "problem.yaml"))
	var dirs []string
	for _, y := range yamls {
		dirs = append(dirs, filepath.Dir(y))
	}
	slices.Sort(dirs)
	var want map[string]bool
	if *only != "" {
		want = map[string]bool{}
		for _, s := range strings.Split(*only, ",") {
			want[strings.TrimSpace(s)] = true
		}
	}

	fmt.Printf("%-16s %-28s %12s %12s %-28s %9s\n", "problem", "solution", "total ms", "slowest ms", "slowest test", "vs C++")
	fmt.Println(strings.Repeat("-", 110))
	for _, dir := range dirs {
		slug := filepath.Base(dir)
		if st, err := os.Stat(dir); err != nil || !st.IsDir() || (want != nil && !want[slug]) {
			continue
		}
		if checkerKind(dir) == "interactor" {
			// Its solutions talk with an interactor; run alone on the
			// inputs they would time nothing meaningful.
			fmt.Printf("%-16s (interactive: not timed here)\n", slug)
			continue
		}
		ins, _ := filepath.Glob(filepath.Join(dir, "tests", "*.in"))
		slices.Sort(ins)
		if len(ins) == 0 {
			fmt.Printf("%-16s (no tests yet)\n", slug)
			continue
		}
		sols := collect(slug, tmp, *withPy)
		if len(sols) == 0 {
			fmt.Printf("%-16s (no accepted Go/C++ solutions yet)\n", slug)
			continue
		}
		compare := checkerKind(dir) == "tokens" || checkerKind(dir) == "exact"
		var results []result
		for _, s := range sols {
			results = append(results, measure(s, ins, *reps, *timeout, compare))
		}
		// the reference: the fastest C++ solution that built and ran
		cpp := -1.0
		for _, r := range results {
			if r.sol.lang == "cpp" && r.failed == "" && (cpp < 0 || r.totalMS < cpp) {
				cpp = r.totalMS
			}
		}
		for _, r := range results {
			if r.failed != "" {
				fmt.Printf("%-16s %-28s %s\n", slug, r.sol.name, "FAILED: "+r.failed)
				continue
			}
			ratio := "-"
			if cpp > 0 {
				ratio = fmt.Sprintf("%.2fx", r.totalMS/cpp)
			}
			note := ""
			if len(r.wrong) > 0 {
				note = fmt.Sprintf("  WRONG on %d tests (%s)", len(r.wrong), r.wrong[0])
			}
			fmt.Printf("%-16s %-28s %12.1f %12.1f %-28s %9s%s\n", slug, r.sol.name, r.totalMS, r.worstMS, r.worstIn, ratio, note)
		}
		note := ""
		if !compare {
			note = "; " + checkerKind(dir) + " checker, outputs not compared"
		}
		fmt.Printf("%-16s (%d test inputs, %d runs each, min CPU user+sys per test%s)\n", "", len(ins), *reps, note)
	}
}

// collect builds the accepted solutions of one problem.
func collect(slug, tmp string, withPy bool) []solution {
	files, _ := filepath.Glob(filepath.Join("solutions", slug, "accepted", "*"))
	slices.Sort(files)
	var out []solution
	for _, f := range files {
		name := filepath.Base(f)
		dir := filepath.Join(tmp, slug, name)
		prog := filepath.Join(dir, "prog")
		var s solution
		switch filepath.Ext(f) {
		case ".go":
			src, err := os.ReadFile(f)
			if err != nil {
				continue
			}
			os.MkdirAll(dir, 0o755)
			if err := os.WriteFile(filepath.Join(dir, "main.go"), src, 0o644); err != nil {
				continue
			}
			cmd := exec.Command("go", "build", "-o", "prog", "main.go")
			cmd.Dir = dir
			if msg, err := cmd.CombinedOutput(); err != nil {
				out = append(out, solution{name: name, lang: "go", argv: []string{"!build failed: " + firstLine(msg)}})
				continue
			}
			s = solution{name, "go", []string{prog}}
		case ".cpp":
			os.MkdirAll(dir, 0o755)
			if msg, err := exec.Command("g++", "-O2", "-std=c++17", "-o", prog, f).CombinedOutput(); err != nil {
				out = append(out, solution{name: name, lang: "cpp", argv: []string{"!build failed: " + firstLine(msg)}})
				continue
			}
			s = solution{name, "cpp", []string{prog}}
		case ".py":
			if !withPy {
				continue
			}
			abs, _ := filepath.Abs(f)
			s = solution{name, "py", []string{python(), abs}}
		default:
			continue
		}
		out = append(out, s)
	}
	return out
}

var pythonPath string

// python returns the real python3 interpreter: a version-manager shim (such
// as pyenv's) would otherwise add its own start-up time to every run.
func python() string {
	if pythonPath == "" {
		pythonPath = "python3"
		if out, err := exec.Command("python3", "-c", "import sys; print(sys.executable)").Output(); err == nil {
			if p := strings.TrimSpace(string(out)); p != "" {
				pythonPath = p
			}
		}
	}
	return pythonPath
}

func firstLine(b []byte) string {
	s := strings.TrimSpace(string(b))
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

// checkerKind is the checker key of a problem's problem.yaml ("tokens"
// when absent), or "interactor" for an interactive problem.
func checkerKind(dir string) string {
	data, err := os.ReadFile(filepath.Join(dir, "problem.yaml"))
	if err != nil {
		return "tokens"
	}
	for _, line := range strings.Split(string(data), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if ok && strings.TrimSpace(k) == "interactor" {
			return "interactor"
		}
		if ok && strings.TrimSpace(k) == "checker" {
			if i := strings.IndexByte(v, '#'); i >= 0 {
				v = v[:i]
			}
			if v = strings.Trim(strings.TrimSpace(v), `"'`); v != "" {
				return v
			}
		}
	}
	return "tokens"
}

func measure(s solution, ins []string, reps int, timeout time.Duration, compare bool) result {
	r := result{sol: s}
	if strings.HasPrefix(s.argv[0], "!") {
		r.failed = s.argv[0][1:]
		return r
	}
	for _, in := range ins {
		input, err := os.ReadFile(in)
		if err != nil {
			r.failed = err.Error()
			return r
		}
		expected, _ := os.ReadFile(strings.TrimSuffix(in, ".in") + ".out")
		best := -1.0
		for k := 0; k < reps; k++ {
			cpu, out, err := runOnce(s.argv, input, timeout)
			if err != nil {
				r.failed = fmt.Sprintf("%s: %v", filepath.Base(in), err)
				return r
			}
			if k == 0 && compare && expected != nil && !sameTokens(out, expected) {
				r.wrong = append(r.wrong, filepath.Base(in))
			}
			if best < 0 || cpu < best {
				best = cpu
			}
		}
		r.totalMS += best
		if best > r.worstMS {
			r.worstMS, r.worstIn = best, filepath.Base(in)
		}
	}
	return r
}

// runOnce runs the program on input and returns its CPU time (user+sys) in
// milliseconds as reported by the kernel for the child process.
func runOnce(argv []string, input []byte, timeout time.Duration) (float64, []byte, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin = bytes.NewReader(input)
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		return 0, nil, err
	}
	timer := time.AfterFunc(timeout, func() { cmd.Process.Kill() })
	err := cmd.Wait()
	timer.Stop()
	if err != nil {
		return 0, nil, err
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, nil, fmt.Errorf("no rusage")
	}
	ms := float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e6
	return ms, out.Bytes(), nil
}

func sameTokens(a, b []byte) bool {
	x, y := bytes.Fields(a), bytes.Fields(b)
	return slices.EqualFunc(x, y, bytes.Equal)
}
