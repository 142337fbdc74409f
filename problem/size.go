package problem

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Binary size units accepted by ParseSize and used by FormatSize.
const (
	KiB int64 = 1 << 10
	MiB int64 = 1 << 20
	GiB int64 = 1 << 30
)

// units lists the size suffixes, largest first.
var units = [...]struct {
	name string
	mult int64
}{
	{"GiB", GiB},
	{"MiB", MiB},
	{"KiB", KiB},
	{"B", 1},
}

// ParseSize parses a size in bytes such as "256MiB", "1.5GiB", "512KiB",
// "100B" or "1048576". The only units are B, KiB, MiB and GiB (powers of
// 1024, case-sensitive); a number without a unit is a count of bytes and
// must be an integer. A fractional number is allowed with a unit as long as
// the result is a whole number of bytes. Zero is allowed; negative sizes
// are not.
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := 0
	for i < len(t) && (t[i] >= '0' && t[i] <= '9' || t[i] == '.') {
		i++
	}
	num, unit := t[:i], strings.TrimSpace(t[i:])
	if num == "" {
		if strings.HasPrefix(t, "-") {
			return 0, fmt.Errorf("bad size %q: must not be negative", s)
		}
		return 0, fmt.Errorf("bad size %q: want a number with unit B, KiB, MiB or GiB", s)
	}
	mult := int64(0)
	for _, u := range units {
		if unit == u.name {
			mult = u.mult
		}
	}
	switch {
	case unit == "":
		if strings.Contains(num, ".") {
			return 0, fmt.Errorf("bad size %q: a size without unit must be a whole number of bytes", s)
		}
		n, err := strconv.ParseInt(num, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("bad size %q: too large", s)
		}
		return n, nil
	case mult == 0:
		return 0, fmt.Errorf("bad size %q: unknown unit %q (use B, KiB, MiB or GiB)", s, unit)
	}
	if !strings.Contains(num, ".") {
		n, err := strconv.ParseInt(num, 10, 64)
		if err != nil || n > math.MaxInt64/mult {
			return 0, fmt.Errorf("bad size %q: too large", s)
		}
		return n * mult, nil
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return 0, fmt.Errorf("bad size %q: bad number %q", s, num)
	}
	b := f * float64(mult)
	if b >= math.MaxInt64 {
		return 0, fmt.Errorf("bad size %q: too large", s)
	}
	if b != math.Trunc(b) {
		return 0, fmt.Errorf("bad size %q: not a whole number of bytes", s)
	}
	return int64(b), nil
}

// FormatSize formats n bytes with the largest unit that represents it
// exactly with at most three decimals, such as "256MiB", "1.5MiB" or
// "1000B", so that ParseSize(FormatSize(n)) == n.
func FormatSize(n int64) string {
	if n < 0 {
		if n == math.MinInt64 {
			return strconv.FormatInt(n, 10) + "B"
		}
		return "-" + FormatSize(-n)
	}
	for _, u := range units {
		if n < u.mult {
			continue
		}
		if n%u.mult == 0 {
			return strconv.FormatInt(n/u.mult, 10) + u.name
		}
		// Accept the short decimal form only if it parses back exactly.
		s := strconv.FormatFloat(float64(n)/float64(u.mult), 'f', -1, 64)
		if dot := strings.IndexByte(s, '.'); dot >= 0 && len(s)-dot-1 <= 3 {
			if back, err := ParseSize(s + u.name); err == nil && back == n {
				return s + u.name
			}
		}
	}
	return strconv.FormatInt(n, 10) + "B"
}

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
