package verify

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/core/problem"
)

var (
	statedTime   = regexp.MustCompile(`(?i)\btime\b[^0-9\n]{0,24}?(\d+(?:\.\d+)?)\s*(milliseconds?|ms|seconds?|secs?|s)\b`)
	statedMemory = regexp.MustCompile(`(?i)\bmemory\b[^0-9\n]{0,24}?(\d+(?:\.\d+)?)\s*(KiB|MiB|GiB|KB|MB|GB)\b`)
)

// checkStatedLimits compares the time and memory limits the statement's
// Limits section states with problem.yaml's.
func checkStatedLimits(disp string, p *problem.Problem) *Check {
	c := &Check{Name: CheckStatedLimits}
	if p == nil {
		return skip(c, "the package does not load")
	}
	path := filepath.Join(disp, problem.StatementFile)
	data, err := os.ReadFile(path)
	if err != nil {
		return skip(c, "no statement to look in")
	}
	lines, start := limitsSection(data)
	if start == 0 {
		return pass(c, "no Limits section; judge show prints problem.yaml's limits")
	}
	cfg := filepath.Join(disp, problem.ConfigFile)
	var details []string
	var seenTime, seenMem bool
	for i, l := range lines {
		at := fmt.Sprintf("%s:%d", path, start+i)
		if m := statedTime.FindStringSubmatch(l); m != nil && !seenTime {
			seenTime = true
			if d, ok := parseStatedTime(m[1], m[2]); ok && d != p.Limits.Time {
				details = append(details, fmt.Sprintf("%s: states time %s %s, but %s has time_limit %v: change one of them", at, m[1], m[2], cfg, p.Limits.Time))
			}
		}
		if m := statedMemory.FindStringSubmatch(l); m != nil && !seenMem {
			seenMem = true
			if n, ok := parseStatedSize(m[1], m[2]); ok && n != p.Limits.Memory {
				details = append(details, fmt.Sprintf("%s: states memory %s %s, but %s has memory_limit %s: change one of them", at, m[1], m[2], cfg, figures.Size(p.Limits.Memory)))
			}
		}
	}
	if len(details) > 0 {
		return failWith(c, details)
	}
	if !seenTime && !seenMem {
		return pass(c, "the Limits section states no time or memory limit")
	}
	return pass(c, fmt.Sprintf("the statement's Limits agree with %s", problem.ConfigFile))
}

// limitsSection returns the lines of the statement's section whose
// heading starts with "Limit", and the line number of its first line (0
// when there is none).
func limitsSection(data []byte) ([]string, int) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	var lines []string
	start, level := 0, 0
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "#") {
			lv := len(t) - len(strings.TrimLeft(t, "#"))
			title := strings.TrimSpace(strings.TrimLeft(t, "#"))
			if start > 0 && lv <= level {
				break
			}
			if start == 0 && len(title) >= 5 && strings.EqualFold(title[:5], "limit") {
				start, level = n+1, lv
			}
			continue
		}
		if start > 0 {
			lines = append(lines, l)
		}
	}
	return lines, start
}

func parseStatedTime(num, unit string) (time.Duration, bool) {
	f, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return 0, false
	}
	scale := time.Second
	if u := strings.ToLower(unit); u == "ms" || strings.HasPrefix(u, "milli") {
		scale = time.Millisecond
	}
	return time.Duration(f * float64(scale)), true
}

func parseStatedSize(num, unit string) (int64, bool) {
	f, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return 0, false
	}
	scale := map[string]float64{"kib": 1 << 10, "mib": 1 << 20, "gib": 1 << 30, "kb": 1 << 10, "mb": 1 << 20, "gb": 1 << 30}[strings.ToLower(unit)]
	return int64(f * scale), scale > 0
}
