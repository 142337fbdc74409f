package clics

import (
	"reflect"
	"slices"
	"strings"

	"github.com/puzzlejudge/judge/service/standings"
)

// access is the access object: no capabilities (the API is read only),
// and every endpoint served with the properties its objects can carry in
// this contest's scoring (penalty_time in pass-fail contests, max_score
// and a judgement's score in score contests).
func access(s Snapshot) Access {
	ioi := s.Rules.Scoring == standings.IOI
	unless := func(cond bool, prop string) string {
		if cond {
			return ""
		}
		return prop
	}
	types := []struct {
		name string
		v    any
		drop string // the property this scoring leaves out
	}{
		{"contest", Contest{}, unless(!ioi, "penalty_time")},
		{"judgement-types", JudgementType{}, ""},
		{"languages", Language{}, ""},
		{"problems", Problem{}, unless(ioi, "max_score")},
		{"teams", Team{}, ""},
		{"state", State{}, ""},
		{"submissions", Submission{}, ""},
		{"judgements", Judgement{}, unless(ioi, "score")},
		{"scoreboard", Scoreboard{}, ""},
	}
	a := Access{Capabilities: []string{}}
	for _, t := range types {
		props := slices.DeleteFunc(properties(reflect.TypeOf(t.v)), func(p string) bool { return p == t.drop })
		a.Endpoints = append(a.Endpoints, AccessEndpoint{Type: t.name, Properties: props})
	}
	return a
}

// properties lists a struct type's JSON property names.
func properties(t reflect.Type) []string {
	var out []string
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name != "" && name != "-" {
			out = append(out, name)
		}
	}
	return out
}
