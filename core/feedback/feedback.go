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
// The Viewer's methods work on the report as data (package judging) and
// return what the viewer sees, whose JSON is what the service sends: a
// secret test becomes a HiddenTest, a struct of the fields a contestant
// may see, so a field added to judging.TestResult later is withheld
// until HiddenTest lists it.
package feedback

import "fmt"

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
