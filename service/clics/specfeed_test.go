package clics

import (
	"fmt"
	"slices"
	"strings"
)

// checkEvent checks one line of the event feed: the event's own shape,
// its type one the tables describe, and, as section "Notification
// format" says, its id null for the contest and the state; with an id,
// data the object of that id or null (deleted); without one, data the
// singleton object or the whole collection, an array.
func (c *checker) checkEvent(line []byte) []string {
	v, err := decode(line)
	if err != nil {
		return []string{err.Error()}
	}
	errs := c.value(obj(eventLine), v, "$")
	ev, ok := v.(map[string]any)
	if !ok || len(errs) > 0 {
		return errs
	}
	typ, _ := ev["type"].(string)
	o, ok := eventTypes[typ]
	if !ok {
		return []string{fmt.Sprintf("$.type: event type %q is none the tables describe", typ)}
	}
	data := ev["data"]
	singleton := typ == "contest" || typ == "state"
	switch {
	case singleton && set(ev, "id"):
		return []string{"$.id: a " + typ + " event's id must be null"}
	case set(ev, "id") && data == nil:
		return nil
	case set(ev, "id"):
		if d, ok := data.(map[string]any); ok && d["id"] != ev["id"] {
			errs = append(errs, fmt.Sprintf("$.data.id: %v, but the event's id is %v", d["id"], ev["id"]))
		}
		return append(errs, c.value(obj(o), data, "$.data")...)
	case singleton:
		return c.value(obj(o), data, "$.data")
	default:
		return c.value(arrayOf(obj(o)), data, "$.data")
	}
}

// listing is an access answer: the properties listed for each endpoint
// type.
type listing map[string][]string

// parseListing reads an access answer.
func parseListing(doc []byte) (listing, error) {
	v, err := decode(doc)
	if err != nil {
		return nil, err
	}
	l := listing{}
	m, _ := v.(map[string]any)
	eps, _ := m["endpoints"].([]any)
	for _, e := range eps {
		ep, _ := e.(map[string]any)
		typ, _ := ep["type"].(string)
		props, _ := ep["properties"].([]any)
		for _, p := range props {
			name, _ := p.(string)
			l[typ] = append(l[typ], name)
		}
	}
	if len(l) == 0 {
		return nil, fmt.Errorf("no endpoints in %s", doc)
	}
	return l, nil
}

// checkListed checks served objects of an endpoint type (one, or an
// array of them) against the access answer, as section "Table column
// description" asks: they carry only the properties access lists for
// the type, and every listed one whose type is not nullable.
func (l listing) checkListed(typ string, doc []byte) []string {
	v, err := decode(doc)
	if err != nil {
		return []string{err.Error()}
	}
	if arr, ok := v.([]any); ok {
		var errs []string
		for i, x := range arr {
			errs = append(errs, l.listed(typ, x, fmt.Sprintf("$[%d]", i))...)
		}
		return errs
	}
	return l.listed(typ, v, "$")
}

func (l listing) listed(typ string, v any, at string) []string {
	props, ok := l[typ]
	o := accessTypes[typ]
	if !ok || o == nil {
		return []string{fmt.Sprintf("%s: type %s is served but access does not list it", at, typ)}
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil // a deletion; the shape is checked elsewhere
	}
	var errs []string
	for k := range m {
		if !slices.ContainsFunc(props, func(p string) bool { return p == k || strings.HasPrefix(p, k+".") }) {
			errs = append(errs, fmt.Sprintf("%s.%s: not listed in access for %s", at, k, typ))
		}
	}
	for _, p := range props {
		if s, ok := o.lookup(p); ok && !strings.Contains(p, ".") && !s.nullable && !set(m, p) {
			errs = append(errs, fmt.Sprintf("%s: %s is listed in access for %s but missing", at, p, typ))
		}
	}
	slices.Sort(errs)
	return errs
}
