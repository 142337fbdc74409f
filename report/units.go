package report

import "fmt"

// Memory formats an amount of memory given in KiB by one rule, so that a
// column of figures reads alike: whole KiB below 10 MiB ("1332 KiB"), MiB
// with one decimal from there ("12.5 MiB"), GiB with one decimal from
// 10 GiB.
func Memory(kb int64) string {
	switch {
	case kb < 10<<10:
		return fmt.Sprintf("%d KiB", kb)
	case kb < 10<<20:
		return fmt.Sprintf("%.1f MiB", float64(kb)/(1<<10))
	}
	return fmt.Sprintf("%.1f GiB", float64(kb)/(1<<20))
}
