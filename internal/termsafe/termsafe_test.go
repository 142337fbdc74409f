package termsafe

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestEscape(t *testing.T) {
	tests := []struct {
		name, in, line, text string
	}{
		{"plain", "plain", "plain", "plain"},
		{"tab", "tab\there", "tab\there", "tab\there"},
		{"newline", "a\nb", `a\nb`, "a\nb"},
		{"unicode", "héllo, 世界 ✓", "héllo, 世界 ✓", "héllo, 世界 ✓"},
		{"clear screen", "x\x1b[2Jy", `x\x1b[2Jy`, `x\x1b[2Jy`},
		{"OSC 52 clipboard", "\x1b]52;c;ZWNobyBoaQ==\x07", `\x1b]52;c;ZWNobyBoaQ==\a`, `\x1b]52;c;ZWNobyBoaQ==\a`},
		{"bare CR overwrite", "all good\rFAKE AC", `all good\rFAKE AC`, `all good\rFAKE AC`},
		{"CRLF", "line\r\n", `line\r\n`, "line\\r\n"},
		{"raw CSI byte", "a\x9b2Jb", `a\x9b2Jb`, `a\x9b2Jb`},
		{"CSI as UTF-8", "a\u009b2Jb", `a\u009b2Jb`, `a\u009b2Jb`},
		{"NEL", "a\u0085b", `a\u0085b`, `a\u0085b`},
		{"DEL and NUL", "a\x7f\x00b", `a\x7f\x00b`, `a\x7f\x00b`},
		{"backspace", "ok\b\bNO", `ok\b\bNO`, `ok\b\bNO`},
		{"invalid UTF-8", "bad\xffutf8\xc3", `bad\xffutf8\xc3`, `bad\xffutf8\xc3`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Line(tt.in); got != tt.line {
				t.Errorf("Line(%q) = %q, want %q", tt.in, got, tt.line)
			}
			if got := Text(tt.in); got != tt.text {
				t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.text)
			}
		})
	}
}

// TestNothingRawGetsThrough checks every byte and every C1 rune: the
// result of Line is valid UTF-8 holding no control character but tab.
func TestNothingRawGetsThrough(t *testing.T) {
	var in strings.Builder
	for b := 0; b < 256; b++ {
		in.WriteByte(byte(b))
	}
	for r := rune(0x80); r <= 0x9f; r++ {
		in.WriteRune(r)
	}
	for _, f := range []func(string) string{Line, Text} {
		out := f(in.String())
		if !utf8.ValidString(out) {
			t.Errorf("output is not valid UTF-8: %q", out)
		}
		for _, r := range out {
			if (r < 0x20 && r != '\t' && r != '\n') || (r >= 0x7f && r <= 0x9f) {
				t.Errorf("control %U passed through", r)
			}
		}
	}
	if strings.Contains(Line("a\nb"), "\n") {
		t.Error("Line keeps a newline")
	}
}

// TestJSON checks that a JSON document keeps its value and loses the raw
// controls encoding/json leaves in it.
func TestJSON(t *testing.T) {
	in := map[string]string{"m": "a\x1b[2J\r\x07\x7f\u009b\u0085\x9b ✓ z", "n": "plain"}
	enc, err := json.MarshalIndent(in, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	out := JSON(enc)
	var back map[string]string
	if err := json.Unmarshal(out, &back); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	// encoding/json itself turns the invalid byte into U+FFFD.
	if want := "a\x1b[2J\r\x07\x7f\u009b\u0085\ufffd ✓ z"; back["m"] != want || back["n"] != "plain" {
		t.Errorf("value changed: %q", back)
	}
	for _, r := range string(out) {
		if (r < 0x20 && r != '\n') || (r >= 0x7f && r <= 0x9f) {
			t.Errorf("control %U raw in %q", r, out)
		}
	}
	if !strings.Contains(string(out), `\u009b`) || !strings.Contains(string(out), `\u007f`) {
		t.Errorf("DEL or CSI not escaped: %s", out)
	}
	plain := []byte(`{"a": "b"}`)
	if got := JSON(plain); string(got) != string(plain) {
		t.Errorf("JSON(%s) = %s", plain, got)
	}
}
