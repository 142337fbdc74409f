package report

import (
	"bytes"
	"strings"
	"testing"
)

func TestInput(t *testing.T) {
	long := strings.Repeat("1 2\n", 30)
	wide := strings.Repeat("x", 3000) + "\n"
	for _, tt := range []struct {
		name, data string
		lines      int
		truncated  bool
	}{
		{"short", "1 2\n", 1, false},
		{"many lines", long, InputMaxLines, true},
		{"long line", wide, 1, true},
		{"empty", "", 1, false},
		{"hostile", hostile + "\n", 1, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Input(&b, "3", "tests/3.in", []byte(tt.data), Style{}); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			if !strings.HasPrefix(out, "input of test 3 (tests/3.in)\n") {
				t.Errorf("no heading with the path:\n%s", out)
			}
			body := strings.Count(out, "\n    ") - map[bool]int{true: 1, false: 0}[tt.truncated]
			if body != tt.lines {
				t.Errorf("%d lines shown, want %d:\n%s", body, tt.lines, out)
			}
			if got := strings.Contains(out, "(truncated"); got != tt.truncated {
				t.Errorf("truncated note %v, want %v:\n%s", got, tt.truncated, out)
			}
			if len(out) > InputMaxBytes+InputMaxLines*8+200 {
				t.Errorf("%d bytes shown", len(out))
			}
			if bad := rawControls(out); len(bad) > 0 {
				t.Errorf("raw control characters %q", bad)
			}
		})
	}
}
