package main

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
)

// cost adds up tool runs.
type cost struct {
	name, module string
	runs         int
	cpu, wall    time.Duration
}

// printPerPackage reads the recorder's log and prints the CPU per module
// and the top packages; total is the whole build's user+sys CPU.
func printPerPackage(logPath string, total time.Duration, top int) error {
	runs, err := readRuns(logPath)
	if err != nil {
		return err
	}
	modules, err := moduleOf()
	if err != nil {
		return err
	}
	byModule := map[string]*cost{}
	byPkg := map[string]*cost{}
	var tools time.Duration
	for _, r := range runs {
		cpu := time.Duration(r.UserNS + r.SysNS)
		tools += cpu
		mod := module(r.Pkg, modules)
		for _, c := range []*cost{entry(byModule, mod, mod), entry(byPkg, r.Pkg, mod)} {
			c.runs++
			c.cpu += cpu
			c.wall += time.Duration(r.WallNS)
		}
	}

	fmt.Printf("\nCPU (user+sys) of the compiler, assembler and linker runs, per module (%d runs, %.1f s)\n", len(runs), tools.Seconds())
	fmt.Printf("  %-44s %8s %6s %6s %9s\n", "module", "CPU s", "share", "runs", "wall s")
	for _, c := range sorted(byModule) {
		fmt.Printf("  %-44s %8.1f %5.1f%% %6d %9.1f\n", c.name, c.cpu.Seconds(), 100*c.cpu.Seconds()/total.Seconds(), c.runs, c.wall.Seconds())
	}
	rest := total - tools
	fmt.Printf("  %-44s %8.1f %5.1f%%\n", "outside them (go command, cgo's gcc, recorder)", rest.Seconds(), 100*rest.Seconds()/total.Seconds())

	fmt.Printf("\nthe %d packages whose compile (or link) cost the most CPU\n", top)
	fmt.Printf("  %-52s %-30s %8s %9s\n", "package", "module", "CPU s", "wall s")
	for i, c := range sorted(byPkg) {
		if i == top {
			break
		}
		fmt.Printf("  %-52s %-30s %8.1f %9.1f\n", c.name, c.module, c.cpu.Seconds(), c.wall.Seconds())
	}
	return nil
}

func entry(m map[string]*cost, name, mod string) *cost {
	if m[name] == nil {
		m[name] = &cost{name: name, module: mod}
	}
	return m[name]
}

func sorted(m map[string]*cost) []*cost {
	out := make([]*cost, 0, len(m))
	for _, c := range m {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b *cost) int { return cmp.Compare(b.cpu, a.cpu) })
	return out
}

func readRuns(path string) ([]toolRun, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("the recorder's log: %w", err)
	}
	var runs []toolRun
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		var r toolRun
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("the recorder's log: %w", err)
		}
		runs = append(runs, r)
	}
	return runs, sc.Err()
}

// moduleOf maps the import path of every package ./judge depends on to
// its module's path; the standard library's packages have none.
func moduleOf() (map[string]string, error) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{with .Module}}{{.Path}}{{end}}", "./judge").Output()
	if err != nil {
		return nil, fmt.Errorf("go list -deps ./judge: %w", err)
	}
	m := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, mod, _ := strings.Cut(line, " ")
		m[pkg] = mod
	}
	return m, nil
}

// module names the module of a recorded package: the main package is the
// judge's, runs with no package are the go command's tool-ID queries.
func module(pkg string, modules map[string]string) string {
	switch pkg {
	case "":
		return "(tool version queries)"
	case "link":
		return "(link)"
	case "main":
		return modules["github.com/puzzlejudge/judge/judge"]
	}
	if mod := modules[pkg]; mod != "" {
		return mod
	}
	return "std"
}
