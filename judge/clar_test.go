package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/service/client"
)

// clarCLI runs `judge clar ARGS` in the process with stdin, as main does.
func clarCLI(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	cmd := newRootCmd()
	cmd.SetArgs(append([]string{"clar"}, args...))
	return execute(cmd, strings.NewReader(stdin))
}

// TestClarCommand: `judge clar` against a real `judge serve`: alice asks,
// the admin lists and answers to everyone from standard input and
// announces, bob sees the answer without alice's name and may not
// answer; bad input exits 2 with the reason, and a question's escape
// sequences are not written raw to the terminal.
func TestClarCommand(t *testing.T) {
	t.Setenv(envServer, "")
	t.Setenv(envToken, "")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	srv := startServe(t, ctx)
	alice, bob := srv.userToken(t, "alice"), srv.userToken(t, "bob")
	as := func(token string) []string { return []string{"--server", srv.url, "--token", token} }

	clarCLI(t, "", "ask", "--token", alice, "hi").want(t, exitUsage, "clar needs --server")
	clarCLI(t, "", append(as(alice), "ask", "--problem", "nope", "hi")...).want(t, exitUsage, `problem: no problem "nope"`)
	clarCLI(t, "", append(as(alice), "ask", "   ")...).want(t, exitUsage, "text: missing")
	r := clarCLI(t, "", append(as(alice), "ask", "--problem", "a-plus-b", "May a be", "negative?\x1b[2J")...)
	r.want(t, 0)
	id := strings.TrimSpace(r.stdout)

	r = clarCLI(t, "", append(as(srv.admin), "list")...)
	r.want(t, 0, "#"+id+" question a-plus-b from alice", "Q: May a be negative?")
	if strings.Contains(r.stdout, "\x1b") {
		t.Errorf("clar list writes a question's escape sequence raw: %q", r.stdout)
	}
	clarCLI(t, "", append(as(bob), "answer", id, "no")...).want(t, exitUsage, "needs an admin token")
	clarCLI(t, "", append(as(srv.admin), "answer", "x", "no")...).want(t, exitUsage, `"x" is not a clarification id`)
	clarCLI(t, "Yes.\nDown to -10^9.\n", append(as(srv.admin), "answer", id, "--to-all", "-")...).want(t, 0)
	clarCLI(t, "", append(as(srv.admin), "announce", "The contest is extended.")...).want(t, 0)

	r = clarCLI(t, "", append(as(bob), "list", "--format", "json")...)
	r.want(t, 0)
	var out struct{ Clarifications []client.Clarification }
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil || len(out.Clarifications) != 2 {
		t.Fatalf("bob's list: %v\n%s", err, r.stdout)
	}
	if a, q := out.Clarifications[0], out.Clarifications[1]; a.Kind != "announcement" || q.Kind != "answer" ||
		q.Answer != "Yes.\nDown to -10^9." || q.From != "" || strings.Contains(r.stdout, "alice") {
		t.Errorf("bob's list: %+v", out.Clarifications)
	}
	clarCLI(t, "", append(as(alice), "list")...).want(t, 0, "to everyone", "A: Yes.\n     Down to -10^9.", "announcement general")
}
