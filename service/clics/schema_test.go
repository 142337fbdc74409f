package clics

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// schemas validates JSON against the specification's schemas in
// testdata/spec: the draft 2020-12 keywords those files use ($ref, type,
// properties, required, items, enum, const, pattern, minimum, maximum,
// minItems, oneOf, anyOf, allOf, not, if/then/else), and, stricter than
// the schemas (which leave it to the "access" endpoint), no property the
// schema does not define.
type schemas struct {
	files map[string]map[string]any
}

func loadSchemas(t *testing.T) *schemas {
	t.Helper()
	s := &schemas{files: map[string]map[string]any{}}
	paths, err := filepath.Glob("testdata/spec/*.json")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no schemas in testdata/spec: %v", err)
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		s.files[filepath.Base(p)] = m
	}
	return s
}

// check validates a JSON document against a schema file and returns the
// errors found.
func (s *schemas) check(file string, doc []byte) []string {
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		return []string{err.Error()}
	}
	root, ok := s.files[file]
	if !ok {
		return []string{"no schema " + file}
	}
	errs := s.validate(file, root, v, "$")
	return append(errs, s.strict(file, root, v, "$")...)
}

// resolve follows a $ref from a schema in file.
func (s *schemas) resolve(file, ref string) (string, map[string]any, error) {
	name, path, _ := strings.Cut(ref, "#")
	if name == "" {
		name = file
	}
	node, ok := s.files[name]
	if !ok {
		return "", nil, fmt.Errorf("no schema %s", name)
	}
	for _, part := range strings.Split(strings.Trim(path, "/"), "/") {
		if part == "" {
			continue
		}
		next, ok := node[part].(map[string]any)
		if !ok {
			return "", nil, fmt.Errorf("no %s in %s", path, name)
		}
		node = next
	}
	return name, node, nil
}

func (s *schemas) validate(file string, sch map[string]any, v any, at string) []string {
	var errs []string
	fail := func(format string, args ...any) { errs = append(errs, at+": "+fmt.Sprintf(format, args...)) }
	if ref, ok := sch["$ref"].(string); ok {
		f, node, err := s.resolve(file, ref)
		if err != nil {
			return []string{at + ": " + err.Error()}
		}
		errs = append(errs, s.validate(f, node, v, at)...)
	}
	if ty, ok := sch["type"]; ok && !hasType(ty, v) {
		fail("%v is not of type %v", v, ty)
		return errs
	}
	if e, ok := sch["enum"].([]any); ok {
		found := false
		for _, x := range e {
			found = found || reflect.DeepEqual(x, v)
		}
		if !found {
			fail("%v not in %v", v, e)
		}
	}
	if c, ok := sch["const"]; ok && !reflect.DeepEqual(c, v) {
		fail("%v is not %v", v, c)
	}
	if p, ok := sch["pattern"].(string); ok {
		if str, isStr := v.(string); isStr && !regexp.MustCompile(p).MatchString(str) {
			fail("%q does not match %s", str, p)
		}
	}
	if n, isNum := v.(float64); isNum {
		if m, ok := sch["minimum"].(float64); ok && n < m {
			fail("%v < %v", n, m)
		}
		if m, ok := sch["maximum"].(float64); ok && n > m {
			fail("%v > %v", n, m)
		}
		if m, ok := sch["multipleOf"].(float64); ok && math.Abs(math.Round(n/m)*m-n) > 1e-9 {
			fail("%v is not a multiple of %v", n, m)
		}
	}
	if obj, isObj := v.(map[string]any); isObj {
		if req, ok := sch["required"].([]any); ok {
			for _, r := range req {
				if _, has := obj[r.(string)]; !has {
					fail("required property %s missing", r)
				}
			}
		}
		if props, ok := sch["properties"].(map[string]any); ok {
			for k, sub := range props {
				if x, has := obj[k]; has {
					errs = append(errs, s.validate(file, sub.(map[string]any), x, at+"."+k)...)
				}
			}
		}
	}
	if arr, isArr := v.([]any); isArr {
		if items, ok := sch["items"].(map[string]any); ok {
			for i, x := range arr {
				errs = append(errs, s.validate(file, items, x, fmt.Sprintf("%s[%d]", at, i))...)
			}
		}
		if m, ok := sch["minItems"].(float64); ok && float64(len(arr)) < m {
			fail("fewer than %v items", m)
		}
	}
	passes := func(sub any) bool { return len(s.validate(file, sub.(map[string]any), v, at)) == 0 }
	if list, ok := sch["oneOf"].([]any); ok {
		n := 0
		for _, sub := range list {
			if passes(sub) {
				n++
			}
		}
		if n != 1 {
			fail("matches %d of oneOf's %d schemas, want 1", n, len(list))
		}
	}
	if list, ok := sch["anyOf"].([]any); ok {
		n := 0
		for _, sub := range list {
			if passes(sub) {
				n++
			}
		}
		if n == 0 {
			fail("matches none of anyOf")
		}
	}
	if list, ok := sch["allOf"].([]any); ok {
		for _, sub := range list {
			errs = append(errs, s.validate(file, sub.(map[string]any), v, at)...)
		}
	}
	if not, ok := sch["not"]; ok && passes(not) {
		fail("matches a schema it must not")
	}
	if cond, ok := sch["if"]; ok {
		branch := "else"
		if passes(cond) {
			branch = "then"
		}
		if sub, ok := sch[branch].(map[string]any); ok {
			errs = append(errs, s.validate(file, sub, v, at)...)
		}
	}
	return errs
}

