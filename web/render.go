package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/puzzlejudge/judge/api"
	"github.com/puzzlejudge/judge/problem"
	clireport "github.com/puzzlejudge/judge/report"
	"github.com/puzzlejudge/judge/verdict"
)

// funcs are the templates' helpers; each returns text that html/template
// escapes (a statement's HTML comes from renderStatement).
var funcs = template.FuncMap{
	"size": func(kb int64) string { return problem.FormatSize(kb << 10) },
	"ms":   func(v int64) string { return fmt.Sprintf("%d ms", v) },
	"when": func(t time.Time) string {
		if t.IsZero() {
			return ""
		}
		return t.UTC().Format("2006-01-02 15:04:05 UTC")
	},
	"mem":         clireport.Memory, // the CLI's rule for memory figures
	"verdictLong": func(v string) string { return verdict.Verdict(v).Long() },
	"firstLine":   firstLine,
	"verdictClass": func(v string) string {
		switch v {
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
	for _, name := range []string{"signin", "problems", "problem", "submissions", "submission", "admin", "error"} {
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
	if tok := session(r); tok != "" {
		p.CSRF = h.csrf(tok)
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

// report is a done submission's report as the page shows it: the fields
// of the report JSON (grade.Report's contract) the page needs.
type report struct {
	Verdict     string        `json:"verdict"`
	Compile     compileReport `json:"compile"`
	Tests       []testRow     `json:"tests"`
	NotRun      []string      `json:"not_run"`
	MaxTimeMs   int64         `json:"max_time_ms"`
	MaxMemoryKB int64         `json:"max_memory_kb"`
	Limits      limitsReport  `json:"limits"`
	Measurement struct {
		Memory string `json:"memory"`
		CPU    string `json:"cpu"`
	} `json:"measurement"`
	Sandbox  string   `json:"sandbox"`
	Warnings []string `json:"warnings"`
	Error    string   `json:"error"`
	// Score, MaxScore and Groups are a scoring problem's (nil and none
	// for a pass-fail one).
	Score    *float64   `json:"score"`
	MaxScore *float64   `json:"max_score"`
	Groups   []groupRow `json:"groups"`
}

// ScoreText is the report's score as the CLI writes it ("30/50"), "" for
// a pass-fail problem.
func (r *report) ScoreText() string {
	if r.Score == nil {
		return ""
	}
	return clireport.Score(*r.Score, r.MaxScore)
}

// groupRow is one group of a scoring problem's tests.
type groupRow struct {
	Name     string   `json:"name"`
	Verdict  string   `json:"verdict"`
	Score    float64  `json:"score"`
	MaxScore *float64 `json:"max_score"`
}

// ScoreText is the group's score as the CLI writes it.
func (g groupRow) ScoreText() string { return clireport.Score(g.Score, g.MaxScore) }

// Passed counts the accepted tests.
func (r *report) Passed() int {
	n := 0
	for _, t := range r.Tests {
		if t.Verdict == "AC" {
			n++
		}
	}
	return n
}

// FirstBad names the first test not accepted, as the CLI's summary does.
func (r *report) FirstBad() string {
	for _, t := range r.Tests {
		if t.Verdict != "AC" {
			return t.Name
		}
	}
	return ""
}

type compileReport struct {
	OK     bool   `json:"ok"`
	TimeMs int64  `json:"time_ms"`
	Output string `json:"output"`
	Cached bool   `json:"cached"`
}

type testRow struct {
	Name     string `json:"name"`
	Verdict  string `json:"verdict"`
	TimeMs   int64  `json:"time_ms"`
	MemoryKB int64  `json:"memory_kb"`
	Message  string `json:"message"`
	Sample   bool   `json:"sample"`
	Diff     *struct {
		Text string
	} `json:"diff"`
	// NotRun marks a test lazy judging did not run: an earlier one failed.
	NotRun bool `json:"-"`
}

type limitsReport struct {
	TimeMs    int64    `json:"time_ms"`
	WallMs    int64    `json:"wall_ms"`
	MemoryKB  int64    `json:"memory_kb"`
	OutputKB  int64    `json:"output_kb"`
	Overrides []string `json:"overrides"`
}

// Override reports whether a limit (time_ms, memory_kb) was given for the
// run instead of the problem's.
func (l limitsReport) Override(key string) bool { return slices.Contains(l.Overrides, key) }

func parseReport(raw json.RawMessage) *report {
	if len(raw) == 0 {
		return nil
	}
	var r report
	if json.Unmarshal(raw, &r) != nil {
		return nil
	}
	return &r
}

// firstLine is a message's first line, as the CLI shows it.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}
