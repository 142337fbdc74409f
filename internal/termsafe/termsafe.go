// Package termsafe makes untrusted text safe to print on a terminal: what
// a submission, a compiler or a checker wrote cannot move the cursor,
// clear the screen, set the clipboard or otherwise talk to the terminal
// through the judge's output.
//
// Every C0 control character but tab (and newline, with Text), DEL, every
// C1 control (U+0080 to U+009F, among them the one-character CSI, U+009B)
// and every byte that is not valid UTF-8 is shown as a Go escape
// (\x1b, \r, \u009b, \xff). Printable text, tabs and other characters
// pass unchanged.
package termsafe

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Line returns s safe to print as part of one line: newlines are escaped
// too.
func Line(s string) string { return escape(s, false) }

// Text returns s safe to print as lines: newlines stay.
func Text(s string) string { return escape(s, true) }

func escape(s string, keepNewline bool) string {
	i := 0
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if unsafe(r, size, keepNewline) {
			break
		}
		i += size
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unsafe(r, size, keepNewline):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// unsafe reports whether the rune r, size bytes long in the text, must be
// escaped.
func unsafe(r rune, size int, keepNewline bool) bool {
	switch {
	case r == utf8.RuneError && size == 1:
		return true // not UTF-8
	case r == '\t', r == '\n' && keepNewline:
		return false
	case r < 0x20, r == 0x7f:
		return true // C0 controls and DEL
	case r >= 0x80 && r <= 0x9f:
		return true // C1 controls
	}
	return false
}

// JSON returns the encoded JSON document b with the characters
// encoding/json leaves raw but a terminal may act on (DEL and the C1
// controls) written as \u escapes, and any byte that is not UTF-8 as
// \ufffd. encoding/json escapes the C0 controls itself. Such characters
// can only appear inside strings, so the document still encodes the same
// value.
func JSON(b []byte) []byte {
	i := 0
	for i < len(b) {
		r, size := utf8.DecodeRune(b[i:])
		if unsafe(r, size, true) {
			break
		}
		i += size
	}
	if i == len(b) {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	out = append(out, b[:i]...)
	for i < len(b) {
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			out = append(out, `\ufffd`...)
		case unsafe(r, size, true):
			out = fmt.Appendf(out, `\u%04x`, r)
		default:
			out = append(out, b[i:i+size]...)
		}
		i += size
	}
	return out
}
