package main

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// chromiumPath finds the browser the web page's test drives: $PUZZLEJUDGE_CHROMIUM,
// else Debian's chromium. Without one the test skips, unless
// PUZZLEJUDGE_REQUIRE_CHROMIUM is set (as .ci/run sets it), when it fails.
func chromiumPath(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("PUZZLEJUDGE_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("PUZZLEJUDGE_REQUIRE_CHROMIUM") != "" {
		t.Fatal("no chromium on PATH and PUZZLEJUDGE_REQUIRE_CHROMIUM is set (apt-get install chromium)")
	}
	t.Skip("no chromium on PATH (apt-get install chromium; .ci/run does)")
	return ""
}

// serveProc is a running `judge serve` on loopback.
type serveProc struct {
	url, data, admin string
	cmd              *exec.Cmd
	stderr           *bytes.Buffer
	exited           chan error
}

// startServe runs `judge serve` on a free loopback port with a new data
// folder, compile cache and box folder, and waits for "listening on".
func startServe(t *testing.T, ctx context.Context) *serveProc {
	t.Helper()
	path, _ := judgeBinary(t)
	data := t.TempDir()
	cmd := exec.Command(path, "--config", "../configs/judge.yaml", "--cache-dir", t.TempDir(),
		"serve", "--addr", "127.0.0.1:0", "--data", data, "--drain-timeout", "5s")
	cmd.Env = judgeEnv(t.TempDir())
	s := &serveProc{data: data, cmd: cmd, stderr: &bytes.Buffer{}, exited: make(chan error, 1)}
	cmd.Stderr = s.stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
		s.exited <- cmd.Wait()
	}()
	t.Cleanup(func() { s.stop(t) })
	for s.url == "" {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("judge serve ended before listening; stderr:\n%s", s.stderr)
			}
			if u, found := strings.CutPrefix(l, "listening on "); found {
				s.url = u
			}
		case <-ctx.Done():
			t.Fatalf("judge serve did not print its URL; stderr:\n%s", s.stderr)
		}
	}
	go func() {
		for range lines {
		}
	}()
	tok, err := os.ReadFile(filepath.Join(data, "admin.token"))
	if err != nil {
		t.Fatalf("the admin token file: %v", err)
	}
	s.admin = strings.TrimSpace(string(tok))
	return s
}

// stop sends SIGTERM and waits for the exit (SIGKILL after a minute).
func (s *serveProc) stop(t *testing.T) {
	if s.cmd.ProcessState != nil || s.cmd.Process == nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-s.exited:
		if err != nil {
			t.Errorf("judge serve after SIGTERM: %v; stderr:\n%s", err, s.stderr)
		}
	case <-time.After(time.Minute):
		_ = s.cmd.Process.Kill()
		<-s.exited
		t.Errorf("judge serve did not exit within a minute of SIGTERM")
	}
}

// userToken makes a user token with `judge token create`.
func (s *serveProc) userToken(t *testing.T, user string) string {
	t.Helper()
	o := runJudge(t, t.TempDir(), nil, "token", "create", "--user", user, "--data", s.data)
	if o.code != 0 {
		t.Fatalf("judge token create: exit %d\n%s", o.code, o.stderr)
	}
	return strings.TrimSpace(o.stdout)
}

// newBrowser starts headless chromium with a fresh profile, as the issue
// asks; the returned context is its first tab.
func newBrowser(t *testing.T, ctx context.Context) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath(t)),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx, chromedp.WithErrorf(t.Logf))
	t.Cleanup(func() { cancelBrowser(); cancelAlloc() })
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return bctx
}

// watchDialogs records the message of every JavaScript dialog (alert,
// confirm, prompt) that a page of browser opens; the returned func gives
// those seen so far. A page that runs an injected script opens one.
func watchDialogs(t *testing.T, browser context.Context) func() []string {
	t.Helper()
	var dialogs []string
	var mu sync.Mutex
	if err := chromedp.Listen(browser, func(ev any) {
		if d, ok := ev.(*page.EventJavascriptDialogOpening); ok {
			mu.Lock()
			dialogs = append(dialogs, d.Message)
			mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(dialogs)
	}
}

// newTab opens another tab of the same browser (the same cookies).
func newTab(t *testing.T, browser context.Context) context.Context {
	t.Helper()
	tab, cancel := chromedp.NewContext(browser)
	t.Cleanup(cancel)
	if err := chromedp.Do(tab); err != nil {
		t.Fatalf("new tab: %v", err)
	}
	return tab
}

// screenshotDir is where the test saves its screenshots:
// $PUZZLEJUDGE_SCREENSHOTS, else a temporary folder.
func screenshotDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("PUZZLEJUDGE_SCREENSHOTS")
	if dir == "" {
		return t.TempDir()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// screenshot saves the whole page of a tab as DIR/name.png.
func screenshot(t *testing.T, tab context.Context, dir, name string) {
	t.Helper()
	buf, err := chromedp.Run(tab, chromedp.FullScreenshot(100))
	if err != nil {
		t.Errorf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
		t.Error(err)
	}
}
