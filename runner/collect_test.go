package runner

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestCollectAll checks that CollectAll brings back the regular files of
// the working directory and its folders, placed work files included (one
// in a folder), and leaves links.
func TestCollectAll(t *testing.T) {
	s := fullSandbox(t)
	seed := filepath.Join(t.TempDir(), "seed")
	if err := os.WriteFile(seed, []byte("kept\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dst := t.TempDir()
	res, err := s.Run(context.Background(), Spec{
		Args:       []string{"sh", "-c", "echo a > a.txt; echo b > b; ln -s /etc/passwd link; mkdir sub; echo c > sub/c; ln -s /etc sub/etc; cat state/seed > state/copy"},
		Work:       []File{{Name: "seed", Path: seed}, {Name: "state/seed", Path: seed}},
		CollectAll: true,
		CollectDir: dst,
		Limits:     Limits{CPU: 5 * time.Second, Wall: 20 * time.Second},
	})
	if err != nil || !res.OK() {
		t.Fatalf("%v %+v", err, res)
	}
	var got []string
	err = filepath.WalkDir(dst, func(path string, d os.DirEntry, err error) error {
		if err == nil && path != dst {
			rel, _ := filepath.Rel(dst, path)
			got = append(got, rel)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"a.txt", "b", "seed", "state", "state/copy", "state/seed", "sub", "sub/c"}
	if !slices.Equal(got, want) {
		t.Errorf("collected %v, want %v", got, want)
	}
	if data, err := os.ReadFile(filepath.Join(dst, "state", "copy")); err != nil || string(data) != "kept\n" {
		t.Errorf("state/copy: %q %v", data, err)
	}
	_, err = s.Run(context.Background(), Spec{Args: []string{"true"}, Work: []File{{Name: "../out", Path: seed}}, Limits: Limits{CPU: time.Second}})
	if err == nil {
		t.Error("a work file named ../out was placed")
	}
}
