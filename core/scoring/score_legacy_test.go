package scoring

import (
	"strings"
	"testing"
)

func TestParseGraderModes(t *testing.T) {
	for _, c := range []struct {
		flags   string
		want    GraderModes
		wantErr bool
	}{
		{"", GraderModes{Verdict: "worst_error", Score: "sum"}, false},
		{"first_error min ignore_sample", GraderModes{Verdict: "first_error", Score: "min", IgnoreSample: true}, false},
		{"avg always_accept max accept_if_any_accepted", GraderModes{Verdict: "always_accept", Score: "max", AnyAccepted: true}, false},
		// The grader ignores an unknown flag; the modes of the others hold.
		{"min bogus first_error", GraderModes{Verdict: "first_error", Score: "min"}, true},
	} {
		got, err := ParseGraderModes(strings.Fields(c.flags))
		if got != c.want || (err != nil) != c.wantErr {
			t.Errorf("ParseGraderModes(%q) = %+v, %v; want %+v, error %v", c.flags, got, err, c.want, c.wantErr)
		}
	}
}
