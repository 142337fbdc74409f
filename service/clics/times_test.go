package clics

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestRelTime(t *testing.T) {
	tests := []struct {
		d    time.Duration
		text string
	}{
		{0, "0:00:00.000"},
		{time.Hour + 23*time.Minute + 45*time.Second + 678*time.Millisecond, "1:23:45.678"},
		{125 * time.Hour, "125:00:00.000"},
		{-1500 * time.Millisecond, "-0:00:01.500"},
		{59*time.Second + 999_999_999, "0:00:59.999"}, // truncated, never rounded up
	}
	for _, tt := range tests {
		if got := FormatRelTime(tt.d); got != tt.text {
			t.Errorf("FormatRelTime(%v) = %q, want %q", tt.d, got, tt.text)
		}
		back, err := ParseRelTime(tt.text)
		if err != nil || back != tt.d.Truncate(time.Millisecond) {
			t.Errorf("ParseRelTime(%q) = %v, %v; want %v", tt.text, back, err, tt.d.Truncate(time.Millisecond))
		}
	}
	if d, err := ParseRelTime("2:30:00"); err != nil || d != 150*time.Minute {
		t.Errorf("ParseRelTime(2:30:00) = %v, %v", d, err)
	}
	for _, bad := range []string{"", "1:2:3", "0:60:00", "0:00:60", "a:00:00", "0:00:00.", "1:00", "0:00:00.1234567890"} {
		if _, err := ParseRelTime(bad); err == nil {
			t.Errorf("ParseRelTime(%q) succeeded, want an error", bad)
		}
	}
}

func TestTime(t *testing.T) {
	ti := time.Date(2026, 11, 27, 13, 0, 0, 500_000_000, time.FixedZone("CET", 3600))
	if got := FormatTime(ti); got != "2026-11-27T12:00:00.500+00:00" {
		t.Errorf("FormatTime = %q", got)
	}
	for _, s := range []string{"2026-11-27T12:00:00.500+00:00", "2026-11-27T13:00:00.500+01", "2026-11-27T12:00:00.500Z"} {
		got, err := ParseTime(s)
		if err != nil || !got.Equal(ti) {
			t.Errorf("ParseTime(%q) = %v, %v; want %v", s, got, err, ti)
		}
	}
	if _, err := ParseTime("yesterday"); err == nil {
		t.Error("ParseTime(yesterday) succeeded")
	}
}

func TestID(t *testing.T) {
	for _, ok := range []string{"alice", "rotation-game", "A_1.b", strings.Repeat("x", 36)} {
		if got := ID(ok); got != ok {
			t.Errorf("ID(%q) = %q, want it unchanged", ok, got)
		}
	}
	for _, bad := range []string{"zoë", "-dash", "dot.", ".dot", "a b", strings.Repeat("x", 37), ""} {
		got := ID(bad)
		if !idPattern.MatchString(got) || got == bad || got != ID(bad) {
			t.Errorf("ID(%q) = %q, want a stable valid ID", bad, got)
		}
	}
	if ID("zoë") == ID("zoe") || LanguageID("python") != "python3" || LanguageID("c") != "c" {
		t.Error("IDs collide or python is not python3")
	}
	for v, want := range map[string]string{"AC": "AC", "RE": "RTE", "IE": "JE", "PE": "PE", "CE": "CE"} {
		if got, ok := JudgementTypeID(v); !ok || got != want {
			t.Errorf("JudgementTypeID(%s) = %s, %v; want %s", v, got, ok, want)
		}
	}
	if _, ok := JudgementTypeID(""); ok {
		t.Error(`JudgementTypeID("") is a judgement type`)
	}
}

func ExampleFormatRelTime() {
	fmt.Println(FormatRelTime(83*time.Minute + 5*time.Second + 34*time.Millisecond))
	fmt.Println(FormatTime(time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)))
	// Output:
	// 1:23:05.034
	// 2026-11-27T12:00:00.000+00:00
}
