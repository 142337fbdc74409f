package verify

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/report"
)

// configAspect is a native package's configuration: problem.yaml loads
// and holds no placeholder, and nothing judge new wrote for the author to
// replace is left.
type configAspect struct {
	n         *nativePkg
	leftovers *Check
}

func newConfigAspect(n *nativePkg) *configAspect {
	return &configAspect{n: n, leftovers: checkLeftovers(n.disp)}
}

func (a *configAspect) schedule(*schedule) {}

func (a *configAspect) report(b *reportBuilder) {
	b.add(a.check())
	b.add(a.leftovers)
}

func (a *configAspect) check() *Check {
	n := a.n
	c := &Check{Name: CheckConfig}
	if n.loadErr != nil && n.blame == CheckConfig {
		return fail(c, n.loadErr.Error())
	}
	if n.p == nil {
		return pass(c, "")
	}
	if strings.Contains(n.p.Title, author.Placeholder) {
		return fail(c, fmt.Sprintf("%s: title %q still holds the placeholder %s", filepath.Join(n.disp, problem.ConfigFile), n.p.Title, author.Placeholder))
	}
	l := n.p.Limits
	how := ""
	if n.limitOverride {
		how = " (from --time-limit)"
	}
	judged := "checker " + n.p.Checker.Kind
	if n.p.Interactive {
		rel, _ := filepath.Rel(n.p.Dir, n.p.Checker.Source)
		judged = "interactive, interactor " + filepath.ToSlash(rel)
	}
	return pass(c, fmt.Sprintf("time limit %v%s, memory limit %s, %s", l.Time, how, figures.Size(l.Memory), judged))
}

// checkLeftovers fails a package that still holds what `judge new` wrote
// for the author to replace in its validator and generator.
func checkLeftovers(disp string) *Check {
	c := &Check{Name: CheckLeftovers}
	if found := author.Leftovers(disp); len(found) > 0 {
		failWith(c, found)
		c.Message = fmt.Sprintf("%s (write the problem's own; %s)", found[0], report.Plural(len(found), "leftover"))
		return c
	}
	return pass(c, "no template or TODO marker of judge new left in the validator and generator")
}
