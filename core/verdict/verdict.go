// Package verdict defines the verdicts a submission can receive on a test
// and how they map to names, long descriptions and solution folders.
package verdict

import (
	"fmt"
	"strings"
)

// Verdict is the short code of a judging outcome, such as "AC" or "WA".
type Verdict string

// The verdicts a submission can receive.
const (
	AC  Verdict = "AC"  // Accepted
	WA  Verdict = "WA"  // Wrong Answer
	PE  Verdict = "PE"  // Presentation Error
	TLE Verdict = "TLE" // Time Limit Exceeded
	MLE Verdict = "MLE" // Memory Limit Exceeded
	OLE Verdict = "OLE" // Output Limit Exceeded
	RE  Verdict = "RE"  // Runtime Error
	CE  Verdict = "CE"  // Compile Error
	IE  Verdict = "IE"  // Internal Error
)

// info describes one verdict. IE has no folder: a reference solution can
// never be expected to make the judge fail.
type info struct {
	v      Verdict
	long   string
	folder string
}

// table lists every verdict in a fixed order. It is never modified.
var table = [...]info{
	{AC, "Accepted", "accepted"},
	{WA, "Wrong Answer", "wrong_answer"},
	{PE, "Presentation Error", "presentation_error"},
	{TLE, "Time Limit Exceeded", "time_limit_exceeded"},
	{MLE, "Memory Limit Exceeded", "memory_limit_exceeded"},
	{OLE, "Output Limit Exceeded", "output_limit_exceeded"},
	{RE, "Runtime Error", "run_time_error"},
	{CE, "Compile Error", "compile_error"},
	{IE, "Internal Error", ""},
}

func lookup(v Verdict) (info, bool) {
	for _, in := range table {
		if in.v == v {
			return in, true
		}
	}
	return info{}, false
}

// All returns every known verdict, AC first.
func All() []Verdict {
	vs := make([]Verdict, len(table))
	for i, in := range table {
		vs[i] = in.v
	}
	return vs
}

// Valid reports whether v is one of the known verdicts.
func (v Verdict) Valid() bool {
	_, ok := lookup(v)
	return ok
}

// String returns the short code of v.
func (v Verdict) String() string { return string(v) }

// Long returns the human-readable name of v, such as "Wrong Answer".
// For an unknown verdict it returns the short code unchanged.
func (v Verdict) Long() string {
	if in, ok := lookup(v); ok {
		return in.long
	}
	return string(v)
}

// Folder returns the name of the solutions folder holding solutions
// expected to get v, such as "wrong_answer". It is the inverse of
// FromFolder and returns "" for IE and unknown verdicts.
func (v Verdict) Folder() string {
	in, _ := lookup(v)
	return in.folder
}

// Parse returns the verdict whose short code is s, ignoring case and
// surrounding white space.
func Parse(s string) (Verdict, error) {
	v := Verdict(strings.ToUpper(strings.TrimSpace(s)))
	if !v.Valid() {
		return "", fmt.Errorf("unknown verdict %q", s)
	}
	return v, nil
}

// FromFolder returns the verdict expected of solutions in the solutions
// folder called name, such as WA for "wrong_answer". It reports false if
// name is not a verdict folder.
func FromFolder(name string) (Verdict, bool) {
	if name == "" {
		return "", false
	}
	for _, in := range table {
		if in.folder == name {
			return in.v, true
		}
	}
	return "", false
}

// Overall returns the verdict of a run over several tests: the first
// verdict in vs that is not AC, or AC if there is none (including when vs
// is empty).
func Overall(vs []Verdict) Verdict {
	for _, v := range vs {
		if v != AC {
			return v
		}
	}
	return AC
}
