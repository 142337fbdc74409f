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
