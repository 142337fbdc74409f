package worker

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSourcesFolder(t *testing.T) {
	shm := "/dev/shm"
	if fi, err := os.Stat(shm); err != nil || !fi.IsDir() {
		shm = ""
	}
	tmp := t.TempDir()
	for _, c := range []struct {
		tmpdir, want string
	}{
		{"", shm},  // in memory where there is /dev/shm
		{tmp, tmp}, // TMPDIR is obeyed
	} {
		t.Setenv("TMPDIR", c.tmpdir)
		want := c.want
		if want == "" {
			want = os.TempDir()
		}
		s, err := newSources(2)
		if err != nil {
			t.Fatal(err)
		}
		p, err := s.write(1, "sum.c", "int main(){}\n")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(p, want+string(filepath.Separator)) {
			t.Errorf("TMPDIR=%q: source written to %s, want under %s", c.tmpdir, p, want)
		}
		if b, err := os.ReadFile(p); err != nil || string(b) != "int main(){}\n" {
			t.Errorf("source read back: %q, %v", b, err)
		}
		s.close()
		if _, err := os.Stat(s.root); !os.IsNotExist(err) {
			t.Errorf("folder %s left after close: %v", s.root, err)
		}
	}
}
