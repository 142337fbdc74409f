package checker

import (
	"context"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/verdict"
)

func TestDefaultValidator(t *testing.T) {
	const (
		AC = verdict.AC
		WA = verdict.WA
	)
	tests := []struct {
		name, flags, answer, output string
		want                        verdict.Verdict
		msg                         string // a part of the message
	}{
		// No flags: case-insensitive, white space ignored.
		{"case-insensitive by default", "", "Hello World\n", "hELLO   wORLD", AC, ""},
		{"any white space", "", "a b\nc\n", "\v a\tb\f\r\nc", AC, ""},
		{"no tolerance: 1.0 is not 1", "", "1.0\n", "1\n", WA, `token mismatch: answer "1.0", output "1"`},
		{"missing token", "", "a b\n", "a\n", WA, `user EOF while the answer had more output; expected "b"`},
		{"extra token", "", "a\n", "a b\n", WA, `trailing output: "b"`},
		{"empty output", "", "a\n", "", WA, `user output was empty; expected "a"`},
		{"only white space", "", "a\n", " \n\n", WA, "user output contained no tokens"},
		{"empty answer, empty output", "", "\n", "", AC, ""},
		{"NUL byte is part of the token", "", "Hello world!\n", "Hello world!\x00junk\n", WA, "token mismatch"},
		{"ASCII case only", "", "\u00c4\n", "\u00e4\n", WA, "token mismatch"},
		{"where: line numbers", "", "a\nb\nc\n", "a\nb\nx\n", WA, "line 3 of output (line 3 of answer)"},
		// case_sensitive
		{"case_sensitive rejects case change", "case_sensitive", "Yes\n", "yes\n", WA, `answer "Yes", output "yes"`},
		{"case_sensitive same", "case_sensitive", "Yes\n", "Yes", AC, ""},
		// space_change_sensitive
		{"space_change same", "space_change_sensitive", "1 2\n", "1 2\n", AC, ""},
		{"space_change double space", "space_change_sensitive", "1 2\n", "1  2\n", WA, "space change error"},
		{"space_change missing newline", "space_change_sensitive", "1 2\n", "1 2", WA, `space change error: expected "\n", got end of file`},
		{"space_change extra newline", "space_change_sensitive", "1 2\n", "1 2\n\n", WA, "space change error"},
		{"space_change leading space", "space_change_sensitive", "1 2\n", " 1 2\n", WA, "space change error"},
		{"space_change tab for space", "space_change_sensitive", "1 2\n", "1\t2\n", WA, "space change error"},
		{"space_change keeps case-insensitivity", "space_change_sensitive", "A\n", "a\n", AC, ""},
		// float_absolute_tolerance
		{"abs within", "float_absolute_tolerance 0.1", "1.0\n", "1.05\n", AC, ""},
		{"abs on the edge", "float_absolute_tolerance 0.5", "1.0\n", "1.5\n", AC, ""},
		{"abs beyond", "float_absolute_tolerance 0.1", "1.0\n", "1.2\n", WA, "too large difference"},
		{"abs: integer answer compared as number", "float_absolute_tolerance 0.5", "1\n", "1.4\n", AC, ""},
		{"abs: number in exponent form", "float_absolute_tolerance 0.01", "1000\n", "1e3\n", AC, ""},
		{"abs: words still compared case-insensitively", "float_absolute_tolerance 0.1", "abc 1\n", "ABC 1.01\n", AC, ""},
		{"abs: inf in answer is a string", "float_absolute_tolerance 0.1", "inf\n", "INF\n", AC, ""},
		{"abs: inf is not a big number", "float_absolute_tolerance 0.1", "inf\n", "1e999\n", WA, "token mismatch"},
		{"abs: nan is a string", "float_absolute_tolerance 0.1", "nan\n", "NaN\n", AC, ""},
		{"abs: word for number", "float_absolute_tolerance 0.1", "1.0\n", "one\n", WA, `expected a number, got "one"`},
		{"abs: hexadecimal is not a number", "float_absolute_tolerance 0.1", "0\n", "0x0\n", WA, "expected a number"},
		{"abs: 100e is not a number", "float_absolute_tolerance 0.1", "100\n", "100e\n", WA, "expected a number"},
		{"abs: underflow is not a number", "float_absolute_tolerance 0.1", "0\n", "1e-4000\n", WA, "expected a number"},
		{"abs: inf output for a number", "float_absolute_tolerance 0.1", "1\n", "inf\n", WA, "expected a number"},
		{"abs: 100e in answer is a string", "float_absolute_tolerance 0.1", "100e\n", "100E\n", AC, ""},
		// float_relative_tolerance
		{"rel within", "float_relative_tolerance 0.01", "100\n", "100.9\n", AC, ""},
		{"rel beyond", "float_relative_tolerance 0.01", "100\n", "101.5\n", WA, "too large difference"},
		{"rel of zero is zero", "float_relative_tolerance 0.01", "0\n", "0.0000001\n", WA, "too large difference"},
		{"rel negative answer", "float_relative_tolerance 0.01", "-100\n", "-100.5\n", AC, ""},
		// float_tolerance: both
		{"tolerance: absolute near zero", "float_tolerance 1e-6", "0\n", "1e-7\n", AC, ""},
		{"tolerance: relative when large", "float_tolerance 1e-6", "1000000\n", "1000000.5\n", AC, ""},
		{"tolerance: beyond both", "float_tolerance 1e-6", "1\n", "1.00001\n", WA, "too large difference"},
		{"later flag wins", "float_absolute_tolerance 1 float_absolute_tolerance 0.001", "1\n", "1.5\n", WA, "too large difference"},
		{"tolerance with space_change", "float_tolerance 0.1 space_change_sensitive", "1.0 2.0\n", "1.05 2\n", AC, ""},
		{"tolerance and case_sensitive", "float_tolerance 0.1 case_sensitive", "1.0 Yes\n", "1.05 yes\n", WA, "token mismatch"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			chk, err := DefaultWithArgs{}.WithArgs(strings.Fields(tt.flags))
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			in := writeFile(t, dir, "t.in", "")
			ans := writeFile(t, dir, "t.ans", tt.answer)
			out := writeFile(t, dir, "t.out", tt.output)
			res, err := chk.Check(context.Background(), in, out, ans)
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != tt.want || !strings.Contains(res.Message, tt.msg) || strings.Contains(res.Message, "\n") {
				t.Errorf("got %s %q, want %s with %q", res.Verdict, res.Message, tt.want, tt.msg)
			}
		})
	}
}

