package problem

import (
	"slices"
	"strings"
	"testing"
	"time"
)

func TestParseDuration(t *testing.T) {
	tests := []struct {
		in      string
		want    time.Duration
		wantErr string
	}{
		{"1s", time.Second, ""},
		{"1500ms", 1500 * time.Millisecond, ""},
		{"2.5s", 2500 * time.Millisecond, ""},
		{"1m30s", 90 * time.Second, ""},
		{"fast", 0, `bad duration "fast"`},
		{"1", 0, `"1" needs a unit (e.g. 1s, 1500ms)`},
		{"1.5", 0, `"1.5" needs a unit`},
		{" 2 ", 0, `" 2 " needs a unit`},
		{"", 0, `bad duration ""`},
		{"0s", 0, "must be positive"},
		{"0", 0, `"0" needs a unit`},
		{"-1s", 0, "must be positive"},
	}
	for _, tt := range tests {
		got, err := ParseDuration(tt.in)
		switch {
		case tt.wantErr == "" && (err != nil || got != tt.want):
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("ParseDuration(%q) = %v, %v; want error containing %q", tt.in, got, err, tt.wantErr)
		}
	}
}

func TestNaturalLess(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"2", "10", true},
		{"10", "2", false},
		{"test2", "test10", true},
		{"test10", "test2", false},
		{"a", "b", true},
		{"b", "a", false},
		{"a", "a", false},
		{"", "a", true},
		{"a", "", false},
		{"a1", "a1b", true},
		{"01", "1", true}, // equal numerically, tie broken by plain order
		{"1", "01", false},
		{"1a", "1b", true},
		{"9", "a", true},
		{"x99999999999999999999999", "x100000000000000000000000", true},
		{"sample1", "sample2", true},
		{"1.10", "1.9", false},
	}
	for _, tt := range tests {
		if got := NaturalLess(tt.a, tt.b); got != tt.want {
			t.Errorf("NaturalLess(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}

	names := []string{"test10", "sample2", "1", "test2", "10", "2", "sample1", "01", "a"}
	slices.SortFunc(names, NaturalCompare)
	want := []string{"01", "1", "2", "10", "a", "sample1", "sample2", "test2", "test10"}
	if !slices.Equal(names, want) {
		t.Errorf("sorted = %v, want %v", names, want)
	}
}
