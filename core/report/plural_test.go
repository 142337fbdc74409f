package report

import "testing"

func TestPlural(t *testing.T) {
	for _, tc := range []struct {
		n    int
		noun string
		want string
	}{
		{0, "test", "0 tests"},
		{1, "test", "1 test"},
		{2, "problem", "2 problems"},
		{1, "missing output", "1 missing output"},
		{16, "test input", "16 test inputs"},
	} {
		if got := Plural(tc.n, tc.noun); got != tc.want {
			t.Errorf("Plural(%d, %q) = %q, want %q", tc.n, tc.noun, got, tc.want)
		}
	}
}
