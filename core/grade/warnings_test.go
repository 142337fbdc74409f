package grade

import (
	"os"
	"strings"
	"testing"
)

// TestBasicWarning checks the basic-mode warning's words: for any reader
// (a service's report) it names no command-line flag or command; a
// caller's advice replaces the reason as root and the fix.
func TestBasicWarning(t *testing.T) {
	root := os.Geteuid() == 0
	for _, tc := range []struct {
		name     string
		advice   BasicModeAdvice
		want     []string
		mustNot  []string
		rootOnly bool
	}{
		{name: "any reader", want: []string{"does not isolate the submission"}, mustNot: []string{"--", "JUDGE_", "same command", "sudo"}},
		{name: "a fix", advice: BasicModeAdvice{Fix: "sudo judge submit x"}, want: []string{"for full isolation: sudo judge submit x"}},
		{name: "a reason as root", advice: BasicModeAdvice{Why: "asked by --sandbox basic"}, want: []string{": asked by --sandbox basic;"}, rootOnly: true},
	} {
		if tc.rootOnly && !root {
			continue // the reason is replaced only where basic mode was asked for
		}
		got := BasicWarning(tc.advice)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q lacks %q", tc.name, got, w)
			}
		}
		for _, w := range tc.mustNot {
			if strings.Contains(got, w) {
				t.Errorf("%s: %q has %q", tc.name, got, w)
			}
		}
	}
}
