package report

import (
	"bytes"
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/checker"
	"github.com/puzzlejudge/judge/grade"
	"github.com/puzzlejudge/judge/runner"
	"github.com/puzzlejudge/judge/verdict"
)

func sample() *grade.Report {
	return &grade.Report{
		Problem: "flip-game", Language: "cpp", Verdict: verdict.WA,
		Compile: grade.CompileReport{OK: true, TimeMs: 812},
		Tests: []grade.TestResult{
			{Name: "sample-1", Verdict: verdict.AC, TimeMs: 3, WallMs: 5, MemoryKB: 1024, Sample: true},
			{Name: "7", Verdict: verdict.WA, TimeMs: 4, WallMs: 6, MemoryKB: 2048, Message: `line 1, token 1: expected "4", got "5"`,
				Diff: &checker.DiffReport{Line: 1, Text: "- 1 | 4\n+ 1 | 5\n"}},
		},
		MaxTimeMs: 4, MaxMemoryKB: 2048,
		Limits:      grade.LimitsReport{TimeMs: 1000, WallMs: 3000, MemoryKB: 262144, OutputKB: 65536},
		Measurement: grade.Measurement{Memory: "cgroup-v1", CPU: "cgroup-v1"},
		Sandbox:     runner.ModeFull,
	}
}

// TestJSONContract pins the names of the JSON report, which other tools
// read.
func TestJSONContract(t *testing.T) {
	var buf bytes.Buffer
	if err := JSON(&buf, sample()); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(strings.TrimSpace(buf.String()), "\n{"); n != 0 {
		t.Fatalf("more than one object: %s", buf.String())
	}
	var m map[string]any
	if err := json.Unmarshal(buf.Bytes(), &m); err != nil {
		t.Fatal(err)
	}
	want := []string{"compile", "language", "limits", "max_memory_kb", "max_time_ms", "measurement", "problem", "sandbox", "tests", "verdict"}
	for _, k := range want {
		if _, ok := m[k]; !ok {
			t.Errorf("top level lacks %q", k)
		}
	}
	keys := func(v any) []string {
		var out []string
		for k := range v.(map[string]any) {
			out = append(out, k)
		}
		sort.Strings(out)
		return out
	}
	for _, c := range []struct {
		v    any
		want string
	}{
		{m["compile"], "cached ok output time_ms"},
		{m["limits"], "memory_kb output_kb time_ms wall_ms"},
		{m["measurement"], "cpu memory"},
		{m["tests"].([]any)[0], "exit_code memory_kb message name sample signal time_ms verdict wall_ms"},
	} {
		if got := strings.Join(keys(c.v), " "); got != c.want {
			t.Errorf("keys %q, want %q", got, c.want)
		}
	}
	if m["verdict"] != "WA" || m["sandbox"] != "full" {
		t.Errorf("verdict %v sandbox %v", m["verdict"], m["sandbox"])
	}
}

func TestTextPlain(t *testing.T) {
	var buf bytes.Buffer
	if err := Text(&buf, sample(), "Flip Game", Style{}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"flip-game — Flip Game", "sandbox full (memory: cgroup-v1)", "time 1000 ms",
		"sample-1  AC", `7         WA       4 ms`, `expected "4", got "5"`, "- 1 | 4", "+ 1 | 5",
		"verdict WA (Wrong Answer) on test 7   1/2 passed",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\x1b[") {
		t.Error("plain style printed colour codes")
	}
	if strings.Contains(out, "does not isolate") {
		t.Error("full mode printed the basic-mode warning")
	}
	var colored bytes.Buffer
	r := sample()
	r.Sandbox = runner.ModeBasic
	Text(&colored, r, "", Style{Color: true})
	if !strings.Contains(colored.String(), "\x1b[") || !strings.Contains(colored.String(), BasicWarning) {
		t.Errorf("coloured basic-mode report lacks colour or the warning:\n%s", colored.String())
	}
}
