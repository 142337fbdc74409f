package problem

import (
	"fmt"
	"strings"
	"time"
)

// ParseDuration parses a duration in Go syntax, such as "1s", "1500ms" or
// "2.5s". The duration must be positive and have a unit: a bare number is
// an error, not seconds.
func ParseDuration(s string) (time.Duration, error) {
	if isNumber(s) {
		return 0, fmt.Errorf("%q needs a unit (e.g. 1s, 1500ms)", s)
	}
	d, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil {
		return 0, fmt.Errorf("bad duration %q", s)
	}
	if d <= 0 {
		return 0, fmt.Errorf("bad duration %q: must be positive", s)
	}
	return d, nil
}

// isNumber reports whether s is a plain decimal number, such as "256",
// "-1" or "1.5", with no unit.
func isNumber(s string) bool {
	s = strings.TrimSpace(s)
	s = strings.TrimLeft(s, "+-")
	digits, dots := 0, 0
	for _, c := range s {
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c == '.':
			dots++
		default:
			return false
		}
	}
	return digits > 0 && dots <= 1
}
