package problem

import (
	"math"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestParseSize(t *testing.T) {
	tests := []struct {
		in      string
		want    int64
		wantErr string // substring of the error, "" for success
	}{
		{"0", 0, ""},
		{"1024", 1024, ""},
		{"100B", 100, ""},
		{"512KiB", 512 << 10, ""},
		{"64MiB", 64 << 20, ""},
		{"256MiB", 256 << 20, ""},
		{"1GiB", 1 << 30, ""},
		{"1.5MiB", 3 << 19, ""},
		{"0.5KiB", 512, ""},
		{" 2 GiB ", 2 << 30, ""},
		{"8589934592GiB", 0, "too large"},
		{"99999999999999999999", 0, "too large"},
		{"256MB", 0, `unknown unit "MB"`},
		{"1GB", 0, `unknown unit "GB"`},
		{"512KB", 0, `unknown unit "KB"`},
		{"1mib", 0, `unknown unit "mib"`},
		{"1TiB", 0, `unknown unit "TiB"`},
		{"1e3", 0, `unknown unit "e3"`},
		{"1.5", 0, "whole number of bytes"},
		{"0.3B", 0, "whole number of bytes"},
		{"1.2.3MiB", 0, "bad number"},
		{"-1MiB", 0, "must not be negative"},
		{"", 0, "want a number"},
		{"MiB", 0, "want a number"},
	}
	for _, tt := range tests {
		got, err := ParseSize(tt.in)
		switch {
		case tt.wantErr == "" && (err != nil || got != tt.want):
			t.Errorf("ParseSize(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("ParseSize(%q) = %d, %v; want error containing %q", tt.in, got, err, tt.wantErr)
		}
	}
}

func TestFormatSize(t *testing.T) {
	tests := []struct {
		n    int64
		want string
	}{
		{0, "0B"},
		{1, "1B"},
		{1000, "1000B"},
		{1024, "1KiB"},
		{1536, "1.5KiB"},
		{256 << 20, "256MiB"},
		{3 << 19, "1.5MiB"},
		{1 << 30, "1GiB"},
		{5 << 28, "1.25GiB"},
		{1000000, "1000000B"},
		{1<<20 + 1, "1048577B"},
		{-2048, "-2KiB"},
	}
	for _, tt := range tests {
		if got := FormatSize(tt.n); got != tt.want {
			t.Errorf("FormatSize(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
	for _, n := range []int64{0, 1, 1023, 1024, 1025, 1536, 1 << 20, 123456789, 7 << 29, math.MaxInt64} {
		back, err := ParseSize(FormatSize(n))
		if err != nil || back != n {
			t.Errorf("ParseSize(FormatSize(%d)=%q) = %d, %v", n, FormatSize(n), back, err)
		}
	}
}

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
