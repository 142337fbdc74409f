package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"sync/atomic"
	"time"
)

// client talks to the service's HTTP API with plain requests, as any
// client would.
type client struct {
	base string
	hc   *http.Client
	// accepted counts the submissions the service accepted (202).
	accepted atomic.Int64
}

func newClient(base string) *client {
	tr := &http.Transport{
		DialContext:         (&net.Dialer{Timeout: 10 * time.Second}).DialContext,
		MaxIdleConns:        2048,
		MaxIdleConnsPerHost: 2048,
		IdleConnTimeout:     90 * time.Second,
	}
	return &client{base: base, hc: &http.Client{Transport: tr}}
}

// view is the part of a submission's JSON the benchmark reads.
type view struct {
	ID         string     `json:"id"`
	User       string     `json:"user"`
	State      string     `json:"state"`
	Attempt    int        `json:"attempt"`
	Verdict    string     `json:"verdict"`
	CreatedAt  *time.Time `json:"created_at"`
	StartedAt  *time.Time `json:"started_at"`
	FinishedAt *time.Time `json:"finished_at"`
	// ElapsedMs is the worker's own timing of its grading (the report's).
	ElapsedMs float64 `json:"elapsed_ms"`
}

// post submits a C source to a-plus-b (or another problem) and returns
// the HTTP status and, on 202, the submission's id.
func (c *client) post(ctx context.Context, token, problem, source string) (int, string, error) {
	body, _ := json.Marshal(map[string]string{"problem": problem, "language": "c", "source": source})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/api/v1/submissions", bytes.NewReader(body))
	if err != nil {
		return 0, "", err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.hc.Do(req)
	if err != nil {
		return 0, "", fmt.Errorf("POST /api/v1/submissions: %w", err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, "", fmt.Errorf("POST /api/v1/submissions: %w", err)
	}
	if resp.StatusCode != http.StatusAccepted {
		return resp.StatusCode, "", nil
	}
	c.accepted.Add(1)
	var v view
	if err := json.Unmarshal(b, &v); err != nil || v.ID == "" {
		return resp.StatusCode, "", fmt.Errorf("POST /api/v1/submissions: 202 without an id: %.200s", b)
	}
	return resp.StatusCode, v.ID, nil
}

// get fetches a submission; with wait > 0 the server holds the answer
// until it is done or wait runs out.
func (c *client) get(ctx context.Context, token, id string, wait time.Duration) (view, error) {
	u := c.base + "/api/v1/submissions/" + url.PathEscape(id)
	if wait > 0 {
		u += "?wait=" + wait.String()
	}
	var v view
	err := c.getJSON(ctx, token, u, &v)
	return v, err
}

// waitDone gets a submission until it is done, for up to within.
func (c *client) waitDone(ctx context.Context, token, id string, within time.Duration) (view, error) {
	end := time.Now().Add(within)
	for {
		v, err := c.get(ctx, token, id, 30*time.Second)
		if err != nil || v.State == "done" {
			return v, err
		}
		if time.Now().After(end) {
			return v, fmt.Errorf("submission %s still %s after %s", id, v.State, within)
		}
	}
}

// list returns every submission the admin token sees, newest first.
func (c *client) list(ctx context.Context, admin string) ([]view, error) {
	var all []view
	cursor := ""
	for {
		u := c.base + "/api/v1/submissions?limit=200"
		if cursor != "" {
			u += "&cursor=" + url.QueryEscape(cursor)
		}
		var page struct {
			Submissions []view `json:"submissions"`
			Next        string `json:"next"`
		}
		if err := c.getJSON(ctx, admin, u, &page); err != nil {
			return nil, err
		}
		all = append(all, page.Submissions...)
		if page.Next == "" {
			return all, nil
		}
		cursor = page.Next
	}
}

// metrics returns the text of /metrics.
func (c *client) metrics(ctx context.Context, token string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/metrics", nil)
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := c.hc.Do(req)
	if err != nil {
		return "", fmt.Errorf("GET /metrics: %w", err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("GET /metrics: %d %v", resp.StatusCode, err)
	}
	return string(b), nil
}

func (c *client) getJSON(ctx context.Context, token, u string, into any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := c.hc.Do(req)
	if err != nil {
		return fmt.Errorf("GET %s: %w", req.URL.Path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return fmt.Errorf("GET %s: %w", req.URL.Path, err)
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %d %.200s", req.URL.Path, resp.StatusCode, b)
	}
	if err := json.Unmarshal(b, into); err != nil {
		return fmt.Errorf("GET %s: %w", req.URL.Path, err)
	}
	return nil
}
