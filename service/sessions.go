package service

import (
	"context"

	"github.com/puzzlejudge/judge/service/api"
	"github.com/puzzlejudge/judge/service/store"
	"github.com/puzzlejudge/judge/service/web"
)

// sessions keeps the web page's sign-in sessions in the store (see
// store.Session): the browser's cookie holds only a session's id, never a
// token, and a session ends on sign-out, at its expiry, when its token is
// revoked or its account disabled, for every server sharing the store at
// once (sessions are not cached).
type sessions struct {
	st     store.Store
	limits store.SessionLimits
}

// webSession converts a stored session.
func webSession(id string, s store.Session) web.Session {
	return web.Session{ID: id, Principal: api.Principal{User: s.User.Name, Role: string(s.User.Role)}, Expires: s.ExpiresAt}
}

// SignIn opens a session for the holder of token.
func (s sessions) SignIn(ctx context.Context, token string) (web.Session, error) {
	id, ses, err := s.st.CreateSession(ctx, token, s.limits)
	if err != nil {
		return web.Session{}, storeErr(err)
	}
	return webSession(id, ses), nil
}

// Resume finds a live session by its id.
func (s sessions) Resume(ctx context.Context, id string) (web.Session, error) {
	ses, err := s.st.ResumeSession(ctx, id)
	if err != nil {
		return web.Session{}, storeErr(err)
	}
	return webSession(id, ses), nil
}

// SignOut ends a session.
func (s sessions) SignOut(ctx context.Context, id string) error {
	return storeErr(s.st.EndSession(ctx, id))
}
