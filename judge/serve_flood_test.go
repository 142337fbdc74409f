package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/service/store"
)

// floodFiles is the descriptor limit (soft and hard) the flooded server
// runs under, and floodConns the idle connections the flood opens: more
// than the server could hold.
const (
	floodFiles = 256
	floodConns = 600
)

// metric reads one figure of the server's /metrics.
func (p *judgeServer) metric(t *testing.T, c *http.Client, name string) float64 {
	t.Helper()
	resp, err := c.Get(p.url + "/metrics")
	if err != nil {
		t.Fatalf("/metrics: %v", err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), name+" "); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatalf("/metrics %s: %q", name, v)
			}
			return f
		}
	}
	t.Fatalf("/metrics has no %s", name)
	return 0
}

// flood opens n connections to addr, at most 32 at a time: the even ones
// send one GET /healthz on a keep-alive connection and read the answer,
// the odd ones send nothing. It returns the connections, left open and
// idle, and how many answers were 200 and 503.
func flood(ctx context.Context, addr string, n int) (conns []net.Conn, ok, refused int) {
	var mu sync.Mutex
	sem := make(chan struct{}, 32)
	var wg sync.WaitGroup
	for i := range n {
		if ctx.Err() != nil {
			break
		}
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			c, err := (&net.Dialer{Timeout: 5 * time.Second}).DialContext(ctx, "tcp", addr)
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
			if i%2 == 1 {
				return
			}
			_ = c.SetDeadline(time.Now().Add(5 * time.Second))
			if _, err := io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: flood\r\n\r\n"); err != nil {
				return
			}
			resp, err := http.ReadResponse(bufio.NewReader(c), nil)
			if err != nil {
				return
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			mu.Lock()
			switch resp.StatusCode {
			case http.StatusOK:
				ok++
			case http.StatusServiceUnavailable:
				refused++
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	return conns, ok, refused
}

// submitVia posts a bundled a-plus-b solution with c, trying again on a
// connection refused at the cap (503) or cut; it returns the id and the
// tries it took.
func (p *judgeServer) submitVia(t *testing.T, c *http.Client, token, rel string) (string, int) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "solutions", "a-plus-b", rel))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(map[string]string{"problem": "a-plus-b", "filename": filepath.Base(rel), "source": string(src)})
	var last string
	for try := 1; try <= 20; try++ {
		req, _ := http.NewRequest("POST", p.url+"/api/v1/submissions", bytes.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		resp, err := c.Do(req)
		if err != nil {
			last = err.Error()
			time.Sleep(100 * time.Millisecond)
			continue
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode == http.StatusAccepted {
			var out struct {
				ID string `json:"id"`
			}
			if err := json.Unmarshal(data, &out); err != nil || out.ID == "" {
				t.Fatalf("POST: %q", data)
			}
			return out.ID, try
		}
		last = fmt.Sprintf("%d %s", resp.StatusCode, data)
		if resp.StatusCode != http.StatusServiceUnavailable {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("POST %s during the flood never accepted; last: %s", rel, last)
	return "", 0
}

// verdictVia long-polls a submission with c until it is done.
func (p *judgeServer) verdictVia(t *testing.T, ctx context.Context, c *http.Client, token, id string) string {
	t.Helper()
	for ctx.Err() == nil {
		req, _ := http.NewRequestWithContext(ctx, "GET", p.url+"/api/v1/submissions/"+id+"?wait=20s", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := c.Do(req)
		if err != nil {
			t.Fatalf("GET %s: %v", id, err)
		}
		var out map[string]any
		err = json.NewDecoder(resp.Body).Decode(&out)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d %v %v", id, resp.StatusCode, out, err)
		}
		if out["state"] == "done" {
			v, _ := out["verdict"].(string)
			if e, _ := out["error"].(string); e != "" {
				v += " (" + e + ")"
			}
			return v
		}
	}
	t.Fatalf("submission %s not done in time; server stderr:\n%s", id, p.stderr)
	return ""
}

// TestServeShedsIdleFlood: judge serve under a descriptor limit of 256
// (soft and hard) caps its connections below it (64 by default); a flood
// of 600 idle keep-alive connections, half of them silent, gets idle
// connections shed and some refused with 503, never runs the server out
// of descriptors; meanwhile an authenticated client's submission is
// judged and /healthz answered, and after the flood, with no restart, a
// submission is judged and /readyz says ready. Basic sandbox: any user.
func TestServeShedsIdleFlood(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	data, cache := t.TempDir(), t.TempDir()
	token := userToken(t, ctx, data, "ann")
	// Basic mode run by root judges as nobody, who must reach the boxes.
	boxes, err := os.MkdirTemp("", "judge-flood-boxes-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(boxes) })
	if err := os.Chmod(boxes, 0o755); err != nil {
		t.Fatal(err)
	}
	// The shell sets both limits, and the boxes' folder, before it
	// becomes judge serve.
	wrapper := []string{"/bin/sh", "-c", fmt.Sprintf(`export JUDGE_BOX_DIR="$1"; shift; ulimit -n %d && exec "$@"`, floodFiles), "sh", boxes}
	srv := runServeVia(t, wrapper, data, cache, "--slots", "1", "--sandbox", "basic")
	c := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4}, Timeout: time.Minute}
	if max := srv.metric(t, c, "pj_http_connections_max"); max != 64 {
		t.Fatalf("pj_http_connections_max %v under a limit of %d, want 64 (half of what 128 reserved leave)", max, floodFiles)
	}
	addr := strings.TrimPrefix(srv.url, "http://")

	type floodResult struct {
		conns       []net.Conn
		ok, refused int
	}
	done := make(chan floodResult, 1)
	go func() {
		conns, ok, refused := flood(ctx, addr, floodConns)
		done <- floodResult{conns, ok, refused}
	}()
	// During the flood: a submission gets through and is judged.
	id, tries := srv.submitVia(t, c, token, "accepted/sum.c")
	if v := srv.verdictVia(t, ctx, c, token, id); v != "AC" {
		t.Errorf("the submission during the flood: %s, want AC", v)
	}
	fl := <-done
	defer func() {
		for _, c := range fl.conns {
			c.Close()
		}
	}()
	t.Logf("flood: %d connections, %d answered 200, %d refused 503; the submission took %d tries", len(fl.conns), fl.ok, fl.refused, tries)
	if len(fl.conns) < floodConns*9/10 {
		t.Fatalf("the flood opened %d connections of %d", len(fl.conns), floodConns)
	}
	// With the flood's connections still held: /healthz is answered, the
	// server holds no more than its cap, and it shed or refused the rest.
	resp, err := c.Get(srv.url + "/healthz")
	if err != nil {
		t.Fatalf("/healthz with the flood held: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("/healthz with the flood held: %d", resp.StatusCode)
	}
	if open := srv.metric(t, c, "pj_http_connections"); open > 64 {
		t.Errorf("pj_http_connections %v, over the cap of 64", open)
	}
	shed, refused := srv.metric(t, c, "pj_http_connections_shed_total"), srv.metric(t, c, "pj_http_connections_refused_total")
	if shed+refused < floodConns-64 {
		t.Errorf("%v connections shed and %v refused, want at least %d of the flood's %d", shed, refused, floodConns-64, floodConns)
	}
	for _, c := range fl.conns {
		c.Close()
	}
	// After the flood, no restart: judged, and ready.
	id, _ = srv.submitVia(t, c, token, "accepted/sum.c")
	if v := srv.verdictVia(t, ctx, c, token, id); v != "AC" {
		t.Errorf("the submission after the flood: %s, want AC", v)
	}
	resp, err = c.Get(srv.url + "/readyz")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("/readyz after the flood: %d %s", resp.StatusCode, body)
	}
	if strings.Contains(srv.stderr.String(), "too many open files") {
		t.Errorf("the server ran out of descriptors; stderr:\n%s", srv.stderr)
	}
	srv.stop(t)
}

// userToken makes a user token in the store of the data folder data (no
// server running on it yet).
func userToken(t *testing.T, ctx context.Context, data, user string) string {
	t.Helper()
	st, err := store.Open(ctx, store.Location(data, ""))
	if err != nil {
		t.Fatal(err)
	}
	_, token, err := st.CreateToken(ctx, store.NewToken{User: user, Role: store.RoleUser, Name: t.Name()})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	return token
}
