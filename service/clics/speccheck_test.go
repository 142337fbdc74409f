package clics

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strings"
	"time"
)

// kind is a property type of section "JSON property types" of the
// specification (spec_test.go), or anything: an event's data, which
// checkEvent checks by the event's type.
type kind int

const (
	kString kind = iota
	kNumber
	kInteger
	kBoolean
	kID
	kTime
	kRelTime
	kArray
	kObject
	kAny
)

var kindNames = [...]string{"string", "number", "integer", "boolean", "ID", "TIME", "RELTIME", "array", "object", "anything"}

// shape is the type of a property: its kind, whether null is allowed
// ("<type> ?"), an array's element or an object's table, and the bounds
// its description sets.
type shape struct {
	kind     kind
	nullable bool
	elem     *shape
	obj      *object
	enum     []string
	pattern  *regexp.Regexp
	lo, hi   *float64
	milli    bool // a multiple of 0.001
	maxItems int  // 0: any number
	filled   bool // at least one item
}

func str() shape            { return shape{kind: kString} }
func number() shape         { return shape{kind: kNumber} }
func integer() shape        { return shape{kind: kInteger} }
func boolean() shape        { return shape{kind: kBoolean} }
func id() shape             { return shape{kind: kID} }
func tstamp() shape         { return shape{kind: kTime} }
func reltime() shape        { return shape{kind: kRelTime} }
func anything() shape       { return shape{kind: kAny} }
func obj(o *object) shape   { return shape{kind: kObject, obj: o} }
func arrayOf(e shape) shape { return shape{kind: kArray, elem: &e} }

func (s shape) orNull() shape                    { s.nullable = true; return s }
func (s shape) oneOf(v ...string) shape          { s.enum = v; return s }
func (s shape) matching(re *regexp.Regexp) shape { s.pattern = re; return s }
func (s shape) atLeast(lo float64) shape         { s.lo = &lo; return s }
func (s shape) within(lo, hi float64) shape      { s.lo, s.hi = &lo, &hi; return s }
func (s shape) millis() shape                    { s.milli = true; return s }
func (s shape) atMost(n int) shape               { s.maxItems = n; return s }
func (s shape) nonEmpty() shape                  { s.filled = true; return s }

// object is the table of an object: every property the specification
// defines for it, and the rules its descriptions add.
type object struct {
	name  string
	props []prop
	rules []rule
}

// prop is one row of a table; required ones must be present and not
// null.
type prop struct {
	name     string
	shape    shape
	required bool
}

func req(name string, s shape) prop { return prop{name, s, true} }
func opt(name string, s shape) prop { return prop{name, s, false} }

// rule checks an object as a whole and says what is wrong, or "".
type rule func(o map[string]any) string

// lookup finds a property, or a sub-property written
// property.subproperty, through objects and arrays of objects.
func (o *object) lookup(path string) (shape, bool) {
	name, rest, sub := strings.Cut(path, ".")
	for _, p := range o.props {
		if p.name != name {
			continue
		}
		if !sub {
			return p.shape, true
		}
		s := p.shape
		for s.kind == kArray {
			s = *s.elem
		}
		if s.kind != kObject {
			return shape{}, false
		}
		return s.obj.lookup(rest)
	}
	return shape{}, false
}

// set says o has the property k, not null.
func set(o map[string]any, k string) bool { return o[k] != nil }

// num reads a JSON number decoded with UseNumber.
func num(v any) (float64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	f, err := n.Float64()
	return f, err == nil
}

// iff is a "Required iff" rule: name is set exactly when cond holds.
func iff(name, what string, cond func(o map[string]any) bool) rule {
	return func(o map[string]any) string {
		switch want := cond(o); {
		case want && !set(o, name):
			return fmt.Sprintf("%s is missing although %s", name, what)
		case !want && set(o, name):
			return fmt.Sprintf("%s is set although not %s", name, what)
		}
		return ""
	}
}

// needs is a "must not be set if" rule: later is set only if earlier is.
func needs(later, earlier string) rule {
	return func(o map[string]any) string {
		if set(o, later) && !set(o, earlier) {
			return fmt.Sprintf("%s is set but %s is not", later, earlier)
		}
		return ""
	}
}

// inOrder says the TIMEs of names that are set never go back.
func inOrder(names ...string) rule {
	return func(o map[string]any) string {
		var last time.Time
		lastName := ""
		for _, n := range names {
			s, _ := o[n].(string)
			t, _, ok := parseTIME(s)
			if !ok {
				continue
			}
			if lastName != "" && t.Before(last) {
				return fmt.Sprintf("%s is before %s", n, lastName)
			}
			last, lastName = t, n
		}
		return ""
	}
}

var (
	idRE      = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.-]*$`)
	timeRE    = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?([+-]\d{2}(:\d{2})?|Z)$`)
	relTimeRE = regexp.MustCompile(`^-?\d+:[0-5]\d:[0-5]\d(\.\d{3})?$`)
	integerRE = regexp.MustCompile(`^-?[0-9]+$`)
)

// parseTIME reads a TIME (yyyy-mm-ddThh:mm:ss(.uuu)?[+-]zz(:mm)? or Z)
// and names its form: which optional parts it has.
func parseTIME(s string) (time.Time, string, bool) {
	m := timeRE.FindStringSubmatch(s)
	if m == nil {
		return time.Time{}, "", false
	}
	zone, norm := "±hh:mm", s
	switch {
	case m[2] == "Z":
		zone = "Z"
	case m[3] == "":
		zone, norm = "±hh", s+":00"
	}
	t, err := time.Parse(time.RFC3339Nano, norm)
	return t, fmt.Sprintf("milliseconds %v, zone %s", m[1] != "", zone), err == nil
}

