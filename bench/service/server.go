package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/puzzlejudge/judge/service/store"
)

// server is a `judge serve` process, reached over HTTP only.
type server struct {
	cmd    *exec.Cmd
	url    string // http://host:port
	admin  string // the admin token it printed on first start
	users  []string
	stderr string // the file its log goes to
	exited chan error
}

// buildJudge builds the judge binary into dir.
func buildJudge(dir string) (string, error) {
	bin := filepath.Join(dir, "judge")
	if out, err := exec.Command("go", "build", "-o", bin, "./judge").CombinedOutput(); err != nil {
		return "", fmt.Errorf("build judge: %v: %s", err, out)
	}
	return bin, nil
}

// makeTokens creates n user tokens in the data folder's store, as
// `judge token create --user bench-N` would, but in one process: the
// service limits each user's rate and queued submissions, so the
// benchmark's load is spread over many users, as a contest's is.
func makeTokens(ctx context.Context, data string, n int) ([]string, error) {
	if err := os.MkdirAll(data, 0o700); err != nil {
		return nil, err
	}
	st, err := store.Open(ctx, store.Location(data, ""))
	if err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	defer st.Close()
	toks := make([]string, n)
	for i := range toks {
		_, plain, err := st.CreateToken(ctx, store.NewToken{User: fmt.Sprintf("bench-%03d", i), Role: store.RoleUser, Name: "bench/service"})
		if err != nil {
			return nil, fmt.Errorf("create token: %w", err)
		}
		toks[i] = plain
	}
	return toks, nil
}

// startServer runs `judge serve` on a free loopback port with the data
// folder data, reads its URL and admin token from its output, and waits
// until /readyz answers 200 (a worker is up).
func startServer(ctx context.Context, bin, data, logFile string) (*server, error) {
	log, err := os.Create(logFile)
	if err != nil {
		return nil, err
	}
	defer log.Close()
	// The SSE phase's idle clients (1,000 by default) all watch the ten
	// submissions of ten users, a user seeing only their own: the stream
	// caps, which keep one user or a flood from holding the server, are
	// raised past what the phases open, so the figures are the server's
	// cost per client, not its refusals (their own tests are in service).
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--data", data,
		"--max-streams", "100000", "--max-user-streams", "100000", "--max-waits", "100000", "--max-user-waits", "100000")
	cmd.Stderr = log
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start judge serve: %w", err)
	}
	s := &server{cmd: cmd, stderr: logFile, exited: make(chan error, 1)}
	found := make(chan error, 1)
	go func() {
		sc := bufio.NewScanner(out)
		var once sync.Once
		for sc.Scan() {
			line := sc.Text()
			if _, tok, ok := strings.Cut(line, "admin token"); ok {
				if i := strings.LastIndex(tok, ": "); i >= 0 {
					s.admin = strings.TrimSpace(tok[i+2:])
				}
			}
			if u, ok := strings.CutPrefix(line, "listening on "); ok {
				s.url = strings.TrimSpace(u)
				once.Do(func() { found <- nil })
			}
		}
		once.Do(func() { found <- errors.New("judge serve ended its output without \"listening on\"") })
		_, _ = io.Copy(io.Discard, out)
		s.exited <- cmd.Wait()
	}()
	select {
	case err = <-found:
	case <-time.After(60 * time.Second):
		err = errors.New("judge serve printed no \"listening on\" within 60 s")
	}
	if err == nil && s.admin == "" {
		err = errors.New("judge serve printed no admin token (the data folder is not fresh?)")
	}
	if err == nil {
		err = s.waitReady(ctx, 60*time.Second)
	}
	if err != nil {
		s.stop()
		return nil, fmt.Errorf("%w; its log: %s", err, tail(logFile))
	}
	return s, nil
}

// waitReady polls /readyz until it answers 200.
func (s *server) waitReady(ctx context.Context, within time.Duration) error {
	end := time.Now().Add(within)
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.url+"/readyz", nil)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		if time.Now().After(end) {
			return fmt.Errorf("/readyz not 200 within %s (last: %v)", within, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// stop sends SIGTERM and waits up to 40 s (the service drains for up to
// 30 s), then kills.
func (s *server) stop() error {
	if s.cmd.Process == nil {
		return nil
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-s.exited:
		if err != nil {
			return fmt.Errorf("judge serve exited: %w; its log: %s", err, tail(s.stderr))
		}
		return nil
	case <-time.After(40 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.exited
		return errors.New("judge serve did not stop within 40 s of SIGTERM")
	}
}

// rss returns the server's resident set size (VmRSS) in bytes.
func (s *server) rss() (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err != nil {
				return 0, fmt.Errorf("VmRSS %q: %w", v, err)
			}
			return kb << 10, nil
		}
	}
	return 0, errors.New("no VmRSS in /proc/PID/status")
}

// tail returns the last lines of a log file, for an error message.
func tail(file string) string {
	b, err := os.ReadFile(file)
	if err != nil {
		return err.Error()
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return strings.Join(lines[max(0, len(lines)-10):], "\n")
}

// cpu returns the CPU time (user and system) the server process has used
// so far, its children's excluded, at the kernel's tick resolution.
func (s *server) cpu() (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	// The fields after the command name (which may hold spaces) start at
	// the state, field 3; utime and stime are fields 14 and 15.
	i := strings.LastIndexByte(string(b), ')')
	f := strings.Fields(string(b)[i+1:])
	if i < 0 || len(f) < 13 {
		return 0, errors.New("short /proc/PID/stat")
	}
	ut, err1 := strconv.ParseInt(f[11], 10, 64)
	st, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("/proc/PID/stat: utime %q stime %q", f[11], f[12])
	}
	return time.Duration(ut+st) * time.Second / clockTicks, nil
}

// clockTicks is USER_HZ, the unit of /proc/PID/stat's times: 100 on
// every Linux architecture Go supports.
const clockTicks = 100

// selfCPU returns the CPU time this process has used so far.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(syscall.TimevalToNsec(ru.Utime) + syscall.TimevalToNsec(ru.Stime))
}
