package checker

import (
	"context"
	"github.com/puzzlejudge/judge/core/compile"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
)

// writeFile writes content to a new file in dir and returns its path.
func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// checkCase is one output checked against one expected answer.
type checkCase struct {
	name     string
	expected string
	output   string
	want     verdict.Verdict
	msg      string // expected Message, or its start if it ends in "*"
}

// runCases runs c on every case.
func runCases(t *testing.T, c Checker, cases []checkCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			in := writeFile(t, dir, "t.in", "input\n")
			exp := writeFile(t, dir, "t.ans", tt.expected)
			out := writeFile(t, dir, "t.out", tt.output)
			res, err := c.Check(context.Background(), in, out, exp)
			if err != nil {
				t.Fatalf("Check: %v", err)
			}
			if res.Verdict != tt.want {
				t.Errorf("verdict = %s (%s), want %s", res.Verdict, res.Message, tt.want)
			}
			if prefix, ok := strings.CutSuffix(tt.msg, "*"); ok {
				if !strings.HasPrefix(res.Message, prefix) {
					t.Errorf("message = %q, want prefix %q", res.Message, prefix)
				}
			} else if res.Message != tt.msg {
				t.Errorf("message = %q, want %q", res.Message, tt.msg)
			}
			if strings.Contains(res.Message, "\n") {
				t.Errorf("message spans lines: %q", res.Message)
			}
		})
	}
}

func TestTokens(t *testing.T) {
	a40 := strings.Repeat("a", 40)
	huge := strings.Repeat("x", 3<<20)
	runCases(t, Tokens{}, []checkCase{
		{"equal", "1 2\n3\n", "1 2\n3\n", verdict.AC, ""},
		{"both empty", "", "", verdict.AC, ""},
		{"only white space", " \n", "\n\n\t", verdict.AC, ""},
		{"white space differs", "1 2\n3\n", "1   2 3", verdict.AC, ""},
		{"CRLF", "1 2\n3\n", "1 2\r\n3\r\n", verdict.AC, ""},
		{"tabs", "1 2\n", "\t1\t2\t\n", verdict.AC, ""},
		{"trailing newline missing", "1 2\n3\n", "1 2\n3", verdict.AC, ""},
		{"extra token", "1 2\n", "1 2 3\n", verdict.WA, `line 1, token 3: expected end of output, got "3"`},
		{"extra line", "1 2\n", "1 2\n\n4 5\n", verdict.WA, `line 3, token 1: expected end of output, got "4"`},
		{"missing token", "1 2 3\n", "1 2\n", verdict.WA, `line 1, token 3: expected "3", got end of output`},
		{"empty output", "1\n", "", verdict.WA, `line 1, token 1: expected "1", got end of output`},
		{"wrong token", "1\n5 6\n", "1\n5 7\n", verdict.WA, `line 2, token 2: expected "6", got "7"`},
		{"position in output", "1 2 3 4\n", "1 2\n3 5\n", verdict.WA, `line 2, token 2: expected "4", got "5"`},
		{"prefix", "abc", "ab", verdict.WA, `line 1, token 1: expected "abc", got "ab"`},
		{"longer", "ab", "abc", verdict.WA, `line 1, token 1: expected "ab", got "abc"`},
		{"case matters", "Yes", "YES", verdict.WA, `line 1, token 1: expected "Yes", got "YES"`},
		{"quoted", "a\"b", "a\x00b", verdict.WA, `line 1, token 1: expected "a\"b", got "a\x00b"`},
		{"long tokens cut", a40 + "b", a40 + "c", verdict.WA,
			`line 1, token 1: expected "` + a40 + `…", got "` + a40 + `…" (tokens differ at byte 41)`},
		{"utf8 cut", strings.Repeat("é", 30), strings.Repeat("é", 29) + "e", verdict.WA,
			`line 1, token 1: expected "` + strings.Repeat("é", 20) + `…", got "` + strings.Repeat("é", 20) + `…" (tokens differ at byte 59)`},
		{"huge token equal", huge + "\n", huge, verdict.AC, ""},
		{"huge token differs at end", huge + "y", huge + "z", verdict.WA,
			`line 1, token 1: expected "` + strings.Repeat("x", 40) + `…", got "` + strings.Repeat("x", 40) + `…" (tokens differ at byte 3145729)`},
		{"huge token longer", "1 " + huge, "1 " + huge + "x", verdict.WA,
			`line 1, token 2: expected "` + strings.Repeat("x", 40) + `…", got "` + strings.Repeat("x", 40) + `…" (tokens differ at byte 3145729)`},
		{"huge token extra", "1", "1 " + huge, verdict.WA,
			`line 1, token 2: expected end of output, got "` + strings.Repeat("x", 40) + `…"`},
	})
}

