package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/service/api"
)

// TestStandingsPageNames: the standings page shows each team by its
// display name (the account's name in the cell's title), and names the
// freeze's time: to a user as frozen, to an admin (who sees it live) as
// frozen for users; nothing once thawed.
func TestStandingsPageNames(t *testing.T) {
	freeze := api.Stamp(time.Date(2026, 4, 1, 14, 0, 0, 0, time.UTC))
	rows := []api.StandingsRow{{Rank: 1, Team: "ann", DisplayName: "Ann's <Team>", Cells: []api.StandingsCell{{Label: "A"}}}}
	problems := []api.StandingsProblem{{Label: "A", Slug: "a-plus-b"}}
	for _, c := range []struct {
		name          string
		frozen        bool
		state         string
		want, wantNot string
	}{
		{"a user's, frozen", true, api.ContestFrozen,
			`The scoreboard is frozen since 14:00 UTC; results after the freeze are shown as pending`, "you see it live"},
		{"an admin's, live", false, api.ContestFrozen, `The scoreboard is frozen for users since 14:00 UTC; you see it live.`, "frozen since"},
		{"over", false, api.ContestOver, "", "frozen"},
	} {
		v := api.StandingsView{Contest: "spring-26", Name: "Spring", State: c.state, Scoring: "icpc", Frozen: c.frozen,
			Freeze: freeze, Problems: problems, Rows: rows}
		html := renderPage(t, "standings", newStandingsTable(v))
		if !strings.Contains(html, `<td title="ann">Ann&#39;s &lt;Team&gt;</td>`) {
			t.Errorf("%s: the row does not show the display name\n%s", c.name, html)
		}
		if c.want != "" && !strings.Contains(html, c.want) || strings.Contains(html, c.wantNot) {
			t.Errorf("%s: want %q and not %q\n%s", c.name, c.want, c.wantNot, html)
		}
	}
}

// TestContestPageLinksClarifications: the contest page links to the
// contest's clarifications.
func TestContestPageLinksClarifications(t *testing.T) {
	v := api.ContestView{ID: "spring-26", Name: "Spring", State: api.ContestRunning, Scoring: "icpc"}
	html := renderPage(t, "contest", map[string]any{"Contest": contestRow{ContestView: v}})
	if !strings.Contains(html, `<a href="/clarifications?contest=spring-26" id="contest-clarifications">Clarifications</a>`) {
		t.Errorf("the contest page does not link to its clarifications\n%s", html)
	}
}

// clarPagesBackend offers two problems; the rest of api.Backend is not
// used by what it is given to.
type clarPagesBackend struct{ api.Backend }

func (clarPagesBackend) Problems(context.Context) ([]api.Problem, error) {
	return []api.Problem{{Slug: "a-plus-b", Title: "A plus B"}, {Slug: "flip-game", Title: "Flip game"}}, nil
}

// clarPagesContests holds the contests; the rest of api.ContestBackend
// is not used.
type clarPagesContests struct {
	api.ContestBackend
	all []api.Contest
}

func (c clarPagesContests) Contests(context.Context) ([]api.Contest, error) { return c.all, nil }

func (c clarPagesContests) Contest(_ context.Context, id string) (api.Contest, error) {
	for _, x := range c.all {
		if x.ID == id {
			return x, nil
		}
	}
	return api.Contest{}, api.ErrNotFound
}

// TestClarificationChoices: the clarifications page of a contest offers
// its problems by label (none to a user while the contest hides them);
// the general page offers every problem a user may see, by slug.
func TestClarificationChoices(t *testing.T) {
	later := time.Now().Add(time.Hour)
	contests := clarPagesContests{all: []api.Contest{
		{ID: "open", Name: "Open", Scoring: "icpc", Problems: []api.ContestProblem{{Label: "A", Slug: "flip-game"}, {Label: "B", Slug: "a-plus-b"}}},
		{ID: "later", Name: "Later", Scoring: "icpc", Start: later, End: later.Add(time.Hour), HideProblems: true,
			Problems: []api.ContestProblem{{Label: "A", Slug: "a-plus-b"}}},
	}}
	b := clarPagesBackend{}
	h := &Handler{b: b, api: api.New(b, api.Options{Contests: contests})}
	user := api.WithPrincipal(context.Background(), api.Principal{User: "ann", Role: api.RoleUser})
	admin := api.WithPrincipal(context.Background(), api.Principal{User: "root", Role: api.RoleAdmin})
	for _, c := range []struct {
		name, contest string
		ctx           context.Context
		want          string
	}{
		{"a contest's", "open", user, "A=A · Flip game, B=B · A plus B"},
		{"a hidden contest's, to a user", "later", user, ""},
		{"a hidden contest's, to an admin", "later", admin, "A=A · A plus B"},
		{"in general, to a user", "", user, "flip-game=flip-game · Flip game"},
		{"in general, to an admin", "", admin, "a-plus-b=a-plus-b · A plus B, flip-game=flip-game · Flip game"},
	} {
		got, err := h.clarChoices(c.ctx, c.contest)
		var s []string
		for _, ch := range got {
			s = append(s, ch.Value+"="+ch.Text)
		}
		if err != nil || strings.Join(s, ", ") != c.want {
			t.Errorf("%s: %v %v, want %s", c.name, s, err, c.want)
		}
	}
	if _, err := h.clarChoices(user, "nope"); err == nil {
		t.Error("the clarifications of no contest: no error")
	}
	choices, _ := h.clarChoices(user, "open")
	html := renderPage(t, "clarifications", clarPage{Contest: "open", Problems: choices})
	if !strings.Contains(html, `<option value="A">A · Flip game</option>`) || !strings.Contains(html, `<input type="hidden" name="contest" value="open">`) {
		t.Errorf("the ask form of a contest's page\n%s", html)
	}
}
