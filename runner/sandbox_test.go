package runner

import (
	"context"
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	Init()
	os.Exit(m.Run())
}

func TestSmoke(t *testing.T) {
	s, err := New(Config{Mode: ModeFull})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	out := t.TempDir() + "/out"
	r, err := s.Run(context.Background(), Spec{Args: []string{"sh", "-c", "echo hi; id; ls / /dev; cat /proc/self/cgroup; echo err >&2; exit 3"}, Stdout: out})
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(out)
	t.Logf("%+v\n%s\nstderr=%s", r, data, r.Stderr)
}
