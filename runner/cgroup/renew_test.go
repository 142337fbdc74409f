package cgroup

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestRenew checks which emptied groups renew refuses: one with a task
// left, one with a memory event, one whose figures cannot be read.
func TestRenew(t *testing.T) {
	for _, c := range []struct {
		name   string
		tasks  string
		events Events
		evErr  error
		cpuErr error
		ok     bool
	}{
		{"empty and clean", "0\n", Events{}, nil, nil, true},
		{"a task left", "1\n", Events{}, nil, nil, false},
		{"an out-of-memory kill", "0\n", Events{OOMKills: 1}, nil, nil, false},
		{"the limit reached", "0\n", Events{HitLimit: true}, nil, nil, false},
		{"events unreadable", "0\n", Events{}, errors.New("gone"), nil, false},
		{"CPU time unreadable", "0\n", Events{}, nil, errors.New("gone"), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			var paths [nStats]string
			paths[statTasks] = filepath.Join(t.TempDir(), "pids.current")
			if err := os.WriteFile(paths[statTasks], []byte(c.tasks), 0o644); err != nil {
				t.Fatal(err)
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
