package scoring

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
)

// Item is the result of one item of a group (a test or a sub-group), or
// of the group itself: its name, verdict and score.
type Item struct {
	Name    string
	Verdict verdict.Verdict
	Score   float64
}

// CustomGrader grades group g (grading: custom) from its items' results,
// in order and none of them IE, with the package's custom grader program,
// or says why it could not (the group is then IE, the error the
// submission's). Package grade runs the program; GraderInput and
// ParseGraderOutput are what it reads and writes.
type CustomGrader func(g *problem.ScoreGroup, items []Item) (Item, error)

// errNoGrader is the error of a group that needs the custom grader when
// scores are computed without one (Score with a nil CustomGrader).
var errNoGrader = errors.New("grading: custom: the custom grader is run only when a submission is graded (Grader.Grade)")

// GraderInput is a Kattis custom grader's standard input for a group's
// items, as the legacy format says:
//
//	grader [grader_flags] < results
//
// where results has a line "VERDICT score" for each item in order
// (VERDICT one of AC WA TLE RTE OLE; a wrong answer or a presentation
// error is WA, a memory-limit kill RTE, as Kattis has them; the score is
// the item's, 0 for a pass-fail item).
func GraderInput(items []Item) string {
	var in strings.Builder
	for _, k := range items {
		fmt.Fprintf(&in, "%s %s\n", graderCode(k.Verdict), strconv.FormatFloat(k.Score, 'f', -1, 64))
	}
	return in.String()
}

// graderLine is the form of a grader's output: a verdict, blanks, a
// number, and nothing after it but blanks and one newline.
var graderLine = regexp.MustCompile(`^(AC|WA|TLE|RTE|MLE|OLE|JE)[ \t]+(-?[0-9.]+)[ \t\r]*\n?$`)

// graderVerdicts turns a grader's verdict codes into verdicts.
var graderVerdicts = map[string]verdict.Verdict{
	"AC": verdict.AC, "WA": verdict.WA, "TLE": verdict.TLE, "RTE": verdict.RE,
	"MLE": verdict.MLE, "OLE": verdict.OLE, "JE": verdict.IE,
}

// ParseGraderOutput reads a custom grader's output strictly: exactly one
// line in the form of its input's, its verdict one of AC WA TLE RTE MLE
// OLE JE and its score a number. Anything else, or JE, is an error.
func ParseGraderOutput(out []byte) (verdict.Verdict, float64, error) {
	m := graderLine.FindSubmatch(out)
	if m == nil {
		return "", 0, fmt.Errorf("printed %s, want one line \"VERDICT score\" (VERDICT one of AC WA TLE RTE MLE OLE JE)", quoteOutput(out))
	}
	score, err := strconv.ParseFloat(string(m[2]), 64)
	if err != nil {
		return "", 0, fmt.Errorf("printed %s: %q is not a number", quoteOutput(out), m[2])
	}
	v := graderVerdicts[string(m[1])]
	if v == verdict.IE {
		return "", 0, errors.New("said JE (a judge error)")
	}
	return v, score, nil
}

// quoteOutput quotes at most the first 80 bytes of a grader's output.
func quoteOutput(out []byte) string {
	if len(out) == 0 {
		return "nothing"
	}
	if len(out) > 80 {
		return strconv.Quote(string(out[:80])) + " (and more)"
	}
	return strconv.Quote(string(bytes.ToValidUTF8(out, []byte("\uFFFD"))))
}

// graderCode is a verdict as a grader reads it: Kattis' codes, where a
// presentation error is a wrong answer and a memory-limit kill a run-time
// error.
func graderCode(v verdict.Verdict) string {
	switch v {
	case verdict.AC, verdict.WA, verdict.TLE, verdict.OLE:
		return string(v)
	case verdict.PE:
		return "WA"
	case verdict.RE, verdict.MLE:
		return "RTE"
	}
	return "JE"
}
