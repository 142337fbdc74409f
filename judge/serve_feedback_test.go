package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/service"
)

// TestServeSubmitFeedback: `judge submit --server` shows what the API
// shows its token: a user's echo submission on a-plus-b (judged whole,
// --lazy=false) prints no secret test's answer, in text or JSON; the
// admin's shows every one.
func TestServeSubmitFeedback(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	data, cache := t.TempDir(), t.TempDir()
	user := userToken(t, ctx, data, "ann")
	srv := runServe(t, data, cache, "--lazy=false")
	admin, err := os.ReadFile(filepath.Join(data, service.AdminTokenFile))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	echo := filepath.Join(dir, "echo.c")
	if err := os.WriteFile(echo, []byte("#include <stdio.h>\nint main(void) { int c; while ((c = getchar()) != EOF) putchar(c); return 0; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The secret tests' answers long enough not to turn up by chance.
	var answers []string
	outs, _ := filepath.Glob(filepath.Join("..", "problems", "a-plus-b", "tests", "*.out"))
	for _, o := range outs {
		b, _ := os.ReadFile(o)
		if a := strings.TrimSpace(string(b)); !strings.HasPrefix(filepath.Base(o), "sample") && len(a) >= 6 {
			answers = append(answers, a)
		}
	}
	if len(answers) < 5 {
		t.Fatalf("only %d long answers among a-plus-b's tests", len(answers))
	}
	for _, who := range []struct {
		name, token string
		admin       bool
	}{{"user", user, false}, {"admin", strings.TrimSpace(string(admin)), true}} {
		for _, format := range []string{"text", "json"} {
			o := runJudge(t, dir, nil, "--config", filepath.Join(mustAbs(t, ".."), "configs", "judge.yaml"),
				"submit", "--server", srv.url, "--token", who.token, "--format", format, "a-plus-b", echo)
			if o.code != 1 {
				t.Fatalf("%s, %s: exit %d, want 1 (WA)\n%s\n%s", who.name, format, o.code, o.stdout, o.stderr)
			}
			shown := 0
			for _, a := range answers {
				if strings.Contains(o.stdout, a) {
					shown++
				}
			}
			if who.admin && shown != len(answers) || !who.admin && shown != 0 {
				t.Errorf("%s, %s: %d of %d secret answers shown\n%s", who.name, format, shown, len(answers), o.stdout)
			}
			if format == "json" {
				var rep grade.Report
				if err := json.Unmarshal([]byte(o.stdout), &rep); err != nil || len(rep.Tests) != 16 || rep.Tests[0].Diff == nil {
					t.Errorf("%s: JSON report with %d tests, the sample's diff %v (%v)", who.name, len(rep.Tests), rep.Tests[0].Diff, err)
				}
			}
		}
	}
	srv.stop(t)
}
