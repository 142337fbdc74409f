package client

import (
	"context"
	"net/http"
	"net/url"

	"github.com/puzzlejudge/judge/service/api"
)

// contestPath is the API path of a contest, or of the list with id "".
func contestPath(id string) string {
	if id == "" {
		return "/api/v1/contests"
	}
	return "/api/v1/contests/" + url.PathEscape(id)
}

// CreateContest creates a contest (an admin's token) and returns it.
func (c *Client) CreateContest(ctx context.Context, spec api.ContestSpec) (api.ContestView, error) {
	var out api.ContestView
	err := c.do(ctx, http.MethodPost, contestPath(""), spec, http.StatusCreated, &out)
	return out, err
}

// UpdateContest changes the fields spec gives of a contest (an admin's
// token) and returns it.
func (c *Client) UpdateContest(ctx context.Context, id string, spec api.ContestSpec) (api.ContestView, error) {
	var out api.ContestView
	err := c.do(ctx, http.MethodPatch, contestPath(id), spec, http.StatusOK, &out)
	return out, err
}

// DeleteContest deletes a contest without submissions (an admin's token).
func (c *Client) DeleteContest(ctx context.Context, id string) error {
	return c.do(ctx, http.MethodDelete, contestPath(id), nil, http.StatusNoContent, nil)
}

// Contests lists the contests.
func (c *Client) Contests(ctx context.Context) ([]api.ContestView, error) {
	var out struct {
		Contests []api.ContestView `json:"contests"`
	}
	err := c.do(ctx, http.MethodGet, contestPath(""), nil, http.StatusOK, &out)
	return out.Contests, err
}

// Contest returns one contest.
func (c *Client) Contest(ctx context.Context, id string) (api.ContestView, error) {
	var out api.ContestView
	err := c.do(ctx, http.MethodGet, contestPath(id), nil, http.StatusOK, &out)
	return out, err
}

// Standings returns a contest's standings as the token's user sees them.
func (c *Client) Standings(ctx context.Context, id string) (api.StandingsView, error) {
	var out api.StandingsView
	err := c.do(ctx, http.MethodGet, contestPath(id)+"/standings", nil, http.StatusOK, &out)
	return out, err
}