// checker checks JSON against the tables. It remembers the form of the
// first TIME and RELTIME it sees: section "JSON property types" wants
// the optional parts of each type used consistently.
type checker struct {
	forms map[kind]string
}

func newChecker() *checker { return &checker{forms: map[kind]string{}} }

// decode reads JSON keeping numbers as written.
func decode(doc []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(doc))
	d.UseNumber()
	var v any
	err := d.Decode(&v)
	return v, err
}

// check checks a document against a shape and returns what is wrong.
func (c *checker) check(s shape, doc []byte) []string {
	v, err := decode(doc)
	if err != nil {
		return []string{err.Error()}
	}
	return c.value(s, v, "$")
}

// form records the form of a TIME or RELTIME and reports one that
// differs from the first.
func (c *checker) form(k kind, f, at string) []string {
	if first, ok := c.forms[k]; ok && first != f {
		return []string{fmt.Sprintf("%s: %s with %s, but an earlier one had %s", at, kindNames[k], f, first)}
	}
	c.forms[k] = f
	return nil
}

func (c *checker) value(s shape, v any, at string) []string {
	if v == nil {
		if !s.nullable && s.kind != kAny {
			return []string{at + ": null, but its type is not nullable"}
		}
		return nil
	}
	wrong := func(format string, args ...any) []string { return []string{at + ": " + fmt.Sprintf(format, args...)} }
	var errs []string
	switch s.kind {
	case kAny:
	case kString, kID, kTime, kRelTime:
		str, ok := v.(string)
		if !ok {
			return wrong("%v is not a %s", v, kindNames[s.kind])
		}
		switch s.kind {
		case kID:
			if !idRE.MatchString(str) || len(str) > 36 || strings.HasSuffix(str, ".") {
				return wrong("%q is not an ID", str)
			}
		case kTime:
			_, f, ok := parseTIME(str)
			if !ok {
				return wrong("%q is not a TIME", str)
			}
			errs = c.form(kTime, f, at)
		case kRelTime:
			if !relTimeRE.MatchString(str) {
				return wrong("%q is not a RELTIME", str)
			}
			errs = c.form(kRelTime, fmt.Sprintf("milliseconds %v", strings.Contains(str, ".")), at)
		}
		if s.enum != nil && !slices.Contains(s.enum, str) {
			errs = append(errs, wrong("%q is not one of %v", str, s.enum)...)
		}
		if s.pattern != nil && !s.pattern.MatchString(str) {
			errs = append(errs, wrong("%q does not match %s", str, s.pattern)...)
		}
	case kNumber, kInteger:
		n, ok := num(v)
		if !ok {
			return wrong("%v is not a %s", v, kindNames[s.kind])
		}
		if s.kind == kInteger && !integerRE.MatchString(string(v.(json.Number))) {
			return wrong("%v is not an integer", v)
		}
		if (s.lo != nil && n < *s.lo) || (s.hi != nil && n > *s.hi) {
			errs = wrong("%v is out of range", v)
		}
		if s.milli && math.Abs(n*1000-math.Round(n*1000)) > 1e-6 {
			errs = append(errs, wrong("%v is not a multiple of 0.001", v)...)
		}
	case kBoolean:
		if _, ok := v.(bool); !ok {
			return wrong("%v is not a boolean", v)
		}
	case kArray:
		arr, ok := v.([]any)
		if !ok {
			return wrong("%v is not an array", v)
		}
		if s.filled && len(arr) == 0 {
			errs = wrong("empty array")
		}
		if s.maxItems > 0 && len(arr) > s.maxItems {
			errs = append(errs, wrong("more than %d items", s.maxItems)...)
		}
		seen := map[any]int{}
		for i, x := range arr {
			errs = append(errs, c.value(*s.elem, x, fmt.Sprintf("%s[%d]", at, i))...)
			if o, ok := x.(map[string]any); ok && o["id"] != nil {
				if j, dup := seen[o["id"]]; dup {
					errs = append(errs, wrong("items %d and %d have the id %v", j, i, o["id"])...)
				}
				seen[o["id"]] = i
			}
		}
	case kObject:
		errs = c.object(s.obj, v, at)
	}
	return errs
}

func (c *checker) object(o *object, v any, at string) []string {
	m, ok := v.(map[string]any)
	if !ok {
		return []string{fmt.Sprintf("%s: %v is not a %s object", at, v, o.name)}
	}
	var errs []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if _, ok := o.lookup(k); !ok || strings.Contains(k, ".") {
			errs = append(errs, fmt.Sprintf("%s.%s: a property the specification does not define for %s", at, k, o.name))
		}
	}
	for _, p := range o.props {
		x, has := m[p.name]
		if p.required && x == nil {
			errs = append(errs, fmt.Sprintf("%s: required property %s missing", at, p.name))
			continue
		}
		if has {
			errs = append(errs, c.value(p.shape, x, at+"."+p.name)...)
		}
	}
	for _, r := range o.rules {
		if msg := r(m); msg != "" {
			errs = append(errs, fmt.Sprintf("%s: %s: %s", at, o.name, msg))
		}
	}
	return errs
}
