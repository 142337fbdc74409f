package clics

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// timeLayout is the specification's TIME with milliseconds and a
// numeric zone, always written in UTC: 2026-11-27T12:00:00.000+00:00.
const timeLayout = "2006-01-02T15:04:05.000-07:00"

// FormatTime writes t as a TIME.
func FormatTime(t time.Time) string {
	return t.UTC().Format(timeLayout)
}

// ParseTime reads a TIME, with or without milliseconds, with a zone
// offset (+01, +01:00) or Z.
func ParseTime(s string) (time.Time, error) {
	for _, layout := range []string{timeLayout, "2006-01-02T15:04:05.000-07", "2006-01-02T15:04:05.000Z07:00",
		"2006-01-02T15:04:05-07:00", "2006-01-02T15:04:05-07", "2006-01-02T15:04:05Z07:00"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("time %q: not a TIME (yyyy-mm-ddThh:mm:ss(.uuu)?[+-]zz(:mm)?)", s)
}

// FormatRelTime writes d as a RELTIME, truncated to milliseconds:
// 1:23:45.678, -0:00:01.500.
func FormatRelTime(d time.Duration) string {
	sign := ""
	if d < 0 {
		sign, d = "-", -d
	}
	ms := d.Milliseconds()
	return fmt.Sprintf("%s%d:%02d:%02d.%03d", sign, ms/3_600_000, ms/60_000%60, ms/1000%60, ms%1000)
}

// ParseRelTime reads a RELTIME: (-)?h*h:mm:ss(.uuu)?.
func ParseRelTime(s string) (time.Duration, error) {
	bad := fmt.Errorf("relative time %q: not a RELTIME ((-)?h:mm:ss(.uuu)?)", s)
	rest, neg := strings.CutPrefix(s, "-")
	parts := strings.Split(rest, ":")
	if len(parts) != 3 || len(parts[1]) != 2 || len(parts[2]) < 2 {
		return 0, bad
	}
	sec, frac, hasFrac := strings.Cut(parts[2], ".")
	h, err1 := strconv.ParseUint(parts[0], 10, 32)
	m, err2 := strconv.ParseUint(parts[1], 10, 8)
	sc, err3 := strconv.ParseUint(sec, 10, 8)
	if err1 != nil || err2 != nil || err3 != nil || m > 59 || sc > 59 || len(sec) != 2 {
		return 0, bad
	}
	d := time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(sc)*time.Second
	if hasFrac {
		if len(frac) == 0 || len(frac) > 9 {
			return 0, bad
		}
		n, err := strconv.ParseUint(frac, 10, 32)
		if err != nil {
			return 0, bad
		}
		for range 9 - len(frac) {
			n *= 10
		}
		d += time.Duration(n)
	}
	if neg {
		d = -d
	}
	return d, nil
}

// minutes is d in whole minutes, truncated, as the scoreboard counts.
func minutes(d time.Duration) int {
	return int(d / time.Minute)
}

// seconds is d in seconds, a multiple of 0.001.
func seconds(d time.Duration) float64 {
	return float64(d.Milliseconds()) / 1000
}
