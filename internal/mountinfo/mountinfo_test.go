package mountinfo

import "testing"

func TestParse(t *testing.T) {
	tests := []struct {
		line string
		want Mount
		ok   bool
	}{
		{"36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue",
			Mount{Dev: 98 << 8, Root: "/mnt1", MountPoint: "/mnt2", FSType: "ext3", Source: "/dev/root", Super: []string{"rw", "errors=continue"}}, true},
		{"30 25 0:26 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory",
			Mount{Dev: 26, Root: "/", MountPoint: "/sys/fs/cgroup/memory", FSType: "cgroup", Source: "cgroup", Super: []string{"rw", "memory"}}, true},
		{`40 25 0:30 / /run/judge/a\040b rw - tmpfs tmpfs rw`,
			Mount{Dev: 30, Root: "/", MountPoint: "/run/judge/a b", FSType: "tmpfs", Source: "tmpfs", Super: []string{"rw"}}, true},
		{"garbage", Mount{}, false},
	}
	for _, tt := range tests {
		got, ok := Parse(tt.line)
		if ok != tt.ok || got.Dev != tt.want.Dev || got.Root != tt.want.Root || got.MountPoint != tt.want.MountPoint ||
			got.FSType != tt.want.FSType || got.Source != tt.want.Source || len(got.Super) != len(tt.want.Super) {
			t.Errorf("Parse(%q) = %+v, %v; want %+v, %v", tt.line, got, ok, tt.want, tt.ok)
		}
	}
}

func TestUnescape(t *testing.T) {
	for in, want := range map[string]string{`a\040b`: "a b", `x\134y`: `x\y`, `tab\011`: "tab\t", `end\04`: `end\04`, "plain": "plain"} {
		if got := Unescape(in); got != want {
			t.Errorf("Unescape(%q) = %q, want %q", in, got, want)
		}
	}
}