func TestExact(t *testing.T) {
	runCases(t, Exact{}, []checkCase{
		{"equal", "1 2\n3\n", "1 2\n3\n", verdict.AC, ""},
		{"both empty", "", "", verdict.AC, ""},
		{"white space differs", "1 2\n3\n", "1  2\n3\n", verdict.PE,
			`line 1, column 3: expected "2\n", got " 2\n" (only white space differs)`},
		{"CRLF", "1 2\n3\n", "1 2\r\n3\r\n", verdict.PE,
			`line 1, column 4: expected "\n", got "\r\n" (only white space differs)`},
		{"trailing newline missing", "1 2\n3\n", "1 2\n3", verdict.PE,
			`line 2, column 2: expected "\n", got end of file (only white space differs)`},
		{"extra newline", "1\n", "1\n\n", verdict.PE,
			`line 2, column 1: expected end of file, got "\n" (only white space differs)`},
		{"lines joined", "1\n2\n", "1 2\n", verdict.PE, `line 1, column 2: *`},
		{"wrong token", "1 2\n3 4\n", "1 2\n3 5\n", verdict.WA, `line 2, column 3: expected "4\n", got "5\n"`},
		{"extra token", "1 2\n", "1 2 3\n", verdict.WA, `line 1, column 4: expected "\n", got " 3\n"`},
		{"missing token", "1 2 3\n", "1 2\n", verdict.WA, `line 1, column 4: expected " 3\n", got "\n"`},
		{"empty output", "1\n", "", verdict.WA, `line 1, column 1: expected "1\n", got end of file`},
		{"long line", strings.Repeat("ab", 100) + "\n", strings.Repeat("ab", 100) + "c\n", verdict.WA,
			`line 1, column 201: expected "\n", got "c\n"`},
		{"long snippet", "x" + strings.Repeat("a", 100), "y" + strings.Repeat("a", 100), verdict.WA,
			`line 1, column 1: expected "x` + strings.Repeat("a", 39) + `…", got "y` + strings.Repeat("a", 39) + `…"`},
	})
}

