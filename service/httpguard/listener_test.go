package httpguard

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// serve runs an HTTP server on a listener capped at limit; a request with
// "Authorization: yes" marks its connection trusted, one for /hold holds
// until the test ends.
func serve(t *testing.T, limit int) (*Listener, string) {
	t.Helper()
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := NewListener(raw, limit)
	end := make(chan struct{})
	srv := &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Header.Get("Authorization") == "yes" {
				Trust(r.Context())
			}
			if r.URL.Path == "/hold" {
				<-end
			}
			io.WriteString(w, "ok")
		}),
		ConnState: l.ConnState, ConnContext: l.ConnContext, ReadHeaderTimeout: 10 * time.Second,
	}
	go srv.Serve(l)
	t.Cleanup(func() {
		close(end)
		srv.Close()
	})
	return l, raw.Addr().String()
}

// get sends one keep-alive request on a new connection and returns it,
// open, with the answer's status (0 when there was none).
func get(t *testing.T, addr string, auth bool) (net.Conn, int) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	req := "GET / HTTP/1.1\r\nHost: x\r\n"
	if auth {
		req += "Authorization: yes\r\n"
	}
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(c, req+"\r\n"); err != nil {
		return c, 0
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return c, 0
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return c, resp.StatusCode
}

// closed reports whether the server closed c (within a few seconds).
func closed(c net.Conn) bool {
	_ = c.SetReadDeadline(time.Now().Add(3 * time.Second))
	_, err := c.Read(make([]byte, 1))
	return err == io.EOF || err != nil && !strings.Contains(err.Error(), "timeout")
}

// waitStats waits until the listener's figures satisfy ok.
func waitStats(t *testing.T, l *Listener, ok func(Stats) bool) Stats {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		st := l.Stats()
		if ok(st) {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("listener figures %+v after 10 s", st)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// An authenticated idle connection outlasts unauthenticated ones: under
// pressure an unauthenticated connection is closed once answered, and at
// the cap new connections shed the idle ones, those that never
// authenticated first.
func TestShedsUnauthenticatedFirst(t *testing.T) {
	l, addr := serve(t, 8) // pressure at 6
	trusted, code := get(t, addr, true)
	if code != http.StatusOK {
		t.Fatalf("trusted request: %d", code)
	}
	for range 4 {
		if _, code := get(t, addr, false); code != http.StatusOK {
			t.Fatalf("request below pressure: %d", code)
		}
	}
	waitStats(t, l, func(st Stats) bool { return st.Open == 5 && st.Idle == 5 })
	for range 5 {
		c, code := get(t, addr, false)
		if code != http.StatusOK {
			t.Fatalf("request at pressure: %d, want 200", code)
		}
		if !closed(c) {
			t.Error("an unauthenticated connection stayed open under pressure")
		}
	}
	// Silent connections past the cap: each sheds an idle one, never the
	// authenticated one while others are idle.
	for range 6 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
	}
	st := waitStats(t, l, func(st Stats) bool { return st.Shed >= 8 })
	if st.Open > 8 || st.Refused != 0 {
		t.Errorf("figures %+v, want at most 8 open and none refused (idle ones shed)", st)
	}
	_ = trusted.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.WriteString(trusted, "GET / HTTP/1.1\r\nHost: x\r\nAuthorization: yes\r\n\r\n"); err != nil {
		t.Fatalf("the authenticated connection was shed: %v", err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(trusted), nil)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("the authenticated connection was shed: %v", err)
	}
}

// Past the cap with nothing idle to shed, a new connection is refused with
// a 503 in the API's error shape.
func TestRefusesPastTheCap(t *testing.T) {
	l, addr := serve(t, 4)
	// Four busy connections: each waits for an answer.
	for i := range 4 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		io.WriteString(c, "GET /hold HTTP/1.1\r\nHost: x\r\n\r\n")
		n := i + 1
		waitStats(t, l, func(st Stats) bool { return st.Open == n && st.Idle == 0 })
	}
	waitStats(t, l, func(st Stats) bool { return st.Open == 4 && st.Idle == 0 })
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("a connection past the cap: %v, want a 503", err)
	}
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" || !strings.HasPrefix(string(body), `{"error":"`) {
		t.Errorf("a connection past the cap: %d Retry-After %q %q, want 503, a Retry-After and a JSON error", resp.StatusCode, resp.Header.Get("Retry-After"), body)
	}
	if st := l.Stats(); st.Refused != 1 || st.Open != 4 {
		t.Errorf("figures %+v, want 1 refused and 4 open", st)
	}
}
