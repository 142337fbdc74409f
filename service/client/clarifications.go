package client

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
)

// Clarification is a question with its answer, or an announcement, as
// the server shows it to this client's user.
type Clarification struct {
	ID         int64  `json:"id"`
	Kind       string `json:"kind"` // question, answer or announcement
	Contest    string `json:"contest"`
	Problem    string `json:"problem"`
	From       string `json:"from"`
	Mine       bool   `json:"mine"`
	Question   string `json:"question"`
	Answer     string `json:"answer"`
	ToAll      bool   `json:"to_all"`
	AnsweredBy string `json:"answered_by"`
	CreatedAt  string `json:"created_at"`
	AnsweredAt string `json:"answered_at"`
	Seq        int64  `json:"seq"`
}

// NewClarification is a question or an announcement; Contest and
// Problem are empty for a general one.
type NewClarification struct {
	Contest string `json:"contest,omitempty"`
	Problem string `json:"problem,omitempty"`
	Text    string `json:"text"`
}

// Ask asks the jury a question.
func (c *Client) Ask(ctx context.Context, q NewClarification) (Clarification, error) {
	var out Clarification
	err := c.do(ctx, http.MethodPost, "/api/v1/clarifications", q, http.StatusCreated, &out)
	return out, err
}

// Announce makes an announcement (an admin token).
func (c *Client) Announce(ctx context.Context, a NewClarification) (Clarification, error) {
	var out Clarification
	err := c.do(ctx, http.MethodPost, "/api/v1/announcements", a, http.StatusCreated, &out)
	return out, err
}

// Answer answers question id, to its asker or, toAll, to everyone (an
// admin token).
func (c *Client) Answer(ctx context.Context, id int64, text string, toAll bool) (Clarification, error) {
	var out Clarification
	body := map[string]any{"text": text, "to_all": toAll}
	err := c.do(ctx, http.MethodPost, "/api/v1/clarifications/"+strconv.FormatInt(id, 10)+"/answer", body, http.StatusOK, &out)
	return out, err
}

// Clarifications lists what the user may see, newest first; contest,
// when set, keeps that contest's and the general ones.
func (c *Client) Clarifications(ctx context.Context, contest string) ([]Clarification, error) {
	path := "/api/v1/clarifications"
	if contest != "" {
		path += "?contest=" + url.QueryEscape(contest)
	}
	var out struct {
		Clarifications []Clarification `json:"clarifications"`
	}
	err := c.do(ctx, http.MethodGet, path, nil, http.StatusOK, &out)
	return out.Clarifications, err
}
