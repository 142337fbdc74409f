package problem

import (
	"path/filepath"
	"strings"
	"testing"
)

// scoredPkg is a native package with tests sample1, small-1, small-2 and
// big-1, and problem.yaml's groups given.
func scoredPkg(groups string) map[string]string {
	return pkg("s", "title: S\ntime_limit: 1s\nmemory_limit: 64MiB\n"+groups, map[string]string{
		"tests/1.in": "", "tests/1.out": "",
		"tests/sample1.in": "1\n", "tests/sample1.out": "1\n",
		"tests/small-1.in": "1\n", "tests/small-1.out": "1\n",
		"tests/small-2.in": "2\n", "tests/small-2.out": "2\n",
		"tests/big-1.in": "9\n", "tests/big-1.out": "9\n",
	})
}

func TestLoadGroups(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, scoredPkg("groups:\n  - {name: small, score: 30, tests: small-*}\n  - name: all\n    score: 70.5\n    tests: [big-*, small-*]\n"))
	p, err := Load(filepath.Join(root, "problems", "s"))
	if err != nil {
		t.Fatal(err)
	}
	sc := p.Scoring
	if sc == nil || !sc.Native || sc.Root.MaxScore != 100.5 || len(sc.Root.Items) != 2 {
		t.Fatalf("scoring %+v", sc)
	}
	var got []string
	for _, it := range sc.Root.Items {
		g := it.Group
		got = append(got, g.Name+"="+g.Aggregation+":"+strings.Join(g.Tests(), ","))
	}
	// In judging order (natural: big-1 before small-1), whatever the globs' order.
	if want := "small=pass-fail:small-1,small-2 all=pass-fail:big-1,small-1,small-2"; strings.Join(got, " ") != want {
		t.Errorf("groups %s, want %s", strings.Join(got, " "), want)
	}
}

func TestLoadGroupsErrors(t *testing.T) {
	tests := []struct{ groups, want string }{
		{"groups: small\n", "groups: line 4: want a list of groups"},
		{"groups: []\n", "want a list of groups"},
		{"groups:\n  - {name: a, score: 1, tests: '*', bonus: 2}\n", `groups[0]: line 5: unknown key "bonus" (want name, score, tests)`},
		{"groups:\n  - {name: a, score: 1}\n", `groups[0]: line 5: missing key "tests"`},
		{"groups:\n  - {name: a, score: -1, tests: '*'}\n", "groups[0] (a): score: line 5: want a number, 0 or more"},
		{"groups:\n  - {name: a, score: many, tests: '*'}\n", "groups[0] (a): score: line 5: want a number"},
		{"groups:\n  - {name: a, score: 1, tests: '*'}\n  - {name: a, score: 1, tests: '*'}\n", `groups[1]: name: "a" is given to two groups`},
		{"groups:\n  - {name: 'a b', score: 1, tests: '*'}\n", "want a name without spaces or slashes"},
		{"groups:\n  - {name: a, score: 1, tests: 'x[*'}\n", `groups[0] (a): tests: bad glob "x[*"`},
		{"groups:\n  - {name: a, score: 1, tests: [small-*, huge-*]}\n", `groups: group a: tests: "huge-*" matches no test`},
		{"groups:\n  - {name: a, score: 1, tests: [small-*]}\n", "groups: test big-1 is in no group (every test but the samples must be in one)"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			root := t.TempDir()
			writeTree(t, root, scoredPkg(tt.groups))
			_, err := Load(filepath.Join(root, "problems", "s"))
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "problem.yaml: ") || strings.Contains(err.Error(), "\n") {
				t.Errorf("error %v, want one line naming problem.yaml with %q", err, tt.want)
			}
		})
	}
}
