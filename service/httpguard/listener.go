// Package httpguard keeps an HTTP server standing under a flood of
// connections: a listener that caps the connections open at once, sheds
// idle keep-alive connections (those that never authenticated first) to
// make room, and refuses new ones past the cap with a 503; and the
// process's descriptor limit the cap is derived from.
package httpguard

import (
	"container/list"
	"context"
	"errors"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Stats are a listener's figures.
type Stats struct {
	Open    int   // connections open
	Idle    int   // of which idle between requests or waiting for the first
	Refused int64 // connections refused at the cap
	Shed    int64 // idle connections closed to make room
}

// Listener caps the connections a net.Listener hands out. Its ConnState
// must be the http.Server's ConnState hook, and its ConnContext the
// server's ConnContext (so that Trust finds the connection).
//
// At three quarters of Max ("pressure"), a connection that goes idle
// after requests none of which authenticated is closed at once, and each
// new connection closes the oldest such idle one, or else the oldest one
// that has sent no request for freshGrace. At Max, a new connection
// closes the oldest idle one (untrusted first: never authenticated; then
// those waiting for their first request; then trusted ones), or is
// refused with a 503 when none is idle.
type Listener struct {
	net.Listener
	max, pressure int

	mu sync.Mutex
	// open counts the connections handed out and not closed.
	open int
	// untrusted, fresh and trusted are the idle connections, oldest
	// first: idle after unauthenticated requests, waiting for their first
	// request, idle after an authenticated one.
	untrusted, fresh, trusted list.List

	refused, shed atomic.Int64
}

// NewListener wraps l, allowing limit connections at once (at least 4).
func NewListener(l net.Listener, limit int) *Listener {
	limit = max(limit, 4)
	return &Listener{Listener: l, max: limit, pressure: limit * 3 / 4}
}

// Max is the cap.
func (l *Listener) Max() int { return l.max }

// Stats returns the listener's figures.
func (l *Listener) Stats() Stats {
	l.mu.Lock()
	defer l.mu.Unlock()
	return Stats{Open: l.open, Idle: l.untrusted.Len() + l.fresh.Len() + l.trusted.Len(), Refused: l.refused.Load(), Shed: l.shed.Load()}
}

// refusalBody is the API's error body for a connection refused at the
// cap; refusal is the whole answer.
const refusalBody = `{"error":"the server has too many connections; try again shortly"}` + "\n"

var refusal = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 5\r\nConnection: close\r\n" +
	"Content-Length: " + strconv.Itoa(len(refusalBody)) + "\r\n\r\n" + refusalBody

// Accept hands out the next connection within the cap. When the process
// runs out of descriptors it closes an idle connection, so that the
// server's retry finds one.
func (l *Listener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			if errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE) {
				l.mu.Lock()
				l.shedOne(true)
				l.mu.Unlock()
			}
			return nil, err
		}
		l.mu.Lock()
		switch {
		case l.open >= l.max:
			l.shedOne(true)
		case l.open >= l.pressure:
			l.shedOne(false)
		}
		if l.open >= l.max {
			l.mu.Unlock()
			l.refused.Add(1)
			refuse(c)
			continue
		}
		l.open++
		gc := &conn{Conn: c, l: l}
		gc.idle(&l.fresh)
		l.mu.Unlock()
		return gc, nil
	}
}

// refuse answers 503 on c, not waiting for a slow reader, and closes it.
func refuse(c net.Conn) {
	_ = c.SetWriteDeadline(time.Now().Add(100 * time.Millisecond))
	_, _ = c.Write([]byte(refusal))
	if tc, ok := c.(*net.TCPConn); ok {
		// Half-closed first: the answer goes out before the socket
		// does.
		_ = tc.CloseWrite()
	}
	_ = c.Close()
}

// freshGrace is how long a new connection has to send its request before
// it may be shed under pressure (at the cap it has none).
const freshGrace = 2 * time.Second

// shedOne closes the oldest idle connection, untrusted ones first; it
// reports whether there was one. Unless hard, it spares the trusted
// ones and the new ones younger than freshGrace. l.mu is held.
func (l *Listener) shedOne(hard bool) bool {
	for _, q := range []*list.List{&l.untrusted, &l.fresh, &l.trusted} {
		if e := q.Front(); e != nil {
			c := e.Value.(*conn)
			if !hard && (q == &l.trusted || q == &l.fresh && time.Since(c.since) < freshGrace) {
				continue
			}
			c.release()
			l.shed.Add(1)
			// Closing the socket ends the server's read of the next
			// request; the server then closes the conn.
			_ = c.Conn.Close()
			return true
		}
	}
	return false
}

// ConnState is the http.Server's ConnState hook: it files connections
// by state.
func (l *Listener) ConnState(nc net.Conn, st http.ConnState) {
	c, ok := nc.(*conn)
	if !ok {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	switch st {
	case http.StateActive, http.StateHijacked:
		c.busy()
	case http.StateIdle:
		if c.trusted.Load() {
			c.idle(&l.trusted)
			return
		}
		if l.open >= l.pressure {
			// Under pressure, an unauthenticated client does not keep
			// its connection.
			c.release()
			l.shed.Add(1)
			_ = c.Conn.Close()
			return
		}
		c.idle(&l.untrusted)
	case http.StateClosed:
		c.busy()
	}
}

type connKey struct{}

// ConnContext is the http.Server's ConnContext hook: it lets Trust find
// the connection of a request.
func (l *Listener) ConnContext(ctx context.Context, nc net.Conn) context.Context {
	if c, ok := nc.(*conn); ok {
		return context.WithValue(ctx, connKey{}, c)
	}
	return ctx
}

// Trust marks the connection of the request ctx belongs to as
// authenticated: when idle it is shed after the unauthenticated ones.
func Trust(ctx context.Context) {
	if c, ok := ctx.Value(connKey{}).(*conn); ok {
		c.trusted.Store(true)
	}
}

// conn is a connection the listener counts.
type conn struct {
	net.Conn
	l       *Listener
	trusted atomic.Bool
	// in and elem are the idle list holding it (nil while busy), since
	// when; gone is set once its place is freed. The listener's mu guards
	// them.
	in    *list.List
	elem  *list.Element
	since time.Time
	gone  bool
}

// idle files c at the end of q. l.mu is held.
func (c *conn) idle(q *list.List) {
	c.busy()
	c.in, c.elem, c.since = q, q.PushBack(c), time.Now()
}

// busy takes c off its idle list. l.mu is held.
func (c *conn) busy() {
	if c.in != nil {
		c.in.Remove(c.elem)
		c.in, c.elem = nil, nil
	}
}

// release frees c's place, once. l.mu is held.
func (c *conn) release() {
	c.busy()
	if !c.gone {
		c.gone = true
		c.l.open--
	}
}

// Close closes the connection and frees its place.
func (c *conn) Close() error {
	err := c.Conn.Close()
	c.l.mu.Lock()
	c.release()
	c.l.mu.Unlock()
	return err
}
