package web

import (
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
