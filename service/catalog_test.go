package service

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestProblemEditedAfterStart: a problem whose files change while the
// service runs is packed again, and the next submission is judged with
// the new package; an unchanged problem keeps its package.
func TestProblemEditedAfterStart(t *testing.T) {
	problems := t.TempDir()
	if err := os.CopyFS(filepath.Join(problems, "a-plus-b"), os.DirFS(filepath.Join("..", "problems", "a-plus-b"))); err != nil {
		t.Fatal(err)
	}
	s := newStack(t, func(c *Config) { c.Judge.ProblemsDir = problems })
	ctx := context.Background()

	first := s.submit(t, s.user, "a-plus-b/accepted/sum.c")
	if out := s.waitDone(t, s.user, first); out["verdict"] != "AC" {
		t.Fatalf("before the edit: %v, want AC", out["verdict"])
	}
	h1, err := s.svc.q.cat.packageHash(ctx, "a-plus-b")
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := s.svc.q.cat.packageHash(ctx, "a-plus-b"); again != h1 {
		t.Errorf("unchanged problem: package %s, then %s", h1, again)
	}

	// A wrong expected output: the same accepted source now fails.
	if err := os.WriteFile(filepath.Join(problems, "a-plus-b", "tests", "1.out"), []byte("-1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	second := s.submit(t, s.user, "a-plus-b/accepted/sum.c")
	if out := s.waitDone(t, s.user, second); out["verdict"] != "WA" {
		t.Errorf("after editing a test: %v, want WA", out["verdict"])
	}
	h2, err := s.svc.q.cat.packageHash(ctx, "a-plus-b")
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]string{first: h1, second: h2} {
		sub, err := s.svc.st.Get(ctx, id)
		if err != nil || sub.PackageHash != want {
			t.Errorf("%s: package %q (%v), want %s", id, sub.PackageHash, err, want)
		}
	}
	if h1 == h2 {
		t.Error("the edited problem kept its package hash")
	}
	// Rejudging the first submission alone judges it with the new package
	// and records that package, as a problem rejudge does.
	if code, _, out := s.call(t, "POST", "/api/v1/submissions/"+first+"/rejudge", s.admin, nil); code != http.StatusAccepted {
		t.Fatalf("rejudge: %d %v", code, out)
	}
	if out := s.waitDone(t, s.user, first); out["verdict"] != "WA" || out["gen"] != 2.0 {
		t.Errorf("rejudged after the edit: %v at gen %v, want WA at gen 2", out["verdict"], out["gen"])
	}
	if sub, err := s.svc.st.Get(ctx, first); err != nil || sub.PackageHash != h2 {
		t.Errorf("rejudged %s: package %q (%v), want the new %s", first, sub.PackageHash, err, h2)
	}
	// The local worker judged each with the problem the catalog loaded:
	// it fetched no package.
	if pkgs, err := os.ReadDir(filepath.Join(s.svc.cfg.Data, "cache", "pkgs")); len(pkgs) != 0 {
		t.Errorf("the local worker's package cache holds %d entries (%v), want none", len(pkgs), err)
	}
}

// TestLocalWorkerQueuedPackage: a job queued before its problem's files
// changed is judged with the package it names (the tests it was queued
// with), which the local worker fetches, not with the catalog's problem.
func TestLocalWorkerQueuedPackage(t *testing.T) {
	problems := t.TempDir()
	if err := os.CopyFS(filepath.Join(problems, "a-plus-b"), os.DirFS(filepath.Join("..", "problems", "a-plus-b"))); err != nil {
		t.Fatal(err)
	}
	s := newStack(t, func(c *Config) { c.Judge.ProblemsDir, c.Slots = problems, 0 })
	id := s.submit(t, s.user, "a-plus-b/accepted/sum.c")
	sub, err := s.svc.st.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(problems, "a-plus-b", "tests", "1.out"), []byte("-1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.svc.startWorkers(1); err != nil {
		t.Fatal(err)
	}
	if out := s.waitDone(t, s.user, id); out["verdict"] != "AC" {
		t.Errorf("queued before the edit: %v, want AC with the tests it was queued with", out["verdict"])
	}
	if _, err := os.Stat(filepath.Join(s.svc.cfg.Data, "cache", "pkgs", sub.PackageHash)); err != nil {
		t.Errorf("package %s is not in the local worker's cache: %v", sub.PackageHash[:12], err)
	}
}

// TestCatalogStatementConstants: the page shows a 2025-09 package's
// statement with its constants substituted, as judge show does.
func TestCatalogStatementConstants(t *testing.T) {
	problems := t.TempDir()
	if err := os.CopyFS(filepath.Join(problems, "constants"), os.DirFS(filepath.Join("..", "core", "problem", "kattis", "testdata", "constants-2025"))); err != nil {
		t.Fatal(err)
	}
	cfg := judgeConfig(t)
	cfg.ProblemsDir = problems
	c := newCatalog(cfg)
	defer c.close()
	st, err := c.Statement(context.Background(), "constants")
	if err != nil {
		t.Fatal(err)
	}
	if md := string(st.Markdown); !strings.Contains(md, "Print $N + 7$") || strings.Contains(md, "{{") {
		t.Errorf("statement not substituted:\n%s", md)
	}
}
