package runner

import (
	"testing"
	"time"
)

// TestEveryRunInAFreshBox checks that whatever a program does to its
// box's writable folders (their mode, ACLs, extended attributes, inode
// flags, or awkward things left in them) the next program in the box
// finds them as in a new box, and can write there as usual.
func TestEveryRunInAFreshBox(t *testing.T) {
	tamper := buildC(t, "tamper")
	lim := Limits{CPU: 5 * time.Second, Wall: 10 * time.Second}
	for _, mode := range []Mode{ModeFull, ModeBasic} {
		t.Run(string(mode), func(t *testing.T) {
			cases := []struct {
				change  string
				changed bool // the folders themselves are changed: the box is replaced
			}{
				{"chmod", true},
				{"acl", true},
				{"aclaccess", true},
				{"xattr", true},
				{"flags", true},
				{"leftovers", false},
			}
			for _, tc := range cases {
				t.Run(tc.change, func(t *testing.T) {
					// A sandbox of one box each: every run here is in
					// that box, unless it is replaced.
					s := modeSandbox(t, mode)
					probe := func() string {
						t.Helper()
						res, out := runProgram(t, s, tamper, lim, "probe")
						if !res.OK() {
							t.Fatalf("probe: %+v\n%s", res, out)
						}
						return out
					}
					fresh := probe()
					if again := probe(); again != fresh {
						t.Fatalf("a box used once is not as new:\n%s\nwant:\n%s", again, fresh)
					}
					res, out := runProgram(t, s, tamper, lim, tc.change)
					if res.Status == Exited && res.ExitCode == 3 {
						t.Skipf("the box's file system cannot make this change: %s", out)
					}
					if !res.OK() {
						t.Fatalf("tamper %s: %+v\n%s", tc.change, res, out)
					}
					if res.BoxChanged != tc.changed {
						t.Errorf("BoxChanged = %v, want %v", res.BoxChanged, tc.changed)
					}
					if got := probe(); got != fresh {
						t.Errorf("after %s, the next program found:\n%s\nwant, as in a new box:\n%s", tc.change, got, fresh)
					}
					stillWorks(t, s)
				})
			}
		})
	}
}
