package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

// run0 runs the judge's command line with no flags added, and returns
// its output and error.
func run0(t *testing.T, args ...string) (string, error) {
	t.Helper()
	cmd := newRootCmd()
	cmd.SetArgs(args)
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&out)
	err := cmd.ExecuteContext(context.Background())
	return out.String(), err
}

func exitCode(err error) int {
	var ee *exitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		return ee.code
	}
	return exitUsage
}

// TestConventions checks the command-line conventions: plain boolean
// flags and one default in help, the usage line on argument errors, "did
// you mean" for commands, problems and languages, environment values
// checked and blamed on their variable, a flag's value on its flag.
func TestConventions(t *testing.T) {
	root := fixture(t)
	for _, cmd := range [][]string{{"verify", "--help"}, {"test", "gen", "--help"}, {"--help"}} {
		out, err := run0(t, cmd...)
		if err != nil {
			t.Fatalf("%v: %v", cmd, err)
		}
		if strings.Contains(out, "[=true|false]") || !strings.Contains(out, "-h, --help ") {
			t.Errorf("%v help renders boolean flags with their value:\n%s", cmd, out)
		}
		if strings.Contains(out, "(default 1)") || strings.Contains(out, "(default 0)") {
			t.Errorf("%v help shows a flag's zero default:\n%s", cmd, out)
		}
	}
	out, _ := run0(t, "verify", "--help")
	if !strings.Contains(out, "--stop-on-fail ") {
		t.Errorf("verify help lacks a plain --stop-on-fail:\n%s", out)
	}
	// A plain boolean flag still parses with and without a value.
	judge(t, root, "verify", "sum", "--strict=false", "--times", "--solution", "accepted/*", "--test", "sample-1").want(t, 0, "CPU times")

	tests := []struct {
		name  string
		args  []string
		texts []string
	}{
		{"arguments", []string{"new"}, []string{"judge new: accepts 1 arg(s), received 0 (usage: judge new <slug>"}},
		{"command", []string{"verfy"}, []string{`unknown command "verfy"`, "did you mean verify?"}},
		{"problem", []string{"show", "sun"}, []string{`"sun"`, "did you mean sum?"}},
		{"problem in verify", []string{"verify", "summ"}, []string{"did you mean sum?"}},
		{"language", []string{"submit", "sum", "../authoring/verify/testdata/solutions/sum/accepted/sum.c", "--lang", "cc"}, []string{`unknown language "cc" (did you mean c?`}},
		{"flag value", []string{"--sandbox", "none", "list"}, []string{`--sandbox: unknown sandbox mode "none"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			judge(t, root, tt.args...).want(t, exitUsage, tt.texts...)
		})
	}

	t.Run("environment", func(t *testing.T) {
		for _, env := range []struct{ name, value, text string }{
			{"JUDGE_WORKERS", "abc", `JUDGE_WORKERS: want a whole number, got "abc"`},
			{"JUDGE_SANDBOX", "none", `JUDGE_SANDBOX: unknown sandbox mode "none"`},
			{"JUDGE_BOX_DISK", "lots", "JUDGE_BOX_DISK: "},
		} {
			t.Setenv(env.name, env.value)
			_, err := run0(t, "--config", "../configs/judge.yaml", "list")
			if exitCode(err) != exitUsage || err == nil || !strings.Contains(err.Error(), env.text) {
				t.Errorf("%s=%s: exit %d, error %v; want exit 2 naming the variable", env.name, env.value, exitCode(err), err)
			}
			t.Setenv(env.name, "")
		}
	})
}

// TestCompletion checks that shell completion offers problem slugs,
// languages and test names.
func TestCompletion(t *testing.T) {
	root := fixture(t)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"__complete", "show", ""}, "sum\n"},
		{[]string{"__complete", "verify", ""}, "sum\n"},
		{[]string{"__complete", "test", "add", ""}, "sum\n"},
		{[]string{"__complete", "verify", "sum", "--test", ""}, "sample-1\n"},
		{[]string{"__complete", "submit", "sum", "x.c", "--lang", ""}, "python\n"},
	} {
		r := judge(t, root, tt.args...)
		if !strings.Contains(r.stdout, tt.want) {
			t.Errorf("%v: completions %q lack %q", tt.args, r.stdout, tt.want)
		}
	}
}
