package runcache

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/runner"
)

func baseKey() Key {
	return Key{
		Kind:        "solution",
		Program:     "p1",
		Runtime:     "go version go1.26",
		Run:         []string{"{prog}/main"},
		Env:         []string{"GOGC=off"},
		Input:       "i1",
		Answer:      "a1",
		Limits:      runner.Limits{CPU: time.Second, Wall: 3 * time.Second, Memory: 256 << 20}.WithDefaults(),
		TimeLimit:   int64(time.Second),
		Checker:     "tokens",
		CheckerArgs: []string{"case_sensitive"},
		Sandbox:     runner.ModeFull,
	}
}

// TestKeyEveryField changes one field at a time: each change must change
// the key, and every field of Key must be in the table.
func TestKeyEveryField(t *testing.T) {
	cases := []struct {
		field  string
		change func(k *Key)
	}{
		{"Kind", func(k *Key) { k.Kind = "validator" }},
		{"Program", func(k *Key) { k.Program = "p2" }},
		{"Runtime", func(k *Key) { k.Runtime = "go version go1.27" }},
		{"Run", func(k *Key) { k.Run = []string{"python3", "{prog}/main.py"} }},
		{"Env", func(k *Key) { k.Env = nil }},
		{"Input", func(k *Key) { k.Input = "i2" }},
		{"Answer", func(k *Key) { k.Answer = "a2" }},
		{"Limits", func(k *Key) { k.Limits.Memory = 512 << 20 }},
		{"TimeLimit", func(k *Key) { k.TimeLimit = int64(2 * time.Second) }},
		{"Checker", func(k *Key) { k.Checker = "float abs 1e-6 rel 1e-6" }},
		{"CheckerArgs", func(k *Key) { k.CheckerArgs = []string{"float_tolerance", "1e-3"} }},
		{"Sandbox", func(k *Key) { k.Sandbox = runner.ModeBasic }},
	}
	base := baseKey().Sum()
	if again := baseKey().Sum(); again != base {
		t.Fatalf("the same key has two sums: %s, %s", base, again)
	}
	seen := map[string]string{base: "base"}
	for _, c := range cases {
		k := baseKey()
		c.change(&k)
		sum := k.Sum()
		if prev, ok := seen[sum]; ok {
			t.Errorf("changing %s gives the key of %s", c.field, prev)
		}
		seen[sum] = c.field
	}
	typ := reflect.TypeFor[Key]()
	if typ.NumField() != len(cases) {
		t.Errorf("Key has %d fields, the table changes %d: add the new field's case", typ.NumField(), len(cases))
	}
	for i := range typ.NumField() {
		name := typ.Field(i).Name
		found := false
		for _, c := range cases {
			found = found || c.field == name
		}
		if !found {
			t.Errorf("field %s is not in the table", name)
		}
	}
}

// TestKeyLimitsEveryField: each limit is part of the key.
func TestKeyLimitsEveryField(t *testing.T) {
	base := baseKey().Sum()
	lim := reflect.TypeFor[runner.Limits]()
	for i := range lim.NumField() {
		k := baseKey()
		f := reflect.ValueOf(&k.Limits).Elem().Field(i)
		f.SetInt(f.Int() + 1)
		if k.Sum() == base {
			t.Errorf("changing Limits.%s leaves the key", lim.Field(i).Name)
		}
	}
}

func TestHashFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a, b := write("a", "hello"), write("b", "world")
	ab := write("ab", "helloworld")
	h := func(files ...runner.File) string {
		t.Helper()
		s, err := HashFiles(files)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	base := h(runner.File{Name: "x", Path: a}, runner.File{Name: "y", Path: b})
	for name, other := range map[string]string{
		"renamed":   h(runner.File{Name: "z", Path: a}, runner.File{Name: "y", Path: b}),
		"reordered": h(runner.File{Name: "y", Path: b}, runner.File{Name: "x", Path: a}),
		"joined":    h(runner.File{Name: "x", Path: ab}),
		"dropped":   h(runner.File{Name: "x", Path: a}),
	} {
		if other == base {
			t.Errorf("%s files hash the same", name)
		}
	}
	if _, err := HashFiles([]runner.File{{Name: "x", Path: filepath.Join(dir, "missing")}}); err == nil {
		t.Error("hashing a missing file: no error")
	}
	s1, err := HashFile(a)
	if err != nil {
		t.Fatal(err)
	}
	s2, _ := HashFile(b)
	if s1 == s2 || len(s1) != 64 {
		t.Errorf("HashFile: %q, %q", s1, s2)
	}
}
