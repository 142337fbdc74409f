package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/puzzlejudge/judge/internal/termsafe"
)

// Input bounds: an input shown whole would bury the report.
const (
	InputMaxBytes = 2 << 10
	InputMaxLines = 20
)

// Input writes a test's input for people: its path, then at most
// InputMaxLines lines and InputMaxBytes bytes of data, escaped for the
// terminal, with a "(truncated)" note when that is not all of it.
func Input(w io.Writer, test, path string, data []byte, s Style) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %s\n", s.Bold("input of test"), s.Bold(termsafe.Line(test)), s.Dim("("+termsafe.Line(path)+")"))
	text, cut := string(data), false
	if len(text) > InputMaxBytes {
		text, cut = text[:InputMaxBytes], true
	}
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) > InputMaxLines {
		lines, cut = lines[:InputMaxLines], true
	}
	for _, l := range lines {
		fmt.Fprintf(&b, "    %s\n", termsafe.Line(strings.TrimSuffix(l, "\n")))
	}
	if len(data) == 0 {
		fmt.Fprintf(&b, "    %s\n", s.Dim("(empty)"))
	}
	if cut {
		fmt.Fprintf(&b, "    %s\n", s.Dim(fmt.Sprintf("(truncated: %d bytes in all)", len(data))))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
