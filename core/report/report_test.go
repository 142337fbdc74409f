package report

import (
	"bytes"
	"encoding/json"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/puzzlejudge/judge/core/checker"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
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
	want := []string{"compile", "elapsed_ms", "language", "limits", "max_memory_kb", "max_time_ms", "measurement", "problem", "sandbox", "tests", "verdict"}
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
	if !strings.Contains(colored.String(), "\x1b[") || !strings.Contains(colored.String(), "does not isolate") {
		t.Errorf("coloured basic-mode report lacks colour or the warning:\n%s", colored.String())
	}
}

// hostile is text a submission, compiler or checker could print to take
// over a terminal: clear the screen, set the clipboard (OSC 52), overwrite
// the line with a bare CR, and an 8-bit CSI, raw and as UTF-8.
const hostile = "\x1b[2J\x1b]52;c;cm0gLXJmIH4=\x07all good\rAC\x9b1m\u009b2J"

// rawControls returns the control characters in s that a terminal acts on.
func rawControls(s string) []rune {
	var bad []rune
	for i, r := range s {
		if r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD") {
			bad = append(bad, rune(s[i]))
			continue
		}
		if (r < 0x20 && r != '\n' && r != '\t') || (r >= 0x7f && r <= 0x9f) {
			bad = append(bad, r)
		}
	}
	return bad
}

// TestTextEscapes checks that no untrusted text reaches the terminal raw,
// and that multi-line compiler output keeps its lines.
func TestTextEscapes(t *testing.T) {
	ce := sample()
	ce.Verdict, ce.Tests = verdict.CE, nil
	ce.Compile = grade.CompileReport{OK: false, Output: "main.c:1: error: " + hostile + "\nmain.c:2: note: second line"}
	re := sample()
	re.Verdict = verdict.RE
	re.Tests[1] = grade.TestResult{Name: "7\x1b[31m", Verdict: verdict.RE, Message: "exit 1: " + hostile + "\nmore stderr"}
	wa := sample()
	wa.Tests[1].Message = "checker: " + hostile
	wa.Tests[1].Diff = &checker.DiffReport{Line: 1, Text: "- 1 | 4\n+ 1 | " + hostile + "\n"}
	ie := sample()
	ie.Verdict, ie.Error = verdict.IE, "test 7: checker crashed: "+hostile+"\nsecond line"
	for name, r := range map[string]*grade.Report{"compile output": ce, "RE stderr": re, "checker message": wa, "internal error": ie} {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := Text(&buf, r, "Title "+hostile, Style{}); err != nil {
				t.Fatal(err)
			}
			out := buf.String()
			if bad := rawControls(out); len(bad) > 0 {
				t.Errorf("raw controls %q in:\n%s", bad, out)
			}
			if !strings.Contains(out, `\x1b[2J\x1b]52;c;cm0gLXJmIH4=\aall good\rAC\x9b1m\u009b2J`) {
				t.Errorf("hostile text not shown escaped:\n%s", out)
			}
		})
	}
	var buf bytes.Buffer
	Text(&buf, ce, "", Style{})
	if !strings.Contains(buf.String(), "\n    main.c:2: note: second line\n") {
		t.Errorf("compiler output lost its lines:\n%s", buf.String())
	}
}

// TestJSONEscapes checks that the JSON report escapes every control
// character and still holds the same text.
func TestJSONEscapes(t *testing.T) {
	r := sample()
	r.Tests[1].Message = hostile
	var buf bytes.Buffer
	if err := JSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	if bad := rawControls(buf.String()); len(bad) > 0 {
		t.Errorf("raw controls %q in JSON:\n%s", bad, buf.String())
	}
	var back grade.Report
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	// The invalid byte 0x9b becomes U+FFFD, as encoding/json always did.
	if want := strings.Replace(hostile, "\x9b", "\uFFFD", 1); back.Tests[1].Message != want {
		t.Errorf("message %q, want %q", back.Tests[1].Message, want)
	}
}

// TestTextCompileIE checks that a compile the judge could not do reads as
// the judge's failure, with the reason, not as a compile error.
func TestTextCompileIE(t *testing.T) {
	r := sample()
	r.Verdict, r.Tests = verdict.IE, nil
	r.Compile = grade.CompileReport{}
	r.Error = "compile cpp: g++ not found in the box (install: apt-get install -y g++)"
	var buf bytes.Buffer
	if err := Text(&buf, r, "", Style{}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{"compile  IE (the judge could not compile", "internal error: compile cpp: g++ not found in the box (install: apt-get install -y g++)"} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "CE") {
		t.Errorf("a judge failure shown as CE:\n%s", out)
	}
}

// TestTextNamesDecidingTest: a scoring problem whose graders give TLE
// (problemtools' worst_error) to a submission that failed a sample with
// WA first names the test that got TLE, not the sample.
func TestTextNamesDecidingTest(t *testing.T) {
	r := sample()
	score, most := 50.0, 100.0
	r.Score, r.MaxScore = &score, &most
	r.Verdict = verdict.TLE
	r.Tests = append(r.Tests, grade.TestResult{Name: "secret/extreme/1", Verdict: verdict.TLE, TimeMs: 1000})
	var buf bytes.Buffer
	if err := Text(&buf, r, "", Style{}); err != nil {
		t.Fatal(err)
	}
	if want := "verdict TLE (Time Limit Exceeded) on test secret/extreme/1 "; !strings.Contains(buf.String(), want) {
		t.Errorf("text lacks %q:\n%s", want, buf.String())
	}
}
