package clics

import (
	"strings"
	"testing"
)

// TestSpecCheckerCatches checks the checker fails what it should, and
// passes what it should, so that the golden checks mean something.
func TestSpecCheckerCatches(t *testing.T) {
	const (
		sub    = `"id":"1","language_id":"c","problem_id":"a","team_id":"t","time":"2026-11-27T12:00:00.000+00:00","contest_time":"0:01:00.000"`
		jstart = `"id":"1","submission_id":"1","start_time":"2026-11-27T12:00:00.000+00:00","start_contest_time":"0:00:00.000"`
		st     = `"state":{"started":null,"ended":null,"finalized":null,"end_of_updates":null}`
		board  = `{"time":"2026-11-27T12:00:00.000+00:00","contest_time":"0:00:00.000",` + st + `,"rows":[`
		row    = `{"rank":1,"team_id":"a","score":{"num_solved":0,"total_time":0},"problems":[`
	)
	bad := []struct {
		check, doc string // check: an endpoint's shape, "event", or "listed:<type>"
		want       string
	}{
		{"team", `{"name":"x","label":"t1"}`, "required property id missing"},
		{"team", `{"id":"t1","name":"x","label":"t1","colour":"red"}`, "does not define for team"},
		{"team", `{"id":"t1","name":null}`, "not nullable"},
		{"team", `{"id":"-t1"}`, "not an ID"},
		{"team", `{"id":"t1."}`, "not an ID"},
		{"team", `{"id":"` + strings.Repeat("x", 37) + `"}`, "not an ID"},
		{"team", `{"id":"t1","location":{"x":1,"y":2}}`, "required property rotation missing"},
		{"teams", `[{"id":"t1"},{"id":"t1"}]`, "have the id t1"},
		{"submission", `{` + sub + `,"contest_time":"1:2:3","files":[]}`, "not a RELTIME"},
		{"submission", `{` + sub + `,"time":"2026-11-27 12:00:00","files":[]}`, "not a TIME"},
		{"judgement", `{` + jstart + `,"judgement_type_id":"AC","end_time":"2026-11-27T12:00:01+00:00","end_contest_time":"0:00:01.000"}`, "an earlier one had milliseconds true"},
		{"judgement", `{` + jstart + `,"judgement_type_id":"AC","end_time":"2026-11-27T12:00:01.000Z","end_contest_time":"0:00:01.000"}`, "zone Z, but an earlier one had"},
		{"judgement", `{` + jstart + `,"judgement_type_id":"AC","end_time":"2026-11-27T12:00:01.000+00:00","end_contest_time":"0:00:01"}`, "RELTIME with milliseconds false"},
		{"submission", `{` + sub + `,"entry_point":"main"}`, "C or C++ submission has an entry_point"},
		{"submission", `{` + sub + `,"language_id":"java"}`, "Java or Kotlin submission has no entry_point"},
		{"submission", `{` + sub + `,"files":[{"href":"f","filename":"a.zip","mime":"application/zip"},{"href":"g","filename":"b.zip","mime":"application/zip"}]}`, "more than 1 items"},
		{"submission", `{` + sub + `,"reaction":[{"href":"f","filename":"a.png","mime":"image/png"}]}`, "image FILE needs width and height"},
		{"judgement", `{` + jstart + `,"judgement_type_id":"XX","end_time":null,"end_contest_time":null}`, "not one of"},
		{"judgement", `{` + jstart + `,"judgement_type_id":"AC"}`, "end_time is missing although judgement_type_id is set"},
		{"judgement", `{` + jstart + `,"end_contest_time":"0:00:01.000"}`, "end_contest_time is set although not judgement_type_id is set"},
		{"judgement", `{` + jstart + `,"max_run_time":0.0005}`, "not a multiple of 0.001"},
		{"problem", `{"id":"a","ordinal":1.5}`, "not an integer"},
		{"problem", `{"id":"a","ordinal":1.0}`, "not an integer"},
		{"problem", `{"id":"a","time_limit":-1}`, "out of range"},
		{"problem", `{"id":"a","rgb":"red"}`, "does not match"},
		{"language", `{"id":"java","entry_point_required":true}`, "entry_point_name is missing"},
		{"language", `{"id":"c","compiler":{"args":"-O2"}}`, "required property command missing"},
		{"contest", `{"id":"wf","start_time":"2026-11-27T12:00:00.000+00:00","countdown_pause_time":"0:03:00.000"}`, "both set"},
		{"contest", `{"id":"wf","scoreboard_type":"ioi"}`, "not one of"},
		{"state", `{"started":null,"ended":"2026-11-27T12:00:00.000+00:00"}`, "ended is set but started is not"},
		{"state", `{"started":"2026-11-27T12:00:00.000+00:00","frozen":"2026-11-27T11:00:00.000+00:00"}`, "frozen is before started"},
		{"api", `{"version":"2022-07","version_url":"u"}`, "not one of"},
		{"api", `{"version":"2023-06","version_url":"u","provider":{}}`, "required property name missing"},
		{"access", `{"capabilities":["fly"],"endpoints":[]}`, "not one of"},
		{"access", `{"capabilities":[],"endpoints":[{"type":"teams","properties":[]}]}`, "empty array"},
		{"access", `{"capabilities":[],"endpoints":[{"type":"teams","properties":["id","colour"]}]}`, `property "colour" the specification does not define`},
		{"access", `{"capabilities":[],"endpoints":[{"type":"clarifications","properties":["id"]}]}`, "none the tables describe"},
		{"scoreboard", board + row + `{"problem_id":"a","num_judged":0,"num_pending":0,"solved":false,"time":3}]}]}`, "time is set although not solved"},
		{"scoreboard", board + row + `{"problem_id":"a","num_judged":1,"num_pending":0,"solved":true}]}]}`, "time is missing although solved"},
		{"scoreboard", board + row + `{"problem_id":"a","num_judged":1,"num_pending":0}]}]}`, "needs either"},
		{"scoreboard", board + `{"rank":1,"team_id":"a","score":{"num_solved":1,"total_time":20}}]}`, "time is null but num_solved > 0"},
		{"scoreboard", board + `{"rank":1,"team_id":"a","score":{"num_solved":1,"score":3,"total_time":20,"time":20}}]}`, "needs either"},
		{"scoreboard", board + `{"rank":2,"team_id":"a","score":{"score":1}},{"rank":1,"team_id":"b","score":{"score":0}}]}`, "rank 1 after rank 2"},
		{"scoreboard", board + `{"rank":0,"team_id":"a","score":{"score":1}}]}`, "out of range"},
		{"event", `{"type":"contest","id":"wf","data":{"id":"wf"}}`, "id must be null"},
		{"event", `{"type":"teams","id":"a","data":{"id":"b"}}`, "but the event's id is a"},
		{"event", `{"type":"teams","id":null,"data":{"id":"b"}}`, "is not an array"},
		{"event", `{"type":"clarifications","id":"1","data":null}`, "none the tables describe"},
		{"event", `{"type":"teams","id":"a","data":{"id":"a","colour":"red"}}`, "does not define for team"},
		{"listed:teams", `{"id":"a","name":"A","label":"a","colour":"red"}`, "colour: not listed in access"},
		{"listed:teams", `{"id":"a","name":"A"}`, "label is listed in access for teams but missing"},
		{"listed:groups", `{"id":"a"}`, "access does not list it"},
	}
	good := []struct{ check, doc string }{
		{"team", `{"id":"t1","name":"x","label":"t1","display_name":null}`},
		{"team", `{"id":"t1","name":"x"}`}, // no label: access decides what is required
		{"state", `{"started":"2026-11-27T12:00:00Z","frozen":null,"ended":"2026-11-27T17:00:00Z","finalized":"2026-11-27T17:00:00Z","end_of_updates":"2026-11-27T17:00:00Z"}`},
		{"judgement", `{` + jstart + `,"judgement_type_id":null,"end_time":null,"end_contest_time":null}`},
		{"scoreboard", board + row + `{"problem_id":"a","num_judged":0,"num_pending":0,"solved":false}]}]}`},
		{"event", `{"type":"teams","id":"a","data":null}`},
		{"event", `{"type":"teams","id":"a"}`}, // a deletion may leave data out
		{"event", `{"type":"teams","id":null,"data":[{"id":"a"},{"id":"b"}]}`},
		{"event", `{"type":"state","data":{"started":null}}`},
		{"listed:teams", `[{"id":"a","name":"A","label":"a","hidden":true},{"id":"b","name":"B","label":"b"}]`},
	}
	l := listing{"teams": {"id", "name", "label", "hidden"}}
	run := func(check, doc string) []string {
		c := newChecker()
		switch {
		case check == "event":
			return c.checkEvent([]byte(doc))
		case strings.HasPrefix(check, "listed:"):
			return l.checkListed(strings.TrimPrefix(check, "listed:"), []byte(doc))
		}
		s, ok := endpoints[check]
		if !ok {
			t.Fatalf("no shape for %s", check)
		}
		return c.check(s, []byte(doc))
	}
	for _, tt := range bad {
		errs := strings.Join(run(tt.check, tt.doc), "\n")
		if tt.want == "" {
			if errs != "" {
				t.Errorf("%s %s: errors %q, want none", tt.check, tt.doc, errs)
			}
			continue
		}
		if !strings.Contains(errs, tt.want) {
			t.Errorf("%s %s: errors %q, want one with %q", tt.check, tt.doc, errs, tt.want)
		}
	}
	for _, tt := range good {
		if errs := run(tt.check, tt.doc); len(errs) > 0 {
			t.Errorf("%s %s: %v, want none", tt.check, tt.doc, errs)
		}
	}
}
