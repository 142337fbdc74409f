// Package feedback decides what of a judged submission its viewer may
// see. The report the worker makes holds everything (each test's
// message, the checker's diff of expected against received output, the
// program's exit code and stderr excerpt); the service keeps it whole
// for admins and rejudges, and every report or test event it sends to
// anyone passes through a Viewer first.
//
// An admin sees everything. A contestant sees everything of a sample
// test, which the statement shows anyway, and of any other test only
// its name, verdict, time, memory and score, as contest systems do
// (Codeforces' "Wrong answer on test 5", DOMjudge's verdict and sample
// details): the diff, the exit details and the messages of a secret test
// carry its data, and one submission that echoes its input could read
// every test's input and answer from them. A Kattis output validator's
// teammessage.txt is meant for the team and reaches them on every test;
// its judgemessage.txt, a native checker's message and stderr excerpts
// reach them on samples only. The problem's Level widens this.
//
// The functions work on the JSON the service stores and sends (grade's
// Report contract): a secret test keeps only the fields listed in
// secretFields, so a field added to the report later is withheld until
// it is listed there.
package feedback

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Level is a problem's feedback setting: how much of its tests a
// contestant sees.
type Level string

// Levels. Each shows samples in full (input and expected output are in
// the statement; the program's output, the diff and the checker's
// message on them are the contestant's to debug with).
const (
	// Samples shows, of every other test, only its name, verdict, time,
	// memory and score (and a Kattis validator's team message).
	Samples Level = "samples"
	// FirstFailure is Samples, and once the submission is judged, the
	// first failing test (in test order) in full as well: the one its
	// verdict is about. The live test events of a judging in progress
	// show what Samples shows.
	FirstFailure Level = "first-failure"
	// All shows every test in full: for practice problems whose tests
	// are public.
	All Level = "all"
)

// Default is the level of a problem that sets none: Samples, what
// contest systems show teams.
const Default = Samples

// Levels lists the levels in the order the documentation gives them.
var Levels = []Level{Samples, FirstFailure, All}

// Parse reads a level as a problem's configuration writes it; "" is
// Default.
func Parse(s string) (Level, error) {
	if s == "" {
		return Default, nil
	}
	for _, l := range Levels {
		if string(l) == s {
			return l, nil
		}
	}
	return "", fmt.Errorf("unknown value %q (want samples, first-failure or all)", s)
}

// Viewer is who looks at a submission, with its problem's level.
type Viewer struct {
	// Admin sees everything.
	Admin bool
	// Level is the problem's setting; "" is Default.
	Level Level
}

// Full reports whether the viewer sees every report whole.
func (v Viewer) Full() bool { return v.Admin || v.Level == All }

// secretFields are the fields of a test a contestant sees when the test
// is not shown in full.
var secretFields = []string{"name", "verdict", "time_ms", "wall_ms", "memory_kb", "sample", "score"}

// TeamMessageField is the test field that holds a Kattis output
// validator's teammessage.txt; a contestant gets it as the message of a
// test not shown in full.
const TeamMessageField = "team_message"

// Test returns a test's JSON (a test of a report, or the data of a live
// test event) as v may see it while the submission is being judged.
func (v Viewer) Test(test json.RawMessage) json.RawMessage {
	if v.Full() {
		return test
	}
	var t map[string]json.RawMessage
	if json.Unmarshal(test, &t) != nil {
		return json.RawMessage(`{}`)
	}
	if isSample(t) {
		return test
	}
	return encode(hide(t))
}

// Report returns a report's JSON, or a submission's view that holds a
// report's fields at its top level, as v may see it: its tests as Test
// says, and with FirstFailure the first failing one whole. Anything else
// of the report (compile output, limits, score, groups, the judge's own
// error, which is about the package, a test's failure being in that
// test's message) is unchanged.
func (v Viewer) Report(report json.RawMessage) json.RawMessage {
	if v.Full() || len(report) == 0 {
		return report
	}
	var r map[string]json.RawMessage
	if json.Unmarshal(report, &r) != nil {
		return json.RawMessage(`{}`)
	}
	if raw, ok := r["tests"]; ok {
		var tests []map[string]json.RawMessage
		if json.Unmarshal(raw, &tests) != nil {
			tests = nil
		}
		failed := false
		for i, t := range tests {
			if isSample(t) {
				continue
			}
			if v.Level == FirstFailure && !failed && !accepted(t) {
				failed = true
				continue
			}
			tests[i] = hide(t)
		}
		if tests == nil {
			tests = []map[string]json.RawMessage{}
		}
		r["tests"] = encode(tests)
	}
	return encode(r)
}

// hide keeps of a test what a contestant sees of a secret one.
func hide(t map[string]json.RawMessage) map[string]json.RawMessage {
	out := make(map[string]json.RawMessage, len(secretFields)+1)
	for _, k := range secretFields {
		if x, ok := t[k]; ok {
			out[k] = x
		}
	}
	msg := json.RawMessage(`""`)
	if m, ok := t[TeamMessageField]; ok {
		var s string
		if json.Unmarshal(m, &s) == nil {
			msg = m
		}
	}
	out["message"] = msg
	return out
}

func isSample(t map[string]json.RawMessage) bool {
	return bytes.Equal(bytes.TrimSpace(t["sample"]), []byte("true"))
}

func accepted(t map[string]json.RawMessage) bool {
	return bytes.Equal(bytes.TrimSpace(t["verdict"]), []byte(`"AC"`))
}

// encode is json.Marshal of a value that always encodes.
func encode(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		return json.RawMessage(`{}`)
	}
	return b
}