func TestFloat(t *testing.T) {
	def := Float{Abs: 1e-6, Rel: 1e-6}
	cases := []struct {
		c Float
		checkCase
	}{
		{def, checkCase{"equal", "1.5 2\n", "1.5 2\n", verdict.AC, ""}},
		{def, checkCase{"same value other form", "1.0 2\n", "1 2.000\n", verdict.AC, ""}},
		{def, checkCase{"exponent form", "1000\n", "1e3\n", verdict.AC, ""}},
		{def, checkCase{"within abs", "0.5\n", "0.5000009\n", verdict.AC, ""}},
		{def, checkCase{"outside abs", "0.5\n", "0.50001\n", verdict.WA,
			`line 1, token 1: expected "0.5", got "0.50001", difference 1e-05 exceeds tolerance 1e-06`}},
		{def, checkCase{"within rel", "1000000\n", "1000000.9\n", verdict.AC, ""}},
		{def, checkCase{"outside rel", "1000000\n", "1000002\n", verdict.WA,
			`line 1, token 1: expected "1000000", got "1000002", difference 2 exceeds tolerance 1*`}},
		{Float{Abs: 1e-6}, checkCase{"abs boundary", "0.1\n", "0.100001\n", verdict.AC, ""}},
		{Float{Abs: 1e-6}, checkCase{"abs only rejects rel", "1000000\n", "1000000.5\n", verdict.WA, "*"}},
		{Float{Rel: 1e-3}, checkCase{"rel only", "2000\n", "2001.9\n", verdict.AC, ""}},
		{Float{Rel: 1e-3}, checkCase{"rel only outside", "2000\n", "2002.1\n", verdict.WA, "*"}},
		{Float{}, checkCase{"zero tolerance", "0.25\n", "2.5e-1\n", verdict.AC, ""}},
		{Float{}, checkCase{"zero tolerance differs", "0.25\n", "0.2500001\n", verdict.WA, "*"}},
		{def, checkCase{"negative", "-3.5\n", "-3.5000001\n", verdict.AC, ""}},
		{def, checkCase{"NaN in output", "1.5\n", "NaN\n", verdict.WA, `line 1, token 1: expected "1.5", got "NaN"`}},
		{def, checkCase{"NaN expected", "nan\n", "NaN\n", verdict.AC, ""}},
		{def, checkCase{"NaN expected number given", "nan\n", "0\n", verdict.WA, `line 1, token 1: expected "nan", got "0"`}},
		{def, checkCase{"Inf in output", "1e308\n", "+Inf\n", verdict.WA, `line 1, token 1: expected "1e308", got "+Inf"`}},
		{def, checkCase{"Inf expected", "inf\n", "+Inf\n", verdict.AC, ""}},
		{def, checkCase{"Inf sign", "-inf\n", "inf\n", verdict.WA, "*"}},
		{def, checkCase{"words equal", "YES 1.0\n", "YES 1.0000001\n", verdict.AC, ""}},
		{def, checkCase{"words differ", "YES\n", "yes\n", verdict.WA, `line 1, token 1: expected "YES", got "yes"`}},
		{def, checkCase{"number vs word", "1.0\n", "one\n", verdict.WA, `line 1, token 1: expected "1.0", got "one"`}},
		{def, checkCase{"out of range compared exactly", "1e400\n", "1e400\n", verdict.AC, ""}},
		{def, checkCase{"out of range differs", "1e400\n", "1e401\n", verdict.WA, "*"}},
		{def, checkCase{"extra token", "1.0\n", "1.0 2.0\n", verdict.WA, `line 1, token 2: expected end of output, got "2.0"`}},
		{def, checkCase{"missing token", "1.0 2.0\n", "1.0\n", verdict.WA, `line 1, token 2: expected "2.0", got end of output`}},
		{def, checkCase{"CRLF", "1.0\n2.0\n", "1.0\r\n2.0", verdict.AC, ""}},
		{def, checkCase{"huge token", "1 " + strings.Repeat("9", 1<<20), "1 " + strings.Repeat("9", 1<<20), verdict.AC, ""}},
		{def, checkCase{"huge token differs", "1 " + strings.Repeat("9", 1<<20), "1 " + strings.Repeat("9", 1<<20-1) + "8", verdict.WA, "*"}},
	}
	for _, tt := range cases {
		runCases(t, tt.c, []checkCase{tt.checkCase})
	}
}

