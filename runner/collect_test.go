package runner

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestCollectAll checks that CollectAll brings back the regular files at
// the top of the working directory, a placed work file included, and
// leaves links and folders.
func TestCollectAll(t *testing.T) {
	s := fullSandbox(t)
	seed := filepath.Join(t.TempDir(), "seed")
	if err := os.WriteFile(seed, []byte("kept\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dst := t.TempDir()
	res, err := s.Run(context.Background(), Spec{
		Args:       []string{"sh", "-c", "echo a > a.txt; echo b > b; ln -s /etc/passwd link; mkdir sub; echo c > sub/c"},
		Work:       []File{{Name: "seed", Path: seed}},
		CollectAll: true,
		CollectDir: dst,
		Limits:     Limits{CPU: 5 * time.Second, Wall: 20 * time.Second},
	})
	if err != nil || !res.OK() {
		t.Fatalf("%v %+v", err, res)
	}
	entries, err := os.ReadDir(dst)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if want := []string{"a.txt", "b", "seed"}; !slices.Equal(got, want) {
		t.Errorf("collected %v, want %v", got, want)
	}
}
