package convert

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/problem/kattis"
)

// fixtures are the Kattis packages under testdata of grade and verify.
func fixtures(t *testing.T) []string {
	var out []string
	for _, root := range []string{"../../core/grade/testdata/kattis", "../../authoring/verify/testdata/kattis"} {
		entries, err := os.ReadDir(root)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			out = append(out, filepath.Join(root, e.Name()))
		}
	}
	return out
}

// contents lists a problem's tests as input+"\x00"+answer, sorted.
func contents(t *testing.T, p *problem.Problem) []string {
	t.Helper()
	var out []string
	for _, tc := range p.Tests {
		in, err1 := os.ReadFile(tc.Input)
		ans, err2 := os.ReadFile(tc.Output)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		out = append(out, string(in)+"\x00"+string(ans))
	}
	slices.Sort(out)
	return out
}

// importLoaded loads the Kattis package dir, imports it as "imported"
// into fresh folders, and loads the native problem it became; it returns
// both problems, the solutions folder, and what the import dropped.
func importLoaded(t *testing.T, dir string) (orig, native *problem.Problem, sols string, dropped []string) {
	t.Helper()
	orig, err := problem.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	probs, sols := t.TempDir(), t.TempDir()
	dropped, err = Import(dir, probs, sols, "imported")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("dropped: %q", dropped)
	native, err = problem.Load(filepath.Join(probs, "imported"))
	if err != nil {
		t.Fatal(err)
	}
	return orig, native, sols, dropped
}

func TestImportRoundTrip(t *testing.T) {
	for _, fx := range fixtures(t) {
		t.Run(strings.TrimPrefix(fx, "../"), func(t *testing.T) {
			orig, native, sols, _ := importLoaded(t, fx)
			if !slices.Equal(contents(t, orig), contents(t, native)) {
				t.Error("imported tests differ from the package's")
			}
			if orig.Limits.Time > 0 && native.Limits.Time != orig.Limits.Time {
				t.Errorf("time limit %v, want %v", native.Limits.Time, orig.Limits.Time)
			}
			if native.Limits.Memory != orig.Limits.Memory || native.Limits.Output != orig.Limits.Output {
				t.Errorf("limits %+v, want %+v", native.Limits, orig.Limits)
			}
			if native.Interactive != orig.Interactive {
				t.Errorf("interactive %v, want %v", native.Interactive, orig.Interactive)
			}
			for _, v := range ExportVersions {
				out := filepath.Join(t.TempDir(), "back")
				if _, err := Export(native, filepath.Join(sols, "imported"), out, v); err != nil {
					t.Fatalf("%s: %v", v, err)
				}
				back, err := problem.Load(out)
				if err != nil {
					t.Fatalf("%s: %v", v, err)
				}
				if native.Scoring == nil {
					sameTests(t, native, back)
				} else if back.Scoring == nil {
					t.Errorf("%s: exported pass-fail, want scoring", v)
				}
				// A test of two native groups is in both groups' folders.
				if !slices.Equal(slices.Compact(contents(t, orig)), slices.Compact(contents(t, back))) {
					t.Errorf("%s: tests after import and export differ from the package's", v)
				}
				if back.Limits != native.Limits {
					t.Errorf("%s: limits %+v, want %+v", v, back.Limits, native.Limits)
				}
			}
		})
	}
}

func TestImportRefuses(t *testing.T) {
	fx := "../../core/grade/testdata/kattis/sum-legacy"
	probs, sols := t.TempDir(), t.TempDir()
	if _, err := Import(t.TempDir(), probs, sols, ""); err == nil || !strings.Contains(err.Error(), "not a Kattis package") {
		t.Errorf("empty folder: err %v, want not a Kattis package", err)
	}
	if err := os.Mkdir(filepath.Join(probs, "taken"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Import(fx, probs, sols, "taken"); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("existing slug: err %v, want already exists", err)
	}
	for _, d := range []string{probs, sols} {
		entries, _ := os.ReadDir(d)
		if len(entries) > 1 || (len(entries) == 1 && entries[0].Name() != "taken") {
			t.Errorf("%s holds %v after refused imports", d, entries)
		}
	}
	if !kattis.IsPackage(fx) {
		t.Fatalf("%s is not a package", fx)
	}
}

// TestImportOrderNote: import names a package whose tests run in another
// order natively (g10 before g2 in the package, after it natively), and
// only such a package.
func TestImportOrderNote(t *testing.T) {
	for _, tt := range []struct {
		groups []string
		note   bool
	}{
		{[]string{"g2", "g10"}, true},
		{[]string{"g1", "g2"}, false},
	} {
		files := map[string]string{}
		for _, g := range tt.groups {
			files["data/secret/"+g+"/1"] = ""
		}
		dir := writePackage(t, "name: Order\n", files)
		dropped, err := Import(dir, t.TempDir(), t.TempDir(), "order")
		if err != nil {
			t.Fatal(err)
		}
		got := slices.ContainsFunc(dropped, func(d string) bool { return strings.HasPrefix(d, "test order:") })
		if got != tt.note {
			t.Errorf("groups %v: dropped %q, want a test order line: %v", tt.groups, dropped, tt.note)
		}
	}
}