func TestNew(t *testing.T) {
	custom := Custom{Sandbox: &runner.Sandbox{}, Program: &compile.Program{}}
	tests := []struct {
		spec    problem.CheckerSpec
		custom  Custom
		want    Checker
		wantErr bool
	}{
		{problem.CheckerSpec{}, Custom{}, Tokens{}, false},
		{problem.CheckerSpec{Kind: "tokens"}, Custom{}, Tokens{}, false},
		{problem.CheckerSpec{Kind: "exact"}, custom, Exact{}, false},
		{problem.CheckerSpec{Kind: "float", FloatAbs: 0.1, FloatRel: 0.2}, Custom{}, Float{Abs: 0.1, Rel: 0.2}, false},
		{problem.CheckerSpec{Kind: "custom", Source: "/p/checker.go"}, custom, custom, false},
		{problem.CheckerSpec{Kind: "custom", Source: "/p/checker.go"}, Custom{}, nil, true},
		{problem.CheckerSpec{Kind: "custom", Source: "/p/checker.go"}, Custom{Program: custom.Program}, nil, true},
		{problem.CheckerSpec{Kind: "fuzzy"}, Custom{}, nil, true},
	}
	for _, tt := range tests {
		got, err := New(tt.spec, tt.custom)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("New(%+v, %+v) = %#v, %v; want %#v, error %v", tt.spec, tt.custom, got, err, tt.want, tt.wantErr)
		}
	}
}

func TestMissingFiles(t *testing.T) {
	dir := t.TempDir()
	exp := writeFile(t, dir, "t.ans", "1\n")
	missing := filepath.Join(dir, "nope")
	for _, c := range []Checker{Tokens{}, Exact{}, Float{}} {
		if _, err := c.Check(context.Background(), exp, missing, exp); err == nil {
			t.Errorf("%T: no error for missing output", c)
		}
		if _, err := c.Check(context.Background(), exp, exp, missing); err == nil {
			t.Errorf("%T: no error for missing expected answer", c)
		}
	}
	if _, err := Diff(exp, missing, 2); err == nil {
		t.Error("Diff: no error for missing output")
	}
}

func TestCancelled(t *testing.T) {
	dir := t.TempDir()
	exp := writeFile(t, dir, "t.ans", "1 2 3\n")
	out := writeFile(t, dir, "t.out", "1 2 4\n")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []Checker{Tokens{}, Exact{}, Float{}} {
		if _, err := c.Check(ctx, exp, out, exp); err == nil {
			t.Errorf("%T: no error for cancelled context", c)
		}
	}
}

// TestBoundedMemory checks that the built-in checkers stream large files
// and huge tokens instead of reading them whole.
func TestBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("writes large files")
	}
	dir := t.TempDir()
	var many strings.Builder
	for i := range 2_000_000 {
		many.WriteString("12345678")
		if i%10 == 9 {
			many.WriteByte('\n')
		} else {
			many.WriteByte(' ')
		}
	}
	manyExp := writeFile(t, dir, "many.ans", many.String()+"1\n")
	manyOut := writeFile(t, dir, "many.out", many.String()+"2\n")
	huge := strings.Repeat("z", 20<<20)
	hugeExp := writeFile(t, dir, "huge.ans", huge+"a")
	hugeOut := writeFile(t, dir, "huge.out", huge+"b")
	many.Reset()
	huge = ""

	tests := []struct {
		c        Checker
		exp, out string
		want     verdict.Verdict
	}{
		{Tokens{}, manyExp, manyOut, verdict.WA},
		{Exact{}, manyExp, manyOut, verdict.WA},
		{Float{Abs: 1e-6}, manyExp, manyOut, verdict.WA},
		{Tokens{}, hugeExp, hugeOut, verdict.WA},
		{Exact{}, hugeExp, hugeOut, verdict.WA},
		{Float{}, hugeExp, hugeOut, verdict.WA},
		{Tokens{}, hugeExp, hugeExp, verdict.AC},
	}
	for _, tt := range tests {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		res, err := tt.c.Check(context.Background(), tt.exp, tt.out, tt.exp)
		runtime.ReadMemStats(&after)
		if err != nil || res.Verdict != tt.want {
			t.Errorf("%T on %s: %+v, %v; want %s", tt.c, filepath.Base(tt.out), res, err, tt.want)
		}
		// The checkers allocate little more than their buffers.
		const limit = 1 << 20
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > limit {
			t.Errorf("%T on %s allocated %d bytes, want at most %d", tt.c, filepath.Base(tt.out), alloc, limit)
		}
	}
}
