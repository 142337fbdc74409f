package report

import (
	"bytes"
	"strings"
	"testing"
)

func TestMarkdown(t *testing.T) {
	src := "# Flip Game\n\nA round **flips** one piece and its `neighbours`, which takes a while to explain in words.\n\n" +
		"## Input\n\n```\nbwwb\nbbwb\n```\n\n- first item\n- second item\n\n1. one\n2. two\n"
	var b bytes.Buffer
	if err := Markdown(&b, []byte(src), 40, Style{}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"FLIP GAME\n", "INPUT\n", "    bwwb\n    bbwb\n", "  • first item\n", "  2. two\n", "flips", "neighbours"} {
		if !strings.Contains(out, want) {
			t.Errorf("rendering lacks %q:\n%s", want, out)
		}
	}
	for _, line := range strings.Split(out, "\n") {
		if len([]rune(line)) > 40 {
			t.Errorf("line longer than 40: %q", line)
		}
	}
	if strings.Contains(out, "**") || strings.Contains(out, "```") {
		t.Errorf("markup left in the rendering:\n%s", out)
	}
	var colored bytes.Buffer
	Markdown(&colored, []byte(src), 40, Style{Color: true})
	if !strings.Contains(colored.String(), "\x1b[") {
		t.Error("no colour with Color set")
	}
}
