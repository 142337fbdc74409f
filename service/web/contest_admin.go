package web

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlejudge/judge/service/api"
)

// contestForm is the organiser's form of a contest, as its fields hold
// it: times in UTC, durations as Go writes them ("5h0m0s" reads back).
type contestForm struct {
	New                             bool
	ID, Name, Start, Duration       string
	Problems, Scoring, Freeze       string
	Penalty, Participants           string
	Practice, CountCE, ShowProblems bool
}

// formOf fills the form with a contest's settings.
func formOf(v api.ContestView) contestForm {
	f := contestForm{ID: v.ID, Name: v.Name, Scoring: v.Scoring, Penalty: strconv.Itoa(v.PenaltyMinutes),
		Practice: v.State == api.ContestPractice, CountCE: v.CountCompileErrors, ShowProblems: !v.HideProblemsBeforeStart,
		Participants: strings.Join(v.Participants, ", ")}
	if !f.Practice {
		start, end := time.Time(v.Start), time.Time(v.End)
		f.Start = start.UTC().Format(time.RFC3339)
		f.Duration = end.Sub(start).String()
	}
	if v.FreezeSeconds > 0 {
		f.Freeze = (time.Duration(v.FreezeSeconds) * time.Second).String()
	}
	var ps []string
	for _, p := range v.Problems {
		ps = append(ps, p.Label+"="+p.Slug)
	}
	f.Problems = strings.Join(ps, ", ")
	return f
}

// spec reads the posted form into the API's body: every setting given,
// so an edit replaces them all.
func (f contestForm) spec(now time.Time) (api.ContestSpec, error) {
	sp := api.ContestSpec{Name: &f.Name, Scoring: &f.Scoring, CountCompileErrors: &f.CountCE}
	hide := !f.ShowProblems
	sp.HideProblemsBeforeStart = &hide
	if f.Practice {
		sp.Practice = &f.Practice
	} else {
		start, err := parseStart(f.Start, now)
		if err != nil {
			return sp, err
		}
		d, err := time.ParseDuration(strings.TrimSpace(f.Duration))
		if err != nil || d <= 0 {
			return sp, api.Errorf(http.StatusUnprocessableEntity, "duration", "%q: want a length such as 5h or 90m", f.Duration)
		}
		secs := int64(d / time.Second)
		sp.Start, sp.DurationSeconds = &start, &secs
	}
	var freeze int64
	if v := strings.TrimSpace(f.Freeze); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			return sp, api.Errorf(http.StatusUnprocessableEntity, "freeze", "%q: want a length such as 1h, or nothing", f.Freeze)
		}
		freeze = int64(d / time.Second)
	}
	sp.FreezeSeconds = &freeze
	penalty, err := strconv.Atoi(strings.TrimSpace(f.Penalty))
	if err != nil {
		return sp, api.Errorf(http.StatusUnprocessableEntity, "penalty", "%q: want whole minutes", f.Penalty)
	}
	sp.PenaltyMinutes = &penalty
	ps, err := api.ParseProblems(f.Problems)
	if err != nil {
		return sp, err
	}
	sp.Problems = &ps
	users := strings.FieldsFunc(f.Participants, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\r' || r == '\t' })
	if len(users) == 0 {
		everyone := true
		sp.Everyone = &everyone
	} else {
		sp.Participants = &users
	}
	return sp, nil
}

// parseStart reads the form's start: RFC 3339, "now", or a
// datetime-local value (2026-04-01T10:00) taken as UTC.
func parseStart(s string, now time.Time) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "now" {
		return now.UTC().Truncate(time.Second), nil
	}
	for _, layout := range []string{time.RFC3339, "2006-01-02T15:04", "2006-01-02T15:04:05", "2006-01-02 15:04"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, api.Errorf(http.StatusUnprocessableEntity, "start", "%q: want a UTC time such as 2026-04-01T10:00:00Z, or now", s)
}

// readForm reads the posted contest form.
func readForm(r *http.Request) contestForm {
	v := r.PostFormValue
	return contestForm{ID: strings.TrimSpace(v("id")), Name: strings.TrimSpace(v("name")), Start: v("start"),
		Duration: v("duration"), Problems: v("problems"), Scoring: v("scoring"), Freeze: v("freeze"),
		Penalty: v("penalty"), Participants: v("participants"), Practice: v("practice") != "",
		CountCE: v("count_ce") != "", ShowProblems: v("show_problems") != ""}
}

// adminContests lists the contests with the form for a new one.
func (h *Handler) adminContests(w http.ResponseWriter, r *http.Request) {
	h.renderContestAdmin(w, r, http.StatusOK, contestForm{New: true, Scoring: "icpc", Penalty: strconv.Itoa(api.DefaultPenaltyMinutes), Duration: "5h"}, "")
}

// adminContest shows the form of one contest.
func (h *Handler) adminContest(w http.ResponseWriter, r *http.Request) {
	v, err := h.api.ContestView(r.Context(), r.PathValue("id"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	msg := ""
	if r.URL.Query().Get("saved") != "" {
		msg = "Saved."
	}
	h.renderContestAdmin(w, r, http.StatusOK, formOf(v), msg)
}

func (h *Handler) renderContestAdmin(w http.ResponseWriter, r *http.Request, status int, f contestForm, msg string) {
	views, err := h.api.ContestViews(r.Context())
	if err != nil {
		h.fail(w, r, err)
		return
	}
	title := "Contests"
	if !f.New {
		title = "Contest " + f.ID
	}
	h.render(w, r, status, "admin_contests", title, map[string]any{"Contests": views, "Form": f, "Message": msg})
}

// saveContest creates (POST /admin/contests) or edits (POST
// /admin/contests/{id}) a contest from the form; a refusal shows the form
// again with the message.
func (h *Handler) saveContest(w http.ResponseWriter, r *http.Request) {
	f := readForm(r)
	id := r.PathValue("id")
	f.New = id == ""
	if !f.New {
		f.ID = id
	}
	sp, err := f.spec(time.Now())
	if err == nil {
		if f.New {
			sp.ID = &f.ID
			_, err = h.api.CreateContest(r.Context(), sp)
		} else {
			_, err = h.api.UpdateContest(r.Context(), id, sp)
		}
	}
	if errors.Is(err, api.ErrConflict) {
		h.renderContestAdmin(w, r, http.StatusConflict, f, "contest "+f.ID+" exists already")
		return
	}
	var e *api.Error
	if err != nil && errors.As(err, &e) && e.Status < 500 && e.Status != http.StatusForbidden {
		h.renderContestAdmin(w, r, http.StatusUnprocessableEntity, f, e.Error())
		return
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	http.Redirect(w, r, "/admin/contests/"+url.PathEscape(f.ID)+"?saved=1", http.StatusSeeOther)
}
