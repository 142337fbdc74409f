package report

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/fatih/color"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// Markdown renders a Markdown document for a terminal of the given width:
// headings in bold, paragraphs and list items word-wrapped, code blocks
// indented as they are, emphasis and inline code styled. It parses with
// goldmark, which is light to load: the judge's binary is also its box
// helper, started for every box, so its start-up must stay cheap.
func Markdown(w io.Writer, src []byte, width int, s Style) error {
	doc := goldmark.New().Parser().Parse(text.NewReader(src))
	r := &mdRenderer{src: src, width: max(width, 20), style: s}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		r.block(n, "")
	}
	_, err := io.WriteString(w, strings.TrimRight(r.out.String(), "\n")+"\n")
	return err
}

type mdRenderer struct {
	src   []byte
	width int
	style Style
	out   bytes.Buffer
}

func (r *mdRenderer) block(n ast.Node, indent string) {
	switch n := n.(type) {
	case *ast.Heading:
		title := r.inline(n)
		if n.Level <= 2 {
			title = strings.ToUpper(title)
		}
		fmt.Fprintf(&r.out, "%s%s\n\n", indent, r.style.paint([]color.Attribute{color.Bold, color.FgCyan}, title))
	case *ast.Paragraph, *ast.TextBlock:
		r.wrap(r.inline(n), indent, indent)
		r.out.WriteString("\n")
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		lines := n.Lines()
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			line := strings.TrimRight(string(seg.Value(r.src)), "\n")
			fmt.Fprintf(&r.out, "%s    %s\n", indent, r.style.paint([]color.Attribute{color.FgYellow}, line))
		}
		r.out.WriteString("\n")
	case *ast.List:
		i := n.Start
		for item := n.FirstChild(); item != nil; item = item.NextSibling() {
			mark := "• "
			if n.IsOrdered() {
				mark = fmt.Sprintf("%d. ", i)
				i++
			}
			for c := item.FirstChild(); c != nil; c = c.NextSibling() {
				if c == item.FirstChild() && (c.Kind() == ast.KindParagraph || c.Kind() == ast.KindTextBlock) {
					r.wrap(r.inline(c), indent+"  "+mark, indent+"  "+strings.Repeat(" ", len([]rune(mark))))
					continue
				}
				r.block(c, indent+"    ")
			}
		}
		r.out.WriteString("\n")
	case *ast.Blockquote:
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			r.block(c, indent+"│ ")
		}
	case *ast.ThematicBreak:
		fmt.Fprintf(&r.out, "%s%s\n\n", indent, strings.Repeat("─", r.width/2))
	default:
		// Anything else (HTML, tables) is shown as its source.
		lines := n.Lines()
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			fmt.Fprintf(&r.out, "%s%s", indent, seg.Value(r.src))
		}
		r.out.WriteString("\n")
	}
}

// inline renders the inline content of a block.
func (r *mdRenderer) inline(n ast.Node) string {
	var b strings.Builder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(r.src))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.CodeSpan:
			b.WriteString(r.style.paint([]color.Attribute{color.FgYellow}, r.inline(c)))
		case *ast.Emphasis:
			attr := color.Italic
			if c.Level >= 2 {
				attr = color.Bold
			}
			b.WriteString(r.style.paint([]color.Attribute{attr}, r.inline(c)))
		case *ast.Link:
			b.WriteString(r.inline(c) + " (" + string(c.Destination) + ")")
		default:
			b.WriteString(r.inline(c))
		}
	}
	return b.String()
}

// wrap writes text word-wrapped to the width, the first line after first
// and the others after rest. Colour codes do not count towards the width.
func (r *mdRenderer) wrap(s, first, rest string) {
	prefix := first
	line := 0
	for _, word := range strings.Fields(s) {
		n := visibleLen(word)
		if line > 0 && line+1+n+visibleLen(prefix) > r.width {
			r.out.WriteString("\n")
			prefix, line = rest, 0
		}
		if line == 0 {
			r.out.WriteString(prefix)
		} else {
			r.out.WriteString(" ")
			line++
		}
		r.out.WriteString(word)
		line += n
	}
	r.out.WriteString("\n")
}

// visibleLen counts the runes of s outside ANSI escape sequences.
func visibleLen(s string) int {
	n, esc := 0, false
	for _, c := range s {
		switch {
		case esc:
			esc = c != 'm'
		case c == '\x1b':
			esc = true
		default:
			n++
		}
	}
	return n
}
