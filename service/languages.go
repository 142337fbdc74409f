package service

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"

	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/engine"
	"github.com/puzzlejudge/judge/internal/suggest"
	"github.com/puzzlejudge/judge/runner"
	"github.com/puzzlejudge/judge/service/api"
)

// probeLanguages finds which configured languages have their tools in
// the box, once, at start: in the local worker's sandbox when it has
// one, else in a sandbox opened for the look (or, when none can be
// opened, along the box's PATH alone). The service offers only those:
// the listing, the page's menu, the local worker and POST agree.
func (s *Service) probeLanguages(ctx context.Context) map[string]compile.Toolchain {
	var sb *runner.Sandbox
	if s.eng != nil {
		sb = s.eng.Sandbox
	} else if own, err := engine.OpenSandbox(s.cfg.Judge); err == nil {
		defer own.Close()
		sb = own
	} else {
		s.log.Warn("no box to run the languages' version commands in: their tools are only looked for", "err", err)
	}
	tools := compile.ProbeAll(ctx, sb, s.cfg.Judge.Languages)
	for _, name := range slices.Sorted(maps.Keys(tools)) {
		if t := tools[name]; t.Present() {
			s.log.Info("language offered", "language", name, "version", t.Version)
		} else {
			s.log.Warn("language not offered", "language", name, "reason", t.Missing)
		}
	}
	return tools
}

// offered is the names of the languages offered, sorted.
func (c *catalog) offered() []string {
	var out []string
	for name := range c.cfg.Languages {
		if c.tools[name].Present() {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// language picks an offered language by name or alias, as --lang does
// (in any case: c++, Python3), or else from the file name's extension;
// any other is a 422 naming the languages offered, and the nearest.
func (c *catalog) language(name, filename string) (string, error) {
	field, what := "language", name
	if name == "" {
		field, what = "filename", filename
	}
	l, err := c.cfg.Language(filename, name)
	if err != nil {
		if name == "" {
			return "", api.Errorf(http.StatusUnprocessableEntity, field, "cannot tell the language from %q; give \"language\" (offered: %s)", filename, c.offeredList())
		}
		return "", api.Errorf(http.StatusUnprocessableEntity, field, "unknown language %q%s; offered: %s", name, suggest.Hint(name, c.offeredNames()), c.offeredList())
	}
	if t := c.tools[l.Name]; !t.Present() {
		return "", api.Errorf(http.StatusUnprocessableEntity, field, "language %s (from %q) is not offered on this server: %s; offered: %s", l.Name, what, t.Missing, c.offeredList())
	}
	return l.Name, nil
}

// offeredNames is the names and aliases of the offered languages.
func (c *catalog) offeredNames() []string {
	var out []string
	for _, n := range c.offered() {
		out = append(out, n)
		out = append(out, c.cfg.Languages[n].Aliases...)
	}
	return out
}

// offeredList names the offered languages with their aliases, for a
// message: "c, cpp (c++, cxx), python (python3, py)".
func (c *catalog) offeredList() string {
	var parts []string
	for _, n := range c.offered() {
		if a := c.cfg.Languages[n].Aliases; len(a) > 0 {
			n = fmt.Sprintf("%s (%s)", n, strings.Join(a, ", "))
		}
		parts = append(parts, n)
	}
	if len(parts) == 0 {
		return "none (no language's tools were found)"
	}
	return strings.Join(parts, ", ")
}

// Languages lists the offered languages.
func (c *catalog) Languages(ctx context.Context) ([]api.Language, error) {
	names := c.offered()
	out := make([]api.Language, 0, len(names))
	for _, name := range names {
		l := c.cfg.Languages[name]
		out = append(out, api.Language{Name: name, Aliases: orEmpty(l.Aliases), Extensions: orEmpty(l.Extensions),
			Version: c.tools[name].Version, TimeMultiplier: l.TimeMultiplier})
	}
	return out, nil
}

// orEmpty is s, or an empty list for nil (JSON [] rather than null).
func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
