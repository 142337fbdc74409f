package runner

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
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

// diskUsage is what the files under dir take on disk.
func diskUsage(t *testing.T, dir string) int64 {
	t.Helper()
	var n int64
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		var st unix.Stat_t
		if err := unix.Lstat(path, &st); err != nil {
			return err
		}
		n += st.Blocks * 512
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestCollectBound collects a folder that holds sparse files of 1 GiB
// together (on the host's disk they take nothing): the collect refuses
// them by apparent sizes, with ErrCollectLimit naming one, before a byte
// is copied; within the bound it brings back files at depth, and follows
// no link.
func TestCollectBound(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(secret, []byte("root-only secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	src := t.TempDir()
	for name, body := range map[string]string{"run": "#!/bin/sh\n", "sub/deep/data": "data\n"} {
		if err := os.MkdirAll(filepath.Join(src, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(src, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, target := range map[string]string{"canary": secret, "sub/etc": "/etc", "judgeenv": "/proc/self/environ"} {
		if err := os.Symlink(target, filepath.Join(src, name)); err != nil {
			t.Fatal(err)
		}
	}
	ok := Result{Status: Exited}
	dst := t.TempDir()
	if err := collectRun(src, Spec{Collect: []string{"run"}, CollectAll: true, CollectDir: dst}, ok, 64<<20); err != nil {
		t.Fatal(err)
	}
	var got []string
	filepath.WalkDir(dst, func(path string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			rel, _ := filepath.Rel(dst, path)
			got = append(got, rel)
		}
		return err
	})
	if want := []string{"run", "sub/deep/data"}; !slices.Equal(got, want) {
		t.Errorf("collected %v, want %v (no link followed)", got, want)
	}
	if err := collectRun(src, Spec{Collect: []string{"canary"}, CollectDir: t.TempDir()}, ok, 64<<20); err == nil {
		t.Error("a link was collected")
	}

	for i := range 16 {
		big := filepath.Join(src, "sub", fmt.Sprintf("big%02d", i))
		if err := os.WriteFile(big, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(big, 64<<20); err != nil {
			t.Fatal(err)
		}
	}
	for _, spec := range []Spec{{CollectAll: true}, {Collect: []string{"sub/big00", "sub/big01"}}} {
		dst := t.TempDir()
		spec.CollectDir = dst
		err := collectRun(src, spec, ok, 64<<20)
		if !errors.Is(err, ErrCollectLimit) || !strings.Contains(err.Error(), "big") {
			t.Errorf("collecting 1 GiB of sparse files: %v, want ErrCollectLimit naming one", err)
		}
		if n := diskUsage(t, dst); n > 1<<20 {
			t.Errorf("the collect wrote %d bytes to the host's disk", n)
		}
	}
}
