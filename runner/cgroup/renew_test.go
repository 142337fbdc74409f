package cgroup

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// TestRenew checks which emptied groups renew refuses: one with a task
// left, one with more than MaxResidual still charged, one with a memory
// event, one whose figures cannot be read.
func TestRenew(t *testing.T) {
	for _, c := range []struct {
		name    string
		tasks   string
		charged int64
		events  Events
		evErr   error
		cpuErr  error
		ok      bool
	}{
		{"empty and clean", "0\n", 0, Events{}, nil, nil, true},
		{"1 MiB left", "0\n", 1 << 20, Events{}, nil, nil, true},
		{"MaxResidual left", "0\n", MaxResidual, Events{}, nil, nil, true},
		{"a page over MaxResidual left", "0\n", MaxResidual + 4096, Events{}, nil, nil, false},
		{"64 MiB left", "0\n", 64 << 20, Events{}, nil, nil, false},
		{"a task left", "1\n", 0, Events{}, nil, nil, false},
		{"an out-of-memory kill", "0\n", 0, Events{OOMKills: 1}, nil, nil, false},
		{"the limit reached", "0\n", 0, Events{HitLimit: true}, nil, nil, false},
		{"events unreadable", "0\n", 0, Events{}, errors.New("gone"), nil, false},
		{"CPU time unreadable", "0\n", 0, Events{}, nil, errors.New("gone"), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			var paths [nStats]string
			dir := t.TempDir()
			for i, f := range map[int]string{statTasks: c.tasks, statUsage: strconv.FormatInt(c.charged, 10) + "\n"} {
				paths[i] = filepath.Join(dir, strconv.Itoa(i))
				if err := os.WriteFile(paths[i], []byte(f), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			s, err := openStats(paths)
			if err != nil {
				t.Fatal(err)
			}
			defer s.close()
			cpu := func() (time.Duration, error) { return 3 * time.Second, c.cpuErr }
			events := func() (Events, error) { return c.events, c.evErr }
			used, ok := renew(s, cpu, events)
			if ok != c.ok {
				t.Fatalf("renewed: %v, want %v", ok, c.ok)
			}
			if ok && used != 3*time.Second {
				t.Errorf("counts from %v, want 3s", used)
			}
		})
	}
}
