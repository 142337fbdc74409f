package web

import (
	"bytes"
	"fmt"
	"html/template"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// markdown renders statements; raw HTML in them is dropped (goldmark's
// default), so a statement cannot inject script.
var markdown = goldmark.New(goldmark.WithExtensions(extension.Table))

// samplesHeading is a statement's own section of samples.
var samplesHeading = regexp.MustCompile(`(?i)^(samples?|examples?)( \d+)?$`)

// renderedStatement is a statement's Markdown as the problem page shows it.
type renderedStatement struct {
	Body template.HTML
	// OwnSamples is set when the statement has a section of samples of its
	// own, so the page does not show the sample tests a second time.
	OwnSamples bool
}

// renderStatement renders a statement's Markdown under the page's title:
// a first heading that repeats the title is left out.
func renderStatement(src []byte, title string) (renderedStatement, error) {
	doc := markdown.Parser().Parse(text.NewReader(src))
	var out renderedStatement
	if first := doc.FirstChild(); first != nil {
		if h, ok := first.(*ast.Heading); ok && h.Level == 1 && headingText(h, src) == strings.TrimSpace(title) {
			doc.RemoveChild(doc, first)
		}
	}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok && samplesHeading.MatchString(headingText(h, src)) {
			out.OwnSamples = true
		}
	}
	var b bytes.Buffer
	if err := markdown.Renderer().Render(&b, src, doc); err != nil {
		return renderedStatement{}, fmt.Errorf("web: statement: %w", err)
	}
	out.Body = template.HTML(b.String()) //nolint:gosec // goldmark escapes text and omits raw HTML
	return out, nil
}

// headingText is a heading's text as written, trimmed.
func headingText(h *ast.Heading, src []byte) string {
	var b strings.Builder
	lines := h.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		b.Write(seg.Value(src))
	}
	return strings.TrimSpace(b.String())
}
