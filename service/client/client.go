// Package client talks to a running judge service over its HTTP API:
// submit a source, follow its events until the verdict, and read the
// problems. The command line's `judge submit --server` uses it.
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Client is a client of one server, with one token.
type Client struct {
	BaseURL string // e.g. http://127.0.0.1:8080
	Token   string
	HTTP    *http.Client // nil for a default client
}

// StatusError is an answer other than the one expected, with the
// server's message.
type StatusError struct {
	Status int
	Msg    string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("server answered %d %s: %s", e.Status, http.StatusText(e.Status), e.Msg)
}

// Submission is what Submit sends.
type Submission struct {
	Problem  string `json:"problem"`
	Language string `json:"language,omitempty"`
	Filename string `json:"filename,omitempty"`
	Source   string `json:"source"`
	// Contest, when set, is the contest the submission is made in.
	Contest string `json:"contest,omitempty"`
}

func (c *Client) http() *http.Client {
	if c.HTTP != nil {
		return c.HTTP
	}
	return http.DefaultClient
}

// do sends a request and decodes a JSON answer of status want into out.
func (c *Client) do(ctx context.Context, method, path string, body any, want int, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimRight(c.BaseURL, "/")+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Authorization", "Bearer "+c.Token)
	resp, err := c.http().Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	if resp.StatusCode != want {
		var e struct {
			Error string `json:"error"`
		}
		if json.Unmarshal(data, &e) != nil || e.Error == "" {
			e.Error = strings.TrimSpace(string(data))
		}
		return &StatusError{Status: resp.StatusCode, Msg: e.Error}
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			return fmt.Errorf("%s %s: the answer is not JSON: %w", method, path, err)
		}
	}
	return nil
}

// Submit posts a submission and returns its id.
func (c *Client) Submit(ctx context.Context, s Submission) (string, error) {
	var out struct {
		ID string `json:"id"`
	}
	if err := c.do(ctx, http.MethodPost, "/api/v1/submissions", s, http.StatusAccepted, &out); err != nil {
		return "", err
	}
	if out.ID == "" {
		return "", errors.New("the server answered with no submission id")
	}
	return out.ID, nil
}

// Get returns a submission's JSON.
func (c *Client) Get(ctx context.Context, id string) (json.RawMessage, error) {
	var out json.RawMessage
	err := c.do(ctx, http.MethodGet, "/api/v1/submissions/"+url.PathEscape(id), nil, http.StatusOK, &out)
	return out, err
}

// ProblemTitle returns a problem's title, or "" if the server has none.
func (c *Client) ProblemTitle(ctx context.Context, slug string) string {
	var out struct {
		Problems []struct{ Slug, Title string } `json:"problems"`
	}
	if c.do(ctx, http.MethodGet, "/api/v1/problems", nil, http.StatusOK, &out) != nil {
		return ""
	}
	for _, p := range out.Problems {
		if p.Slug == slug {
			return p.Title
		}
	}
	return ""
}

// Follow streams a submission's events to fn until the verdict event,
// whose data it returns. A dropped stream is resumed after the last event
// seen (Last-Event-ID), waiting as the server's retry asks.
func (c *Client) Follow(ctx context.Context, id string, fn func(Event)) ([]byte, error) {
	last := ""
	retry := 2 * time.Second
	failures := 0
	for {
		final, err := c.follow(ctx, id, &last, &retry, fn)
		if final != nil {
			return final, nil
		}
		var se *StatusError
		if errors.As(err, &se) && se.Status < 500 {
			return nil, err
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if failures++; failures > 30 {
			return nil, fmt.Errorf("following submission %s: %w", id, err)
		}
		select {
		case <-time.After(retry):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

func (c *Client) follow(ctx context.Context, id string, last *string, retry *time.Duration, fn func(Event)) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimRight(c.BaseURL, "/")+"/api/v1/submissions/"+url.PathEscape(id)+"/events", nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.Token)
	req.Header.Set("Accept", "text/event-stream")
	if *last != "" {
		req.Header.Set("Last-Event-ID", *last)
	}
	resp, err := c.http().Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		var e struct {
			Error string `json:"error"`
		}
		_ = json.Unmarshal(data, &e)
		return nil, &StatusError{Status: resp.StatusCode, Msg: e.Error}
	}
	var final []byte
	err = ReadEvents(resp.Body, func(ev Event) bool {
		if ev.Retry != "" {
			var ms int
			if _, err := fmt.Sscan(ev.Retry, &ms); err == nil && ms > 0 {
				*retry = time.Duration(ms) * time.Millisecond
			}
		}
		if ev.Name == "" {
			return true
		}
		if ev.ID != "" {
			*last = ev.ID
		}
		if fn != nil {
			fn(ev)
		}
		if ev.Name == "verdict" {
			final = []byte(ev.Data)
			return false
		}
		return true
	})
	if final != nil {
		return final, nil
	}
	if err == nil {
		err = io.ErrUnexpectedEOF
	}
	return nil, err
}
