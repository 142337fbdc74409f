// Package mountinfo reads /proc/self/mountinfo.
package mountinfo

import (
	"bufio"
	"fmt"
	"golang.org/x/sys/unix"
	"os"
	"strconv"
	"strings"
)

// Mount is one line of mountinfo.
type Mount struct {
	Dev        uint64 // the file system's device number (major:minor)
	Root       string // the path within the filesystem that is mounted
	MountPoint string
	FSType     string
	Source     string
	Super      []string // superblock options, e.g. the v1 cgroup controllers
}

// Read parses /proc/self/mountinfo.
func Read() ([]Mount, error) {
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return nil, fmt.Errorf("read mountinfo: %w", err)
	}
	defer f.Close()
	var out []Mount
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if m, ok := Parse(sc.Text()); ok {
			out = append(out, m)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read mountinfo: %w", err)
	}
	return out, nil
}

// Parse parses one mountinfo line:
//
//	id parent major:minor root mountpoint options [optional...] - fstype source superoptions
func Parse(line string) (Mount, bool) {
	fields := strings.Fields(line)
	sep := -1
	for i, x := range fields {
		if x == "-" && i >= 6 {
			sep = i
			break
		}
	}
	if sep < 0 || len(fields) < sep+3 {
		return Mount{}, false
	}
	var dev uint64
	if maj, min, ok := strings.Cut(fields[2], ":"); ok {
		a, _ := strconv.ParseUint(maj, 10, 32)
		b, _ := strconv.ParseUint(min, 10, 32)
		dev = unix.Mkdev(uint32(a), uint32(b))
	}
	m := Mount{
		Dev:        dev,
		Root:       Unescape(fields[3]),
		MountPoint: Unescape(fields[4]),
		FSType:     fields[sep+1],
		Source:     Unescape(fields[sep+2]),
	}
	if len(fields) > sep+3 {
		m.Super = strings.Split(fields[sep+3], ",")
	}
	return m, true
}

// Unescape undoes the octal escapes (\040 for a space, \011, \012, \134)
// the kernel writes in mountinfo paths.
func Unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+4 <= len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
