package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlejudge/judge/core/feedback"
	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/core/judging"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/service/api"
)

// funcs are the templates' helpers; each returns text that html/template
// escapes (a statement's HTML comes from renderStatement).
var funcs = template.FuncMap{
	"size": func(kb int64) string { return figures.Size(kb << 10) },
	"ms":   figures.Millis,
	// langTime is a problem's time limit for a language: the base limit
	// times the language's multiplier, the multiplier named when not 1.
	"langTime": func(ms int64, mult float64) string {
		t := figures.Millis(int64(float64(ms) * mult))
		if mult != 1 {
			t += " (" + strconv.FormatFloat(mult, 'g', -1, 64) + "×)"
		}
		return t
	},
	// when takes a time.Time or the API's Stamp.
	"when": func(v any) string {
		var t time.Time
		switch x := v.(type) {
		case time.Time:
			t = x
		case api.Stamp:
			t = time.Time(x)
		}
		if t.IsZero() {
			return ""
		}
		return t.UTC().Format("2006-01-02 15:04:05 UTC")
	},
	"mem": figures.Memory,
	// add is n+m, for a column span.
	"add": func(n, m int) int { return n + m },
	// stamp is an API time as the contest pages write it.
	"stamp": func(s api.Stamp) string {
		t := time.Time(s)
		if t.IsZero() {
			return ""
		}
		return t.UTC().Format("2006-01-02 15:04 UTC")
	},
	"minutes":     func(secs *float64) int { return int(*secs / 60) },
	"verdictLong": verdict.Verdict.Long,
	"firstLine":   firstLine,
	// verdictClass takes a report's verdict.Verdict or the API's string.
	"verdictClass": func(v any) string {
		switch fmt.Sprint(v) {
		case "AC":
			return "good"
		case "":
			return "pending"
		}
		return "bad"
	},
}

// verdictNames maps each verdict to its long name, as JSON for the page's
// script, which writes "WA (Wrong Answer)" as the CLI does.
var verdictNames = func() string {
	m := map[string]string{}
	for _, v := range verdict.All() {
		m[string(v)] = v.Long()
	}
	b, _ := json.Marshal(m)
	return string(b)
}()

// parsePages parses every page with the shared layout.
func parsePages() (map[string]*template.Template, error) {
	layout, err := template.New("layout.html").Funcs(funcs).ParseFS(templateFS, "templates/layout.html")
	if err != nil {
		return nil, fmt.Errorf("web: templates: %w", err)
	}
	pages := map[string]*template.Template{}
	for _, name := range []string{"signin", "problems", "problem", "submissions", "submission", "admin", "error", "users", "issued", "credentials",
		"contests", "contest", "standings", "stats", "admin_contests", "clarifications"} {
		t, err := template.Must(layout.Clone()).ParseFS(templateFS, "templates/"+name+".html")
		if err != nil {
			return nil, fmt.Errorf("web: templates: %w", err)
		}
		pages[name] = t
	}
	return pages, nil
}

// page is what every page gets besides its own data.
type page struct {
	Title string
	Who   api.Principal
	CSRF  string
	Data  any
}

// render writes a page, or a plain error if the template fails.
func (h *Handler) render(w http.ResponseWriter, r *http.Request, status int, name, title string, data any) {
	p := page{Title: title, Who: api.Who(r.Context()), Data: data}
	if id := sessionID(r); id != "" {
		p.CSRF = h.csrf(id)
	}
	var b bytes.Buffer
	if err := h.pages[name].ExecuteTemplate(&b, "layout.html", p); err != nil {
		slog.Error("web: render", "page", name, "err", err)
		http.Error(w, "the page could not be rendered", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
}

// fail renders an error page with the status an API error maps to.
func (h *Handler) fail(w http.ResponseWriter, r *http.Request, err error) {
	status := http.StatusInternalServerError
	var e *api.Error
	switch {
	case asAPIError(err, &e):
		status = e.Status
	case isNotFound(err):
		status = http.StatusNotFound
	}
	h.render(w, r, status, "error", http.StatusText(status), map[string]any{"Status": status, "Message": err.Error()})
}

// testRow is a row of the submission page's tests: a test of the report
// as its viewer may see it, one lazy judging did not run (an earlier one
// failed), or one still to be judged.
type testRow struct {
	Name     string
	Verdict  verdict.Verdict
	TimeMs   int64
	MemoryKB int64
	// Message is the test's message as the viewer sees it (a hidden
	// test's is its team message); Diff its diff, when shown.
	Message string
	Diff    *judging.DiffReport
	// NotRun marks a test lazy judging did not run.
	NotRun bool
}

// rowOf is the row of a test of a report.
func rowOf(t feedback.Test) testRow {
	if w := t.Whole; w != nil {
		return testRow{Name: w.Name, Verdict: w.Verdict, TimeMs: w.TimeMs, MemoryKB: w.MemoryKB, Message: w.Message, Diff: w.Diff}
	}
	h := t.Hidden
	return testRow{Name: h.Name, Verdict: h.Verdict, TimeMs: h.TimeMs, MemoryKB: h.MemoryKB, Message: h.Message}
}

// testRows are the rows of a done submission's tests: those judged, in
// order, then those not run.
func testRows(r *feedback.Report) []testRow {
	rows := make([]testRow, 0, len(r.Tests)+len(r.NotRun))
	for _, t := range r.Tests {
		rows = append(rows, rowOf(t))
	}
	for _, name := range r.NotRun {
		rows = append(rows, testRow{Name: name, NotRun: true})
	}
	return rows
}

// firstLine is a message's first line, as the CLI shows it.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}
