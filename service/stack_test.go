package service

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/config"
	"github.com/puzzlejudge/judge/runner"
	"github.com/puzzlejudge/judge/service/api"
	"github.com/puzzlejudge/judge/service/client"
	"github.com/puzzlejudge/judge/service/store"
)

// stack is a whole service in the test process: real SQLite, real
// embedded NATS, a real worker judging in the full sandbox as root and in
// the basic one otherwise (the sandbox is not these tests' subject: the
// runner's tests are about it).
type stack struct {
	svc   *Service
	srv   *httptest.Server
	admin string
	user  string
}

// judgeConfig is the bundled configuration, in basic sandbox mode when
// not root (full mode needs root).
func judgeConfig(t testing.TB) *config.Config {
	t.Helper()
	cfg, err := config.Load(filepath.Join("..", config.DefaultPath), nil)
	if err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() != 0 {
		cfg.Sandbox = runner.ModeBasic
	}
	return cfg
}

// newStack starts a service; edit may change its configuration.
func newStack(t testing.TB, edit func(*Config)) *stack {
	t.Helper()
	cfg := Config{Judge: judgeConfig(t), Data: t.TempDir(), Slots: 1, Workers: 2, Drain: 5 * time.Second,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if edit != nil {
		edit(&cfg)
	}
	svc, err := Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := &stack{svc: svc, srv: httptest.NewServer(svc.Handler()), admin: svc.AdminToken}
	t.Cleanup(func() {
		s.srv.Close()
		if err := svc.Close(); err != nil {
			t.Error(err)
		}
	})
	if s.admin == "" {
		t.Fatal("no admin token on first start")
	}
	data, err := os.ReadFile(filepath.Join(cfg.Data, AdminTokenFile))
	if err != nil || strings.TrimSpace(string(data)) != s.admin {
		t.Fatalf("admin.token holds %q (%v), want the token printed", data, err)
	}
	if fi, _ := os.Stat(filepath.Join(cfg.Data, AdminTokenFile)); fi.Mode().Perm() != 0o600 {
		t.Errorf("admin.token mode %v, want 0600", fi.Mode().Perm())
	}
	s.user = s.token(t, "ann", store.RoleUser)
	return s
}

func (s *stack) token(t testing.TB, user string, role store.Role) string {
	t.Helper()
	_, plain, err := s.svc.st.CreateToken(context.Background(), store.NewToken{User: user, Role: role, Name: "test"})
	if err != nil {
		t.Fatal(err)
	}
	return plain
}

// call sends a request and returns the status, headers and decoded JSON.
func (s *stack) call(t testing.TB, method, path, token string, body any, header ...string) (int, http.Header, map[string]any) {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		data, _ := json.Marshal(b)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, s.srv.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if len(data) > 0 && strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(data, &out); err != nil {
			t.Fatalf("%s %s: answer is not JSON: %q", method, path, data)
		}
	}
	return resp.StatusCode, resp.Header, out
}

// source reads a bundled solution.
func source(t testing.TB, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "solutions", rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func (s *stack) client(token string) *client.Client {
	return &client.Client{BaseURL: s.srv.URL, Token: token}
}

// submit posts a submission and returns its id.
func (s *stack) submit(t testing.TB, token, rel string) string {
	t.Helper()
	code, _, out := s.call(t, "POST", "/api/v1/submissions", token, api.NewSubmission{Problem: "a-plus-b", Filename: filepath.Base(rel), Source: source(t, rel)})
	if code != http.StatusAccepted {
		t.Fatalf("POST %s: %d %v", rel, code, out)
	}
	return out["id"].(string)
}

// waitDone long-polls a submission until done.
func (s *stack) waitDone(t testing.TB, token, id string) map[string]any {
	t.Helper()
	return untilDone(t, id, func(path string) (int, map[string]any) {
		code, _, out := s.call(t, "GET", path, token, nil)
		return code, out
	})
}

// untilDone long-polls a submission with get (given the path) until it
// is done, for up to 2 minutes.
func untilDone(t testing.TB, id string, get func(path string) (int, map[string]any)) map[string]any {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		code, out := get("/api/v1/submissions/" + id + "?wait=30s")
		if code != http.StatusOK {
			t.Fatalf("GET %s: %d %v", id, code, out)
		}
		if out["state"] == "done" {
			return out
		}
	}
	t.Fatalf("submission %s not done after 2 minutes", id)
	return nil
}
