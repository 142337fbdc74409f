// Command kattispublic judges real Kattis problem packages the way an
// author importing someone else's package would, and counts what passes:
// every package found under the folders given (a folder with a
// problem.yaml and a data/ folder) is verified with `judge verify
// --format json`, each of its checks counted as passed, failed, warned or
// skipped; and every submission in one of its standard folders
// (accepted, wrong_answer, time_limit_exceeded, run_time_error) is
// judged with `judge submit --format json`, passing when it gets its
// folder's verdict. A submission in a language the judge does not know
// or whose compiler is not installed is skipped, not failed.
//
// The packages are the public ones of problemtools (examples/),
// DOMjudge (example_problems/), BAPCtools (test/problems/) and the
// problem package format (examples/problems/): fetch those repositories
// and give their folders, e.g.
//
//	go run ./bench/kattispublic [-judge BIN] [-timeout 10m] DIR...
//
// It prints a line per package and per failure, then the totals, and
// exits 0 (the count is the result; a package may fail for reasons of
// its own).
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"
)

// folderVerdict is the verdict `judge submit` must give a submission of
// each standard folder, as judge verify counts it. The Kattis formats
// have no memory-limit verdict: a program over the memory limit is a
// run-time error there, so the judge's MLE passes in run_time_error/; an
// output flood, stopped here at the output limit (OLE), runs into the time
// limit on judges that truncate its output, so OLE passes in
// time_limit_exceeded/.
var folderVerdict = map[string][]string{
	"accepted":            {"AC"},
	"wrong_answer":        {"WA"},
	"time_limit_exceeded": {"TLE", "OLE"},
	"run_time_error":      {"RE", "MLE"},
}

// tally counts checks by outcome.
type tally struct{ pass, fail, warn, skip int }

func (t *tally) add(o tally) {
	t.pass += o.pass
	t.fail += o.fail
	t.warn += o.warn
	t.skip += o.skip
}

func (t tally) String() string {
	all := t.pass + t.fail + t.warn + t.skip
	pct := 0.0
	if judged := t.pass + t.fail + t.warn; judged > 0 {
		pct = 100 * float64(t.pass+t.warn) / float64(judged)
	}
	return fmt.Sprintf("%d checks: %d passed, %d warned, %d failed, %d skipped (%.0f %% of those judged pass)", all, t.pass, t.warn, t.fail, t.skip, pct)
}

func main() {
	judge := flag.String("judge", "", "the judge binary (default: built from ./judge into a temporary folder)")
	timeout := flag.Duration("timeout", 10*time.Minute, "the longest one judge command may take")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: kattispublic [-judge BIN] [-timeout D] DIR...")
		os.Exit(2)
	}
	if err := run(*judge, *timeout, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "kattispublic:", err)
		os.Exit(1)
	}
}

