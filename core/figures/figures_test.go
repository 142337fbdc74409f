package figures

import (
	"math"
	"strings"
	"testing"
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

func TestSize(t *testing.T) {
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
		if got := Size(tt.n); got != tt.want {
			t.Errorf("Size(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
	for _, n := range []int64{0, 1, 1023, 1024, 1025, 1536, 1 << 20, 123456789, 7 << 29, math.MaxInt64} {
		back, err := ParseSize(Size(n))
		if err != nil || back != n {
			t.Errorf("ParseSize(Size(%d)=%q) = %d, %v", n, Size(n), back, err)
		}
	}
}

func TestMemory(t *testing.T) {
	for _, tt := range []struct {
		kb   int64
		want string
	}{
		{0, "0 KiB"},
		{1332, "1332 KiB"},
		{10<<10 - 1, "10239 KiB"},
		{10 << 10, "10.0 MiB"},
		{12800, "12.5 MiB"},
		{10<<20 - 1, "10240.0 MiB"},
		{10 << 20, "10.0 GiB"},
		{25 << 19, "12.5 GiB"},
	} {
		if got := Memory(tt.kb); got != tt.want {
			t.Errorf("Memory(%d) = %q, want %q", tt.kb, got, tt.want)
		}
	}
}

func TestMillis(t *testing.T) {
	for ms, want := range map[int64]string{0: "0 ms", 7: "7 ms", 1000: "1000 ms", 12345: "12345 ms"} {
		if got := Millis(ms); got != want {
			t.Errorf("Millis(%d) = %q, want %q", ms, got, want)
		}
	}
}

func TestScore(t *testing.T) {
	hundred, half := 100.0, 0.5
	for _, tt := range []struct {
		x    float64
		most *float64
		want string
	}{
		{75, &hundred, "75/100"},
		{0, &hundred, "0/100"},
		{12.5, nil, "12.5"},
		{0.25, &half, "0.25/0.5"},
		{1e21, nil, "1e+21"},
	} {
		if got := Score(tt.x, tt.most); got != tt.want {
			t.Errorf("Score(%v, %v) = %q, want %q", tt.x, tt.most, got, tt.want)
		}
	}
}