func TestDefaultValidatorLongTokens(t *testing.T) {
	long := strings.Repeat("x", 200<<10)
	tests := []struct {
		name, answer, output string
		want                 verdict.Verdict
	}{
		{"same long token", long + "\n", strings.ToUpper(long) + "\n", verdict.AC},
		{"output longer", long + "\n", long + "y\n", verdict.WA},
		{"answer longer", long + "y\n", long + "\n", verdict.WA},
		{"differs at the end", long + "a\n", long + "b\n", verdict.WA},
		{"long then more tokens", long + " 1\n", long + " 1", verdict.AC},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			res, err := DefaultWithArgs{}.Check(context.Background(), writeFile(t, dir, "in", ""),
				writeFile(t, dir, "out", tt.output), writeFile(t, dir, "ans", tt.answer))
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != tt.want {
				t.Errorf("got %s %q, want %s", res.Verdict, res.Message, tt.want)
			}
		})
	}
}

func TestDefaultFlagErrors(t *testing.T) {
	for _, tt := range []struct{ flags, want string }{
		{"ignore_case", `unknown flag "ignore_case"`},
		{"float_tolerance", "float_tolerance needs a value"},
		{"float_absolute_tolerance x", `float_absolute_tolerance "x": want a non-negative number`},
		{"float_relative_tolerance -1", `want a non-negative number`},
	} {
		_, err := DefaultFlags(strings.Fields(tt.flags))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want %q", tt.flags, err, tt.want)
		}
	}
}
