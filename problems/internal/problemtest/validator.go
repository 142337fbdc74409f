package problemtest

import (
	"maps"
	"os"
	"regexp"
	"slices"
	"testing"
)

// CheckAccepted checks that the validator accepts every file of ins.
func CheckAccepted(tb testing.TB, ins []string) {
	tb.Helper()
	val := Validator(tb)
	for _, in := range ins {
		data, err := os.ReadFile(in)
		if err != nil {
			tb.Fatal(err)
		}
		if _, stderr, err := Run(val, data); err != nil {
			tb.Errorf("%s rejected: %v: %s", in, err, stderr)
		}
	}
}

// lineMessage is the form of a validator's message on a broken input: one
// line, ending in a newline, that names the line at fault.
var lineMessage = regexp.MustCompile(`^line [0-9]+: .+\n$`)

// CheckRejected checks that the validator rejects every input of broken
// (keyed by a name that failure messages use), each with a message of
// exactly one line of the form "line N: what is wrong".
func CheckRejected(tb testing.TB, broken map[string]string) {
	tb.Helper()
	val := Validator(tb)
	for _, name := range slices.Sorted(maps.Keys(broken)) {
		_, stderr, err := Run(val, []byte(broken[name]))
		if err == nil {
			tb.Errorf("validator accepted broken input %q", name)
			continue
		}
		if !lineMessage.Match(stderr) {
			tb.Errorf("validator message for %q should be one line naming the line: %q", name, stderr)
		}
	}
}
