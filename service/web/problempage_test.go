package web

import (
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/service/api"
)

// TestProblemPageLanguages: the problem page shows each offered
// language's time limit (the base limit times its multiplier, named when
// not 1) and its compiler's version, and the menu offers those languages.
func TestProblemPageLanguages(t *testing.T) {
	v := problemView{
		Statement: Statement{Slug: "a-plus-b", Title: "A plus B", TimeMs: 1500, MemoryKB: 262144},
		Languages: []api.Language{
			{Name: "c", Extensions: []string{".c"}, Version: "gcc (Debian 12.2.0-14) 12.2.0", TimeMultiplier: 1},
			{Name: "python", Aliases: []string{"py"}, Extensions: []string{".py", ".py3"}, Version: "Python 3.11.2", TimeMultiplier: 2},
			{Name: "kotlin", Extensions: []string{".kt"}, Version: "<info> kotlinc", TimeMultiplier: 1.5},
		},
	}
	html := renderPage(t, "problem", v)
	for _, want := range []string{
		`<tr data-language="c"><td>c</td><td>1500 ms</td><td class="dim">gcc (Debian 12.2.0-14) 12.2.0</td></tr>`,
		`<tr data-language="python"><td>python</td><td>3000 ms (2×)</td><td class="dim">Python 3.11.2</td></tr>`,
		`<tr data-language="kotlin"><td>kotlin</td><td>2250 ms (1.5×)</td><td class="dim">&lt;info&gt; kotlinc</td></tr>`,
		`<option value="python" data-ext=".py .py3">python (Python 3.11.2)</option>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %s\n%s", want, html)
		}
	}
	if html := renderPage(t, "problem", problemView{Statement: v.Statement}); strings.Contains(html, `id="languages"`) {
		t.Error("a page with no language offered has the languages table")
	}
}
