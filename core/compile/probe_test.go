package compile

import (
	"strings"
	"testing"
)

// TestProbe: a language is present when its compile's and run's
// programs are on the box's PATH and its version command succeeds in a
// box, whose first line is its version; otherwise Missing names the tool.
func TestProbe(t *testing.T) {
	s := sandbox(t)
	gcc := []string{"gcc", "-o", "main", "main.c"}
	cases := []struct {
		name        string
		lang        Language
		version     string // the version's prefix, when present
		missing     string // Missing, "" for present
		withoutABox bool
	}{
		{"present", Language{Compile: gcc, Run: []string{"{prog}/main"}, Version: []string{"sh", "-c", "echo; echo 'gcc 12.2'; echo more"}},
			"gcc 12.2", "", false},
		{"compiler missing", Language{Compile: []string{"no-such-rustc", "main.rs"}, Run: []string{"{prog}/main"}, Install: "apt-get install -y rustc"},
			"", "no-such-rustc not found in the box (install: apt-get install -y rustc)", false},
		{"runtime missing", Language{Compile: gcc, Run: []string{"no-such-java", "-jar", "{prog}/main.jar"}},
			"", "no-such-java not found in the box", false},
		{"version command missing", Language{Compile: gcc, Run: []string{"{prog}/main"}, Version: []string{"/no/such/gcc", "--version"}},
			"", "/no/such/gcc not found in the box", false},
		{"version command fails", Language{Compile: gcc, Run: []string{"{prog}/main"}, Version: []string{"sh", "-c", "echo broken install >&2; exit 3"}},
			"", "sh -c echo broken install >&2; exit 3 failed in the box: broken install", false},
		{"no version command", Language{Compile: gcc, Run: []string{"{prog}/main"}}, "", "", false},
		{"no box: programs only", Language{Compile: gcc, Run: []string{"{prog}/main"}, Version: []string{"false"}}, "", "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sb := s
			if c.withoutABox {
				sb = nil
			}
			got := Probe(t.Context(), sb, &c.lang)
			if got.Missing != c.missing || got.Present() != (c.missing == "") {
				t.Errorf("Missing %q, want %q", got.Missing, c.missing)
			}
			if c.missing == "" && !strings.HasPrefix(got.Version, c.version) || c.version == "" && got.Version != "" {
				t.Errorf("Version %q, want %q", got.Version, c.version)
			}
		})
	}
	all := ProbeAll(t.Context(), s, map[string]*Language{"c": {Compile: gcc, Run: []string{"{prog}/main"}, Version: []string{"gcc", "--version"}},
		"fake": {Compile: []string{"no-such-compiler-xyz"}, Run: []string{"{prog}/main"}}})
	if len(all) != 2 || !all["c"].Present() || !strings.HasPrefix(all["c"].Version, "gcc") || all["fake"].Present() {
		t.Errorf("ProbeAll: %+v", all)
	}
}
