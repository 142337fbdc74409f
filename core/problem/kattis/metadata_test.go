package kattis

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// writePackage writes files (path → content; content "->target" makes a
// symbolic link) under a new folder and returns it.
func writePackage(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "pkg")
	for path, content := range files {
		full := filepath.Join(dir, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if target, ok := strings.CutPrefix(content, "->"); ok {
			if err := os.Symlink(target, full); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if strings.HasSuffix(path, "/") {
			if err := os.MkdirAll(full, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// minimal returns the files of a package with one secret case and the
// given problem.yaml.
func minimal(yaml string) map[string]string {
	return map[string]string{
		"problem.yaml":       yaml,
		"data/secret/1.in":   "1\n",
		"data/secret/1.ans":  "1\n",
		"data/sample/s1.in":  "2\n",
		"data/sample/s1.ans": "2\n",
	}
}

func TestMetadataVersions(t *testing.T) {
	tests := []struct {
		name, yaml string
		check      func(t *testing.T, m *Metadata)
	}{
		{"legacy defaults", "name: Hello\n", func(t *testing.T, m *Metadata) {
			l := m.Limits
			if m.Version != Legacy || m.Name != "Hello" || l.TimeLimit != 0 || l.ACToTimeLimit != 5 || l.TimeLimitToTLE != 2 ||
				l.Memory != 1024 || l.Output != 8 || l.ValidationTime != 60 || m.CustomValidation {
				t.Errorf("got %+v", m)
			}
		}},
		{"legacy full", `problem_format_version: legacy
name: Hello
type: scoring
author: A
source: S
source_url: http://x
license: cc by-sa
rights_owner: R
uuid: 1234
keywords: a b
validation: custom score
validator_flags: case_sensitive  space_change_sensitive
grading:
  objective: max
limits:
  time_multiplier: 3
  time_safety_margin: 1.5
  memory: 512
  output: 16
  validation_time: 30
`, func(t *testing.T, m *Metadata) {
			if !m.Scoring || !m.CustomValidation || !m.CustomScore || m.Limits.ACToTimeLimit != 3 || m.Limits.TimeLimitToTLE != 1.5 ||
				m.Limits.Memory != 512 || m.Limits.Output != 16 || m.Limits.ValidationTime != 30 ||
				strings.Join(m.ValidatorFlags, ",") != "case_sensitive,space_change_sensitive" {
				t.Errorf("got %+v", m)
			}
		}},
		{"legacy interactive", "name: G\nvalidation: custom interactive\n", func(t *testing.T, m *Metadata) {
			if !m.Interactive || !m.CustomValidation {
				t.Errorf("got %+v", m)
			}
		}},
		{"2023-07 alias and list type", `problem_format_version: 2023-07
name: {en: Guess, nl: Raad}
uuid: 5ca6ba5b-36d2-4d4b-a2ef-a7b3c9a0e8a1
type: [interactive, scoring]
limits:
  time_limit: 2.5
  time_multipliers: {ac_to_time_limit: 3, time_limit_to_tle: 2}
  time_resolution: 0.5
`, func(t *testing.T, m *Metadata) {
			l := m.Limits
			if m.Version != Draft2023 || m.Name != "Guess" || !m.Interactive || !m.Scoring || l.TimeLimit != 2.5 ||
				l.ACToTimeLimit != 3 || l.TimeLimitToTLE != 2 || l.TimeResolution != 0.5 || l.Memory != 2048 {
				t.Errorf("got %+v", m)
			}
		}},
		{"2025-09 space separated type", `problem_format_version: 2025-09
name: I
uuid: u
type: pass-fail interactive
`, func(t *testing.T, m *Metadata) {
			if m.Version != V2025 || !m.Interactive || m.Scoring || m.Limits.ACToTimeLimit != 2 || m.Limits.TimeLimitToTLE != 1.5 {
				t.Errorf("got %+v", m)
			}
		}},
		{"2025-09 multi-pass", "problem_format_version: 2025-09\nname: M\nuuid: u\ntype: multi-pass\nlimits: {validation_passes: 3}\n", func(t *testing.T, m *Metadata) {
			if !m.MultiPass || m.Limits.ValidationPasses != 3 {
				t.Errorf("got %+v", m)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := parseMetadata([]byte(tt.yaml))
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, m)
		})
	}
}

func TestMetadataErrors(t *testing.T) {
	tests := []struct{ name, yaml, want string }{
		{"native key in legacy", "name: x\ntitle: y\n",
			`line 2: unknown key "title" for version legacy (allowed: problem_format_version, type, name,`},
		{"time_limit in legacy", "name: x\nlimits:\n  time_limit: 1\n",
			`line 3: limits: unknown key "time_limit" for version legacy (allowed: time_multiplier,`},
		{"validation in 2023-07", "problem_format_version: 2023-07-draft\nname: x\nuuid: u\nvalidation: custom\n",
			`line 4: unknown key "validation" for version 2023-07-draft (allowed:`},
		{"validator_flags in 2025-09", "problem_format_version: 2025-09\nname: x\nuuid: u\nvalidator_flags: case_sensitive\n",
			`line 4: unknown key "validator_flags" for version 2025-09`},
		{"source_url in 2025-09", "problem_format_version: 2025-09\nname: x\nuuid: u\nsource: NWERC\nsource_url: https://nwerc.example\n",
			`line 5: unknown key "source_url" for version 2025-09 (a legacy key: give the link as source: {name: ..., url: ...})`},
		{"author in 2025-09", "problem_format_version: 2025-09\nname: x\nuuid: u\nauthor: me\n",
			`unknown key "author" for version 2025-09`},
		{"time_multiplier in 2025-09", "problem_format_version: 2025-09\nname: x\nuuid: u\nlimits: {time_multiplier: 2}\n",
			`limits: unknown key "time_multiplier" for version 2025-09`},
		{"bad time_multipliers key", "problem_format_version: 2025-09\nname: x\nuuid: u\nlimits: {time_multipliers: {ac: 2}}\n",
			`limits: time_multipliers: unknown key "ac" (allowed: ac_to_time_limit, time_limit_to_tle)`},
		{"missing uuid", "problem_format_version: 2023-07-draft\nname: x\n", `missing required key "uuid"`},
		{"missing name", "problem_format_version: 2025-09\nuuid: u\n", `missing required key "name"`},
		{"unknown version", "problem_format_version: 2024-01\n", `problem_format_version: unknown version "2024-01"`},
		{"legacy multi type", "type: pass-fail interactive\n", `type: "pass-fail interactive": want pass-fail or scoring`},
		{"bad type", "problem_format_version: 2025-09\nname: x\nuuid: u\ntype: weird\n", `type: unknown type "weird"`},
		{"incompatible types", "problem_format_version: 2025-09\nname: x\nuuid: u\ntype: [pass-fail, scoring]\n", `pass-fail and scoring cannot be combined`},
		{"bad validation", "validation: fancy\n", `validation: "fancy": want default or custom`},
		{"bad validation option", "validation: custom quick\n", `validation: unknown option "quick"`},
		{"bad memory", "limits: {memory: lots}\n", `limits: memory: bad number "lots"`},
		{"fractional memory", "limits: {memory: 1.5}\n", `limits: memory: "1.5" must be a positive whole number`},
		{"time limit off resolution", "problem_format_version: 2025-09\nname: x\nuuid: u\nlimits: {time_limit: 1.5}\n",
			`limits: time_limit: 1.5 is not a multiple of time_resolution 1`},
		{"duplicate key", "name: a\nname: b\n", `line 2: duplicate key "name"`},
		{"not a mapping", "- a\n", `want a mapping`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseMetadata([]byte(tt.yaml))
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q, want one line containing %q", err, tt.want)
			}
		})
	}
}

func TestLoadNamesFileInErrors(t *testing.T) {
	dir := writePackage(t, minimal("name: x\ncolor: red\n"))
	_, err := Load(dir)
	want := filepath.Join(dir, "problem.yaml") + `: line 2: unknown key "color" for version legacy (allowed: `
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("error %v, want prefix %q", err, want)
	}
}

func TestDeriveTimeLimit(t *testing.T) {
	legacy := Limits{ACToTimeLimit: 5, TimeLimitToTLE: 2, TimeResolution: 1}
	modern := Limits{ACToTimeLimit: 2, TimeLimitToTLE: 1.5, TimeResolution: 1}
	fine := Limits{ACToTimeLimit: 2, TimeLimitToTLE: 1.5, TimeResolution: 0.1}
	ms := time.Millisecond
	tests := []struct {
		name      string
		v         Version
		l         Limits
		ac, tle   time.Duration
		want      time.Duration
		wantError bool
	}{
		{"legacy rounds up to whole seconds", Legacy, legacy, 210 * ms, 0, 2 * time.Second, false},
		{"legacy at least one second", Legacy, legacy, 10 * ms, 0, time.Second, false},
		{"legacy exact", Legacy, legacy, 400 * ms, 0, 2 * time.Second, false},
		{"2023-07 times two", Draft2023, modern, 1100 * ms, 0, 3 * time.Second, false},
		{"resolution 0.1", V2025, fine, 260 * ms, 0, 600 * ms, false},
		{"2025-09 tle fits", V2025, modern, 400 * ms, 1500 * ms, time.Second, false},
		{"2025-09 tle too fast", V2025, modern, 400 * ms, 1400 * ms, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DeriveTimeLimit(tt.v, tt.l, tt.ac, tt.tle)
			if (err != nil) != tt.wantError {
				t.Fatalf("error %v, want error %v", err, tt.wantError)
			}
			if !tt.wantError && got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}