// strict reports properties the schema does not define, following
// $ref, properties and items (not the combinators, whose branches define
// properties only to constrain them).
func (s *schemas) strict(file string, sch map[string]any, v any, at string) []string {
	if ref, ok := sch["$ref"].(string); ok {
		f, node, err := s.resolve(file, ref)
		if err != nil {
			return nil
		}
		return s.strict(f, node, v, at)
	}
	var errs []string
	switch x := v.(type) {
	case map[string]any:
		props, ok := sch["properties"].(map[string]any)
		if !ok {
			return nil
		}
		for k, val := range x {
			sub, known := props[k].(map[string]any)
			if !known {
				errs = append(errs, fmt.Sprintf("%s.%s: a property the specification does not define", at, k))
				continue
			}
			errs = append(errs, s.strict(file, sub, val, at+"."+k)...)
		}
	case []any:
		if items, ok := sch["items"].(map[string]any); ok {
			for i, val := range x {
				errs = append(errs, s.strict(file, items, val, fmt.Sprintf("%s[%d]", at, i))...)
			}
		}
	}
	return errs
}

// hasType says v is of the JSON type (or one of the types) named.
func hasType(ty any, v any) bool {
	if list, ok := ty.([]any); ok {
		for _, t := range list {
			if hasType(t, v) {
				return true
			}
		}
		return false
	}
	switch ty {
	case "null":
		return v == nil
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "number":
		_, ok := v.(float64)
		return ok
	case "integer":
		n, ok := v.(float64)
		return ok && n == math.Trunc(n)
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	}
	return false
}

// TestSchemaValidatorCatches checks the validator fails what it should,
// so that the golden checks mean something.
func TestSchemaValidatorCatches(t *testing.T) {
	s := loadSchemas(t)
	tests := []struct {
		file, doc string
		want      string
	}{
		{"team.json", `{"id":"t1","name":"x"}`, "required property label missing"},
		{"team.json", `{"id":"t1","name":"x","label":"t1","colour":"red"}`, "does not define"},
		{"submission.json", `{"id":"1","language_id":"c","problem_id":"a","team_id":"t","time":"2026-11-27T12:00:00.000+00:00","contest_time":"1:2:3","files":[]}`, "does not match"},
		{"judgement.json", `{"id":"1","submission_id":"1","judgement_type_id":"XX","start_time":"2026-11-27T12:00:00.000+00:00","start_contest_time":"0:00:00.000","end_time":null,"end_contest_time":null}`, "oneOf"},
		{"scoreboard.json", `{"time":"2026-11-27T12:00:00.000+00:00","contest_time":"0:00:00.000","state":{"started":null,"ended":null,"finalized":null,"end_of_updates":null},"rows":[{"rank":1,"team_id":"a","score":{"num_solved":0,"total_time":0},"problems":[{"problem_id":"a","num_judged":0,"num_pending":0,"solved":false,"time":3}]}]}`, "must not"},
	}
	for _, tt := range tests {
		errs := strings.Join(s.check(tt.file, []byte(tt.doc)), "\n")
		if !strings.Contains(errs, tt.want) {
			t.Errorf("%s %s: errors %q, want one with %q", tt.file, tt.doc, errs, tt.want)
		}
	}
	good := `{"id":"t1","name":"x","label":"t1","display_name":null}`
	if errs := s.check("team.json", []byte(good)); len(errs) > 0 {
		t.Errorf("a valid team: %v", errs)
	}
}
