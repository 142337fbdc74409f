package main

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestContestFreezeRefusedCLI: `judge contest create` and `edit` against
// a real `judge serve` refuse a freeze not shorter than the contest (or
// on a practice contest) with the server's one-line reason naming
// freeze_seconds, and exit 2; an edit that shortens the window alone is
// refused too and changes nothing.
func TestContestFreezeRefusedCLI(t *testing.T) {
	t.Setenv(envServer, "")
	t.Setenv(envToken, "")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	srv := startServe(t, ctx)
	contest := func(args ...string) result {
		t.Helper()
		cmd := newRootCmd()
		cmd.SetArgs(append(append([]string{"contest"}, args...), "--server", srv.url, "--token", srv.admin))
		r := execute(cmd, nil)
		if strings.Contains(r.err, "\n") {
			t.Errorf("judge contest %s: an error of more than one line: %q", strings.Join(args, " "), r.err)
		}
		return r
	}
	create := []string{"create", "spring-26", "--name", "Spring", "--start", "2026-04-01T10:00:00Z", "--problems", "a-plus-b"}
	for _, c := range []struct {
		name string
		args []string
		msg  string
	}{
		{"create, freeze longer", slices.Concat(create, []string{"--duration", "1h30m", "--freeze", "2h"}),
			"422 Unprocessable Entity: freeze_seconds: the freeze (2h) must be shorter than the contest (1h30m)"},
		{"create, freeze as long", slices.Concat(create, []string{"--duration", "1h30m", "--freeze", "1h30m"}),
			"freeze_seconds: the freeze (1h30m) must be shorter than the contest (1h30m)"},
		{"create practice with a freeze", []string{"create", "warmup", "--name", "Warm-up", "--practice", "--problems", "a-plus-b", "--freeze", "10m"},
			"freeze_seconds: a practice contest has no freeze (10m given)"},
	} {
		if r := contest(c.args...); r.code != exitUsage || !strings.Contains(r.err, c.msg) || r.stdout != "" {
			t.Errorf("%s: exit %d, error %q, stdout %q; want exit %d with %q", c.name, r.code, r.err, r.stdout, exitUsage, c.msg)
		}
	}
	contest(slices.Concat(create, []string{"--duration", "1h30m", "--freeze", "30m"})...).want(t, 0, "spring-26: Spring (")
	for _, args := range [][]string{{"--duration", "30m"}, {"--freeze", "1h30m"}} {
		r := contest(append([]string{"edit", "spring-26"}, args...)...)
		if r.code != exitUsage || !strings.Contains(r.err, "freeze_seconds: the freeze (") || !strings.Contains(r.err, "must be shorter than the contest") {
			t.Errorf("edit %v: exit %d, error %q; want exit %d naming freeze_seconds", args, r.code, r.err, exitUsage)
		}
	}
	contest("show", "spring-26").want(t, 0, "window:   2026-04-01T10:00:00Z to 2026-04-01T11:30:00Z", "(30m0s before the end)")
}
