package convert

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/problem/kattis"
)

// bundled are the problems shipped in problems/.
var bundled = []string{"a-plus-b", "eight-puzzle", "eight-puzzle-ii", "flip-game", "four-in-a-row", "rotation-game", "hidden-number"}

// sameTests fails unless got holds want's tests, in the same order, with
// the same input and answer bytes and the same sample flags.
func sameTests(t *testing.T, want, got *problem.Problem) {
	t.Helper()
	if len(got.Tests) != len(want.Tests) {
		t.Fatalf("%d tests, want %d", len(got.Tests), len(want.Tests))
	}
	for i := range want.Tests {
		w, g := want.Tests[i], got.Tests[i]
		if w.Sample != g.Sample {
			t.Errorf("test %d (%s as %s): sample %v, want %v", i, w.Name, g.Name, g.Sample, w.Sample)
		}
		for _, pair := range [][2]string{{w.Input, g.Input}, {w.Output, g.Output}} {
			a, err1 := os.ReadFile(pair[0])
			b, err2 := os.ReadFile(pair[1])
			if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
				t.Errorf("test %d (%s as %s): %s and %s differ (%v, %v)", i, w.Name, g.Name, pair[0], pair[1], err1, err2)
			}
		}
	}
}

func TestExportBundledLoadsBack(t *testing.T) {
	for _, slug := range bundled {
		for _, v := range ExportVersions {
			t.Run(slug+"/"+string(v), func(t *testing.T) {
				native, err := problem.Load(filepath.Join("..", "..", "problems", slug))
				if err != nil {
					t.Fatal(err)
				}
				out := filepath.Join(t.TempDir(), slug)
				dropped, err := Export(native, filepath.Join("..", "..", "solutions", slug), out, v)
				if err != nil {
					t.Fatal(err)
				}
				got, err := problem.Load(out)
				if err != nil {
					t.Fatalf("exported package does not load: %v", err)
				}
				if got.Format != problem.FormatKattis || got.Kattis.Version != v {
					t.Fatalf("loaded as %s %v, want kattis %s", got.Format, got.Kattis, v)
				}
				if got.Limits.Time != native.Limits.Time || got.Limits.Memory != native.Limits.Memory || got.Limits.Output != native.Limits.Output {
					t.Errorf("limits %+v, want %+v", got.Limits, native.Limits)
				}
				if got.Title != native.Title {
					t.Errorf("title %q, want %q", got.Title, native.Title)
				}
				if got.Interactive != native.Interactive {
					t.Errorf("interactive %v, want %v", got.Interactive, native.Interactive)
				}
				sameTests(t, native, got)
				switch {
				case native.Interactive:
					if got.Checker.Kind != problem.CheckerValidator || !strings.Contains(got.Checker.Source, "output_validator") {
						t.Errorf("checker %+v, want the interactor", got.Checker)
					}
				case native.Checker.Kind == problem.CheckerTokens:
					for _, tc := range got.Tests {
						if got.Checker.Kind != problem.CheckerDefault || !slices.Equal(tc.CheckerArgs, []string{"case_sensitive"}) {
							t.Fatalf("test %s: checker %s %q, want default case_sensitive", tc.Name, got.Checker.Kind, tc.CheckerArgs)
						}
					}
				case native.Checker.Kind == problem.CheckerCustom:
					if got.Checker.Kind != problem.CheckerValidator || slices.ContainsFunc(dropped, func(s string) bool { return strings.HasPrefix(s, "checker: custom") }) {
						t.Errorf("checker %+v, dropped %q: want the adapted custom checker", got.Checker, dropped)
					}
				}
				if n := len(got.Kattis.Package.InputValidators); n != 1 {
					t.Errorf("%d input validators, want the adapted native one", n)
				}
				subs, _, err := got.Kattis.Package.ListSubmissions()
				if err != nil {
					t.Fatal(err)
				}
				accepted, _ := os.ReadDir(filepath.Join("..", "..", "solutions", slug, "accepted"))
				n := 0
				for _, s := range subs {
					if s.Folder == kattis.FolderAccepted {
						n++
					}
				}
				if n != len(accepted) {
					t.Errorf("%d accepted submissions, want %d", n, len(accepted))
				}
			})
		}
	}
}

func TestExportRefuses(t *testing.T) {
	native, err := problem.Load(filepath.Join("..", "..", "problems", "a-plus-b"))
	if err != nil {
		t.Fatal(err)
	}
	full := t.TempDir()
	if err := os.WriteFile(filepath.Join(full, "x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Export(native, "", full, kattis.V2025); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Errorf("non-empty outdir: err %v, want not empty", err)
	}
	if _, err := Export(native, "", filepath.Join(t.TempDir(), "x"), "2023-07-draft"); err == nil {
		t.Error("version 2023-07-draft accepted")
	}
	entries, _ := os.ReadDir(full)
	if len(entries) != 1 {
		t.Errorf("outdir has %d entries after a refused export, want 1", len(entries))
	}
}

func TestPaddedNames(t *testing.T) {
	got := paddedNames([]string{"1", "10", "2", "sample1", "big", "sample12"})
	want := map[string]string{"1": "01", "10": "10", "2": "02", "sample1": "sample01", "big": "big", "sample12": "sample12"}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s → %s, want %s", k, got[k], w)
		}
	}
}
