package clics

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"

	"github.com/puzzlejudge/judge/core/verdict"
)

// idPattern is the specification's ID: [a-zA-Z0-9_.-], at most 36
// characters, not starting with - or . nor ending with a dot.
var idPattern = regexp.MustCompile(`^[A-Za-z0-9_]([A-Za-z0-9_.-]{0,34}[A-Za-z0-9_-])?$`)

// ID turns a name of the store (a user, a problem slug, a submission
// id) into a CLICS ID: itself when it is one, else "x" and 32 hex digits
// of its SHA-256, the same for the same name every time.
func ID(name string) string {
	if idPattern.MatchString(name) {
		return name
	}
	sum := sha256.Sum256([]byte(name))
	return "x" + hex.EncodeToString(sum[:16])
}

// languageIDs maps the judge's language names to the specification's
// known language IDs where they differ.
var languageIDs = map[string]string{"python": "python3"}

// LanguageID is the CLICS ID of one of the judge's languages: a known ID
// of the specification where there is one (python is python3), else the
// name.
func LanguageID(name string) string {
	if id, ok := languageIDs[name]; ok {
		return id
	}
	return ID(name)
}

// judgementTypes are the judgement types served, one per verdict of
// core/verdict, with the specification's known IDs: RE (run-time error)
// is RTE, since RE means "rejected" there; IE (internal error) is JE.
// PE and OLE are the specification's own types, not translated to WA.
// CE causes no penalty unless the contest counts compile errors; JE
// never does.
var judgementTypes = []struct {
	verdict verdict.Verdict
	id      string
	name    string
}{
	{verdict.AC, "AC", "Accepted"},
	{verdict.WA, "WA", "Wrong Answer"},
	{verdict.PE, "PE", "Presentation Error"},
	{verdict.TLE, "TLE", "Time Limit Exceeded"},
	{verdict.MLE, "MLE", "Memory Limit Exceeded"},
	{verdict.OLE, "OLE", "Output Limit Exceeded"},
	{verdict.RE, "RTE", "Run-Time Error"},
	{verdict.CE, "CE", "Compile Error"},
	{verdict.IE, "JE", "Judging Error"},
}

// JudgementTypeID is the judgement type of a verdict code; false for a
// code that is no verdict.
func JudgementTypeID(v string) (string, bool) {
	for _, jt := range judgementTypes {
		if string(jt.verdict) == v {
			return jt.id, true
		}
	}
	return "", false
}

// JudgementTypes lists the judgement types of a contest: penalty set for
// the rejections that cost time (CE only when countCE).
func JudgementTypes(countCE bool) []JudgementType {
	out := make([]JudgementType, len(judgementTypes))
	for i, jt := range judgementTypes {
		penalty := true
		switch jt.verdict {
		case verdict.AC, verdict.IE:
			penalty = false
		case verdict.CE:
			penalty = countCE
		}
		out[i] = JudgementType{ID: jt.id, Name: jt.name, Penalty: penalty, Solved: jt.verdict == verdict.AC}
	}
	return out
}
