package kattis

import (
	"strings"
	"testing"
)

// TestConstants reads constants (scalars and maps of variants) and
// substitutes them: {{name}} is the value, {{name.variant}} a variant,
// undefined ones stay; test_group.yaml gets them, test data does not.
func TestConstants(t *testing.T) {
	files := minimal("problem_format_version: 2025-09\nname: x\nuuid: u\n" +
		"constants:\n  n: 5\n  pi: 3.14\n  word: hello\n  k:\n    value: 5000000\n    tex: 5,000,000\n")
	files["data/secret/test_group.yaml"] = "output_validator_args: [\"{{n}}\", \"{{k.tex}}\", \"{{other}}\"]\n"
	files["data/secret/2.in"] = "{{n}}\n"
	files["data/secret/2.ans"] = "{{n}}\n"
	pk, err := Load(writePackage(t, files))
	if err != nil {
		t.Fatal(err)
	}
	c := pk.Metadata.Constants
	got := string(c.Substitute([]byte("{{n}} {{pi}} {{word}} {{k}} {{k.value}} {{k.tex}} {{k.nope}} {{nope}} {n}")))
	if want := "5 3.14 hello 5000000 5000000 5,000,000 {{k.nope}} {{nope}} {n}"; got != want {
		t.Errorf("substituted %q, want %q", got, want)
	}
	if !c.Has([]byte("x = {{n}}")) || c.Has([]byte("x = {{nope}}")) {
		t.Error("Has is wrong")
	}
	var args string
	for _, cs := range pk.Cases {
		if cs.Name == "secret/1" {
			args = strings.Join(cs.Settings.OutputValidatorFlags, " ")
		}
	}
	if args != "5 5,000,000 {{other}}" {
		t.Errorf("test_group.yaml args %q, want the constants substituted", args)
	}
	if !SubstitutesIn(pk.Dir, pk.Dir+"/submissions/accepted/a.py") || SubstitutesIn(pk.Dir, pk.Dir+"/data/secret/2.in") ||
		SubstitutesIn(pk.Dir, pk.Dir+"/problem.yaml") || SubstitutesIn(pk.Dir, "/elsewhere/a.py") {
		t.Error("SubstitutesIn is wrong")
	}
}

func TestConstantsErrors(t *testing.T) {
	head := "problem_format_version: 2025-09\nname: x\nuuid: u\n"
	for yaml, want := range map[string]string{
		head + "constants:\n  2x: 1\n":              `constants: line 5: "2x" is not a constant's name`,
		head + "constants:\n  k:\n    tex: 10^6\n":  `constants: k: line 6: missing required key "value"`,
		head + "constants:\n  k: [1, 2]\n":          `constants: k: line 5: want a number, a string, or a map with value`,
		head + "constants:\n  k:\n    value: [1]\n": `constants: k: value: line 6: want a number or a string`,
		"name: x\nconstants:\n  k: 1\n":             `unknown key "constants" for version legacy`,
	} {
		if _, err := parseMetadata([]byte(yaml)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", yaml, err, want)
		}
	}
}
