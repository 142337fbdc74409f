package api

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// MaxClarText bounds a question, an answer or an announcement, in
// characters.
const MaxClarText = 4000

// postClarification is POST /api/v1/clarifications: a user's question.
func (s *Server) postClarification(w http.ResponseWriter, r *http.Request) {
	var in NewClarification
	if err := s.decode(w, r, &in); err != nil {
		writeError(w, err)
		return
	}
	v, err := s.Ask(r.Context(), Who(r.Context()), in)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, v)
}

// postAnnouncement is POST /api/v1/announcements (admin).
func (s *Server) postAnnouncement(w http.ResponseWriter, r *http.Request) {
	var in NewClarification
	if err := s.decode(w, r, &in); err != nil {
		writeError(w, err)
		return
	}
	v, err := s.Announce(r.Context(), Who(r.Context()), in)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, v)
}

// answerClarification is POST /api/v1/clarifications/{id}/answer (admin).
func (s *Server) answerClarification(w http.ResponseWriter, r *http.Request) {
	var in ClarAnswer
	if err := s.decode(w, r, &in); err != nil {
		writeError(w, err)
		return
	}
	v, err := s.Answer(r.Context(), Who(r.Context()), r.PathValue("id"), in)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// listClarifications is GET /api/v1/clarifications[?contest=].
func (s *Server) listClarifications(w http.ResponseWriter, r *http.Request) {
	vs, err := s.ClarViews(r.Context(), Who(r.Context()), r.URL.Query().Get("contest"))
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"clarifications": vs})
}

// Ask checks (its contest and problem as admitClar does), rate-limits
// and stores a question as POST does, for the web page's form too.
func (s *Server) Ask(ctx context.Context, who Principal, in NewClarification) (ClarView, error) {
	in, err := s.checkClar(in)
	if err != nil {
		return ClarView{}, err
	}
	if in, err = s.admitClar(ctx, who, in); err != nil {
		return ClarView{}, err
	}
	if !who.Admin() {
		if ok, after := s.clarRate.take(who.User, 1); !ok {
			return ClarView{}, &Error{Status: http.StatusTooManyRequests, Field: "text", RetryAfter: after,
				Msg: fmt.Sprintf("over %d questions per %s", s.opt.ClarRate, s.opt.ClarWindow)}
		}
	}
	c, err := s.b.AskClarification(ctx, who, in)
	return s.shownClar(who, c, err)
}

// Announce checks (its contest and problem as admitClar does) and stores
// an announcement (admins only).
func (s *Server) Announce(ctx context.Context, who Principal, in NewClarification) (ClarView, error) {
	if !who.Admin() {
		return ClarView{}, Errorf(http.StatusForbidden, "", "needs an admin token")
	}
	in, err := s.checkClar(in)
	if err != nil {
		return ClarView{}, err
	}
	if in, err = s.admitClar(ctx, who, in); err != nil {
		return ClarView{}, err
	}
	c, err := s.b.Announce(ctx, who, in)
	return s.shownClar(who, c, err)
}

// Answer checks and stores an answer to question id (admins only).
func (s *Server) Answer(ctx context.Context, who Principal, id string, in ClarAnswer) (ClarView, error) {
	if !who.Admin() {
		return ClarView{}, Errorf(http.StatusForbidden, "", "needs an admin token")
	}
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil || n <= 0 {
		return ClarView{}, Errorf(http.StatusNotFound, "id", "no clarification %q", id)
	}
	if in.Text, err = checkClarText(in.Text); err != nil {
		return ClarView{}, err
	}
	c, err := s.b.AnswerClarification(ctx, who, n, in)
	if err != nil {
		if e := asError(err); e.Status == http.StatusConflict && e.Field == "" {
			err = Errorf(http.StatusConflict, "id", "clarification %d is an announcement, not a question", n)
		} else if e.Status == http.StatusNotFound && e.Field == "" {
			err = Errorf(http.StatusNotFound, "id", "no clarification %d", n)
		}
	}
	return s.shownClar(who, c, err)
}

// ClarViews lists what who may see, newest first; contest, when set,
// keeps that contest's and the general ones.
func (s *Server) ClarViews(ctx context.Context, who Principal, contest string) ([]ClarView, error) {
	if contest != "" {
		if err := checkSlug("contest", contest); err != nil {
			return nil, err
		}
	}
	cs, err := s.b.Clarifications(ctx, ClarQuery{Viewer: who, Contest: contest})
	if err != nil {
		return nil, err
	}
	out := make([]ClarView, 0, len(cs))
	for _, c := range cs {
		if v, ok := ShowClarification(who, c); ok {
			out = append(out, v)
		}
	}
	return out, nil
}

// shownClar is what the backend returned as who sees it.
func (s *Server) shownClar(who Principal, c Clarification, err error) (ClarView, error) {
	if err != nil {
		return ClarView{}, err
	}
	v, _ := ShowClarification(who, c)
	return v, nil
}

// checkClar checks a new question or announcement and returns it with
// its text trimmed.
func (s *Server) checkClar(in NewClarification) (NewClarification, error) {
	if in.Contest != "" {
		if err := checkSlug("contest", in.Contest); err != nil {
			return in, err
		}
	}
	if in.Problem != "" {
		if err := checkSlug("problem", in.Problem); err != nil {
			return in, err
		}
	}
	var err error
	in.Text, err = checkClarText(in.Text)
	return in, err
}

// checkClarText trims a text and checks it holds 1 to MaxClarText
// characters and no NUL (which PostgreSQL cannot store).
func checkClarText(text string) (string, error) {
	t := strings.TrimSpace(text)
	switch {
	case t == "":
		return "", Errorf(http.StatusUnprocessableEntity, "text", "missing")
	case utf8.RuneCountInString(t) > MaxClarText:
		return "", Errorf(http.StatusUnprocessableEntity, "text", "%d characters, at most %d", utf8.RuneCountInString(t), MaxClarText)
	case strings.ContainsRune(t, 0):
		return "", Errorf(http.StatusUnprocessableEntity, "text", "holds a NUL character")
	}
	return t, nil
}

// checkSlug checks a contest's id or a problem's slug: 1 to 100 letters,
// digits and ._- not starting with a dot.
func checkSlug(field, s string) error {
	ok := s != "" && len(s) <= 100 && s[0] != '.'
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			ok = false
		}
	}
	if !ok {
		if len(s) > 100 {
			s = s[:100] + "…"
		}
		return Errorf(http.StatusUnprocessableEntity, field, "%q is not a %s: use 1 to 100 letters, digits and ._-", s, field)
	}
	return nil
}

// clarDefaults fills the question rate's defaults.
func clarDefaults(opt *Options) {
	if opt.ClarRate == 0 {
		opt.ClarRate = 20
	}
	if opt.ClarWindow <= 0 {
		opt.ClarWindow = 10 * time.Minute
	}
}
