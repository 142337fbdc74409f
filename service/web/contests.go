package web

import (
	"fmt"
	"net/http"
	"time"

	"github.com/puzzlejudge/judge/service/api"
)

// contestRow is a contest as the list shows it, with what comes next.
type contestRow struct {
	api.ContestView
	// Next says what comes next and when ("starts in 1h 05m"); Until is
	// that time, for the countdown the script keeps.
	Next  string
	Until time.Time
}

// countdown says what comes next for a contest at now.
func countdown(v api.ContestView, now time.Time) (string, time.Time) {
	var what string
	var at time.Time
	switch v.State {
	case api.ContestUpcoming:
		what, at = "starts in", time.Time(v.Start)
	case api.ContestRunning, api.ContestFrozen:
		what, at = "ends in", time.Time(v.End)
	default:
		return "", time.Time{}
	}
	return what + " " + span(at.Sub(now)), at
}

// span is a duration as the countdown writes it: "2d 03h", "1h 05m",
// "4m 09s".
func span(d time.Duration) string {
	d = max(d, 0).Round(time.Second)
	h, m, s := int(d/time.Hour), int(d/time.Minute)%60, int(d/time.Second)%60
	switch {
	case h >= 48:
		return fmt.Sprintf("%dd %02dh", h/24, h%24)
	case h > 0:
		return fmt.Sprintf("%dh %02dm", h, m)
	}
	return fmt.Sprintf("%dm %02ds", m, s)
}

func (h *Handler) contestList(w http.ResponseWriter, r *http.Request) {
	views, err := h.api.ContestViews(r.Context())
	if err != nil {
		h.fail(w, r, err)
		return
	}
	now := time.Now()
	rows := make([]contestRow, 0, len(views))
	for _, v := range views {
		next, until := countdown(v, now)
		rows = append(rows, contestRow{v, next, until})
	}
	h.render(w, r, http.StatusOK, "contests", "Contests", rows)
}

// contestProblemRow is a problem of the contest page, with the viewer's
// mark on it.
type contestProblemRow struct {
	api.ContestProblem
	Mark string
}

func (h *Handler) contestPage(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	v, err := h.api.ContestView(ctx, r.PathValue("id"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	marks, err := h.api.Marks(ctx, v.ID)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	langs, err := h.b.Languages(ctx)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	var rows []contestProblemRow
	for _, p := range v.Problems {
		rows = append(rows, contestProblemRow{p, marks[p.Slug]})
	}
	who := api.Who(ctx)
	open := v.State == api.ContestRunning || v.State == api.ContestFrozen || v.State == api.ContestPractice
	next, until := countdown(v, time.Now())
	h.render(w, r, http.StatusOK, "contest", v.Name, map[string]any{
		"Contest": contestRow{v, next, until}, "Problems": rows, "Languages": langs,
		"Open": who.Admin() || open && v.TakesPart, "Message": r.URL.Query().Get("error"),
	})
}

// standingsPage is the standings as a plain table; the script follows the
// stream and fetches the page again at each event.
func (h *Handler) standingsPage(w http.ResponseWriter, r *http.Request) {
	v, err := h.api.Standings(r.Context(), r.PathValue("id"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.render(w, r, http.StatusOK, "standings", "Standings: "+v.Name, newStandingsTable(v))
}

// standingsEvents serves the standings stream to the page's EventSource,
// authenticated by the session cookie.
func (h *Handler) standingsEvents(w http.ResponseWriter, r *http.Request) {
	h.toAPI(w, r, "/api/v1/contests/"+r.PathValue("id")+"/standings/events")
}

func (h *Handler) statsPage(w http.ResponseWriter, r *http.Request) {
	v, err := h.api.Standings(r.Context(), r.PathValue("id"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	label := r.PathValue("label")
	for i, st := range v.Stats {
		if st.Label == label {
			h.render(w, r, http.StatusOK, "stats", "Statistics: "+label, map[string]any{
				"Standings": v, "Problem": v.Problems[i], "Stats": st, "Languages": sortedLangs(st.ByLanguage),
			})
			return
		}
	}
	h.fail(w, r, api.Errorf(http.StatusNotFound, "label", "contest %s has no problem %q", v.Contest, label))
}
