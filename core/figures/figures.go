// Package figures writes the judge's figures one way everywhere: sizes
// and limits ("256MiB"), memory used ("12.5 MiB"), times ("1000 ms") and
// scores ("30/50"). The CLI's text reports, the verifier and the web page
// all use it, so a figure reads the same wherever it is shown. It imports
// nothing of the judge's, so that anything may import it.
package figures

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Binary size units accepted by ParseSize and used by Size.
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

// Size writes n bytes with the largest unit that represents it exactly
// with at most three decimals, such as "256MiB", "1.5MiB" or "1000B", so
// that ParseSize(Size(n)) == n. Limits are written so.
func Size(n int64) string {
	if n < 0 {
		if n == math.MinInt64 {
			return strconv.FormatInt(n, 10) + "B"
		}
		return "-" + Size(-n)
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

// Memory writes an amount of memory used, given in KiB, by one rule, so
// that a column of figures reads alike: whole KiB below 10 MiB ("1332
// KiB"), MiB with one decimal from there ("12.5 MiB"), GiB with one
// decimal from 10 GiB.
func Memory(kb int64) string {
	switch {
	case kb < 10<<10:
		return fmt.Sprintf("%d KiB", kb)
	case kb < 10<<20:
		return fmt.Sprintf("%.1f MiB", float64(kb)/(1<<10))
	}
	return fmt.Sprintf("%.1f GiB", float64(kb)/(1<<20))
}

// Millis writes a time given in milliseconds: "1000 ms".
func Millis(ms int64) string { return fmt.Sprintf("%d ms", ms) }

// Score writes a score, and its maximum when known: "75/100", "12.5".
func Score(x float64, most *float64) string {
	out := strconv.FormatFloat(x, 'g', -1, 64)
	if most != nil {
		out += "/" + strconv.FormatFloat(*most, 'g', -1, 64)
	}
	return out
}
