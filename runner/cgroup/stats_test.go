package cgroup

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStatsReadFromStart checks that an open statistics file is read
// whole, from its start, each time: it shows what the file holds now.
func TestStatsReadFromStart(t *testing.T) {
	dir := t.TempDir()
	var paths [nStats]string
	for i := range paths {
		paths[i] = filepath.Join(dir, string(rune('a'+i)))
	}
	write := func(i int, s string) {
		t.Helper()
		if err := os.WriteFile(paths[i], []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(statCPU, "usage_usec 1500\nuser_usec 1000\n")
	write(statPeak, "4096\n")
	write(statTasks, strings.Repeat(" ", 2000)+"3\n") // longer than the first buffer
	write(statFail, "0\n")
	write(statUsage, "0\n")
	paths[statOOM] = "" // a file the group has none of is left closed
	s, err := openStats(paths)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := s.key(statCPU, "usage_usec"); err != nil || v != 1500 {
		t.Errorf("usage_usec = %d, %v; want 1500", v, err)
	}
	if v, err := s.int(statTasks); err != nil || v != 3 {
		t.Errorf("tasks = %d, %v; want 3", v, err)
	}
	for _, want := range []int64{4096, 8192} {
		write(statPeak, "8192\n")
		if want == 4096 {
			write(statPeak, "4096\n")
		}
		if v, err := s.int(statPeak); err != nil || v != want {
			t.Errorf("peak = %d, %v; want %d", v, err, want)
		}
	}
	if _, err := s.int(statOOM); err == nil {
		t.Error("a file left closed was read")
	}
	s.close()
	if _, err := s.int(statPeak); err == nil {
		t.Error("a closed file was read")
	}
	if _, err := openStats([nStats]string{paths[0], paths[1], filepath.Join(dir, "missing")}); err == nil {
		t.Error("a missing file was opened")
	}
}

// TestReadNumber checks the launcher's read of a one-number file: the
// number, v2's "max" as -1, whatever the file position, and an error for
// anything else.
func TestReadNumber(t *testing.T) {
	for _, c := range []struct {
		data string
		want int64
		ok   bool
	}{
		{"4096\n", 4096, true},
		{"0\n", 0, true},
		{"max\n", -1, true},
		{"", 0, false},
		{"12 KiB\n", 0, false},
	} {
		path := filepath.Join(t.TempDir(), "f")
		if err := os.WriteFile(path, []byte(c.data), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = f.Seek(2, 0)
		got, err := ReadNumber(int(f.Fd()))
		f.Close()
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("%q: %d, %v; want %d, ok %v", c.data, got, err, c.want, c.ok)
		}
	}
}