func run(judge string, timeout time.Duration, roots []string) error {
	if judge == "" {
		tmp, err := os.MkdirTemp("", "kattispublic-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		judge = filepath.Join(tmp, "judge")
		if out, err := exec.Command("go", "build", "-o", judge, "./judge").CombinedOutput(); err != nil {
			return fmt.Errorf("go build ./judge: %v\n%s", err, out)
		}
	}
	var pkgs []string
	for _, root := range roots {
		found, err := packages(root)
		if err != nil {
			return err
		}
		pkgs = append(pkgs, found...)
	}
	if len(pkgs) == 0 {
		return errors.New("no Kattis package (a folder with problem.yaml and data/) under the folders given")
	}
	var verifyAll, submitAll tally
	for _, pkg := range pkgs {
		start := time.Now()
		v := verify(judge, timeout, pkg)
		s := submits(judge, timeout, pkg)
		verifyAll.add(v)
		submitAll.add(s)
		fmt.Printf("%-60s verify %s; submit %s (%.0f s)\n", pkg, v, s, time.Since(start).Seconds())
	}
	fmt.Printf("\n%d packages\nverify: %s\nsubmit: %s\n", len(pkgs), verifyAll, submitAll)
	all := verifyAll
	all.add(submitAll)
	fmt.Printf("all:    %s\n", all)
	return nil
}

// packages lists the Kattis packages under root, sorted.
func packages(root string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if _, err := os.Stat(filepath.Join(path, "problem.yaml")); err == nil {
			if fi, err := os.Stat(filepath.Join(path, "data")); err == nil && fi.IsDir() {
				if generated(path) {
					fmt.Printf("%-60s not counted: its test data comes from BAPCtools' generators.yaml (bt generate), and data/secret is not in the repository\n", path)
				} else {
					out = append(out, path)
				}
				return filepath.SkipDir
			}
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// generated says whether a package's tests are made by BAPCtools from
// generators/generators.yaml and not committed: it has the file and no
// data/secret (what generation also writes, such as test_group.yaml with
// the validator's arguments, is missing too).
func generated(pkg string) bool {
	_, gen := os.Stat(filepath.Join(pkg, "generators", "generators.yaml"))
	_, secret := os.Stat(filepath.Join(pkg, "data", "secret"))
	return gen == nil && secret != nil
}

// judgeCmd runs the judge with args and returns its standard output and
// error and its exit code (-1 when it did not run to an exit).
func judgeCmd(judge string, timeout time.Duration, args ...string) ([]byte, string, int) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, judge, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		code = -1
	}
	if ctx.Err() != nil {
		return stdout.Bytes(), "timed out after " + timeout.String(), -1
	}
	return stdout.Bytes(), stderr.String(), code
}

// verify counts the checks of `judge verify` on pkg; a verify that gives
// no report is one failed check.
func verify(judge string, timeout time.Duration, pkg string) tally {
	out, stderr, _ := judgeCmd(judge, timeout, "verify", pkg, "--format", "json")
	var rep struct {
		Problems []struct {
			Checks []struct {
				Name, Status, Message string
			} `json:"checks"`
		} `json:"problems"`
	}
	if err := json.Unmarshal(out, &rep); err != nil || len(rep.Problems) == 0 {
		fmt.Printf("  FAIL verify %s: no report: %s\n", pkg, firstLine(stderr))
		return tally{fail: 1}
	}
	var t tally
	for _, c := range rep.Problems[0].Checks {
		switch c.Status {
		case "pass":
			t.pass++
		case "warn":
			t.warn++
		case "skip":
			t.skip++
		default:
			t.fail++
			fmt.Printf("  FAIL verify %s: %s: %s\n", pkg, c.Name, firstLine(c.Message))
		}
	}
	return t
}

// submits judges every submission of pkg's standard folders.
func submits(judge string, timeout time.Duration, pkg string) tally {
	var t tally
	for folder, want := range folderVerdict {
		dir := filepath.Join(pkg, "submissions", folder)
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), ".") {
				continue // .gitkeep and the like: no submission, as Kattis sees it
			}
			sub := filepath.Join(dir, e.Name())
			out, stderr, code := judgeCmd(judge, timeout, "submit", pkg, sub, "--format", "json")
			var rep struct {
				Verdict string `json:"verdict"`
				Compile struct {
					Output string `json:"output"`
				} `json:"compile"`
			}
			if json.Unmarshal(out, &rep) != nil || rep.Verdict == "" {
				// Skipped: the submission's own language is unknown or
				// not installed here (another file's is a failure).
				if code == 2 && ownLanguage(stderr, sub) {
					t.skip++
					continue
				}
				t.fail++
				fmt.Printf("  FAIL submit %s: exit %d: %s\n", sub, code, firstLine(stderr))
				continue
			}
			switch {
			case slices.Contains(want, rep.Verdict):
				t.pass++
			case rep.Verdict == "CE" && (strings.Contains(rep.Compile.Output, "not installed") || python2(sub)):
				// Its compiler is missing, or it is Python 2 (its #! line
				// says so), which this judge does not have.
				t.skip++
			default:
				t.fail++
				fmt.Printf("  FAIL submit %s: %s, want %s\n", sub, rep.Verdict, strings.Join(want, " or "))
			}
		}
	}
	return t
}

// python2 says whether the file's #! line names Python 2.
func python2(path string) bool {
	b, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	first, _, _ := strings.Cut(string(b), "\n")
	return strings.HasPrefix(first, "#!") && strings.Contains(first, "python2")
}

// ownLanguage says whether the judge's stderr refuses the submission sub
// itself for its language: unknown, or its compiler not installed.
func ownLanguage(stderr, sub string) bool {
	for _, line := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(line, "judge: "+sub+":") && (strings.Contains(line, "language") || strings.Contains(line, "not installed")) {
			return true
		}
	}
	return false
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 160 {
		s = s[:160] + "…"
	}
	return s
}
