package report

import "strconv"

// Plural counts a noun in English: "1 test", "2 tests", "0 tests". The
// plural adds an s, which is right for every noun the judge counts.
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
