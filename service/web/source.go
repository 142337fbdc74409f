package web

import (
	"strings"
	"unicode/utf8"
)

// sourceView is a submission's source as its page shows it: text that
// html/template escapes (a source is a contestant's, so hostile), in a
// <pre><code data-lang> that static/highlight.js colours.
type sourceView struct {
	Lang string
	Text string
	// Bytes is the source's size; Replaced says invalid UTF-8 or NULs
	// were shown as U+FFFD (the download has the bytes as sent).
	Bytes    int
	Replaced bool
}

// newSourceView prepares a source for the page: invalid UTF-8 and NUL
// bytes become U+FFFD, so the page is valid text whatever was sent.
func newSourceView(lang, src string) *sourceView {
	v := &sourceView{Lang: lang, Bytes: len(src)}
	text := src
	if !utf8.ValidString(text) {
		text = strings.ToValidUTF8(text, "\uFFFD")
	}
	if strings.ContainsRune(text, 0) {
		text = strings.ReplaceAll(text, "\x00", "\uFFFD")
	}
	v.Text, v.Replaced = text, text != src
	return v
}
