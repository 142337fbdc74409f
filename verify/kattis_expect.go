package verify

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/puzzlejudge/judge/grade"
	"github.com/puzzlejudge/judge/problem"
	"github.com/puzzlejudge/judge/problem/kattis"
	"github.com/puzzlejudge/judge/report"
	"github.com/puzzlejudge/judge/verdict"
)

// kattisVerdict maps a verdict of the judge to the Kattis verdict it is:
// a run that reached the memory limit is a run-time error there.
func kattisVerdict(v verdict.Verdict) verdict.Verdict {
	if v == verdict.MLE {
		return verdict.RE
	}
	return v
}

// expectation says which verdicts an example submission may get.
type expectation struct {
	// first, when set, is problemtools' rule (legacy, 2023-07-draft): the
	// verdict of the first test that is not AC (AC if none) must be one
	// of these.
	first []verdict.Verdict
	// permitted and required are the 2025-09 rule: every test's verdict
	// must be permitted, and at least one required (when any are given).
	permitted, required []verdict.Verdict
	// what describes the rule for messages.
	what string
}

// domjudgeResults maps DOMjudge's @EXPECTED_RESULTS@ to verdicts.
var domjudgeResults = map[string][]verdict.Verdict{
	"CORRECT":        {verdict.AC},
	"WRONG-ANSWER":   {verdict.WA},
	"NO-OUTPUT":      {verdict.WA},
	"TIMELIMIT":      {verdict.TLE},
	"RUN-ERROR":      {verdict.RE},
	"OUTPUT-LIMIT":   {verdict.OLE},
	"COMPILER-ERROR": {verdict.CE},
}

// expect returns the rule for a submission of the package.
func expect(v kattis.Version, s kattis.Submission) (expectation, error) {
	if s.Expected != nil {
		var vs []verdict.Verdict
		for _, r := range s.Expected {
			m, ok := domjudgeResults[r]
			if !ok {
				return expectation{}, fmt.Errorf("@EXPECTED_RESULTS@: unknown result %q", r)
			}
			vs = append(vs, m...)
		}
		return expectation{first: vs, what: "@EXPECTED_RESULTS@: " + strings.Join(s.Expected, ", ")}, nil
	}
	if v == kattis.V2025 {
		e := rules2025[s.Folder]
		e.what = fmt.Sprintf("2025-09 %s: every test %s", s.Folder, names(e.permitted))
		if len(e.required) > 0 {
			e.what += ", some test " + names(e.required)
		}
		return e, nil
	}
	first := map[string][]verdict.Verdict{
		kattis.FolderAccepted:          {verdict.AC},
		kattis.FolderPartiallyAccepted: {verdict.AC},
		kattis.FolderWrongAnswer:       {verdict.WA},
		kattis.FolderTimeLimitExceeded: {verdict.TLE},
		kattis.FolderRunTimeError:      {verdict.RE},
		kattis.FolderRejected:          {verdict.WA, verdict.TLE, verdict.RE, verdict.OLE},
		kattis.FolderBruteForce:        {verdict.AC, verdict.TLE, verdict.RE},
	}[s.Folder]
	return expectation{first: first, what: fmt.Sprintf("%s: want %s, from the first test that is not AC", s.Folder, names(first))}, nil
}

// rules2025 are the default folder rules of 2025-09.
var rules2025 = map[string]expectation{
	kattis.FolderAccepted:          {permitted: []verdict.Verdict{verdict.AC}},
	kattis.FolderRejected:          {permitted: []verdict.Verdict{verdict.AC, verdict.RE, verdict.TLE, verdict.WA}, required: []verdict.Verdict{verdict.RE, verdict.TLE, verdict.WA}},
	kattis.FolderWrongAnswer:       {permitted: []verdict.Verdict{verdict.AC, verdict.WA}, required: []verdict.Verdict{verdict.WA}},
	kattis.FolderTimeLimitExceeded: {permitted: []verdict.Verdict{verdict.AC, verdict.TLE}, required: []verdict.Verdict{verdict.TLE}},
	kattis.FolderRunTimeError:      {permitted: []verdict.Verdict{verdict.AC, verdict.RE}, required: []verdict.Verdict{verdict.RE}},
	kattis.FolderBruteForce:        {permitted: []verdict.Verdict{verdict.AC, verdict.RE, verdict.TLE}, required: []verdict.Verdict{verdict.RE, verdict.TLE}},
	kattis.FolderPartiallyAccepted: {permitted: []verdict.Verdict{verdict.AC, verdict.WA, verdict.TLE, verdict.RE}},
}

func names(vs []verdict.Verdict) string {
	var s []string
	for _, v := range vs {
		s = append(s, string(v))
	}
	return strings.Join(s, "|")
}

// stops reports whether a test with verdict v settles the submission's
// outcome, so that the tests after it need not run.
func (e expectation) stops(v verdict.Verdict) bool {
	v = kattisVerdict(v)
	if e.first != nil {
		return v != verdict.AC
	}
	return !slices.Contains(e.permitted, v)
}

// judge checks a submission's test results against the rule. It returns
// the verdict in the rule's sense, the test it comes from, and what is
// wrong ("" when the submission gets what it should).
func (e expectation) judge(rep *grade.Report) (verdict.Verdict, string, string) {
	if rep.Verdict == verdict.CE || (rep.Verdict == verdict.IE && len(rep.Tests) == 0) {
		if e.first != nil && slices.Contains(e.first, rep.Verdict) {
			return rep.Verdict, "", ""
		}
		return rep.Verdict, "", fmt.Sprintf("gets %s, want %s", rep.Verdict, e.what)
	}
	for _, t := range rep.Tests {
		if t.Verdict == verdict.IE {
			return verdict.IE, t.Name, fmt.Sprintf("test %s: internal error: %s", t.Name, t.Message)
		}
	}
	if e.first != nil {
		got, test := verdict.AC, ""
		for _, t := range rep.Tests {
			if t.Verdict != verdict.AC {
				got, test = kattisVerdict(t.Verdict), t.Name
				break
			}
		}
		if rep.Score != nil {
			// A scoring problem's verdict is its graders' (see
			// grade.Score), not its first failing test's.
			got = kattisVerdict(rep.Verdict)
			if got == verdict.AC {
				test = ""
			}
		}
		if !slices.Contains(e.first, got) {
			where := ""
			if test != "" {
				where = " on test " + test
			}
			return got, test, fmt.Sprintf("gets %s%s, want %s", got, where, e.what)
		}
		return got, test, ""
	}
	seen := false
	for _, t := range rep.Tests {
		v := kattisVerdict(t.Verdict)
		if !slices.Contains(e.permitted, v) {
			return v, t.Name, fmt.Sprintf("gets %s on test %s, want %s", v, t.Name, e.what)
		}
		seen = seen || slices.Contains(e.required, v)
	}
	if len(e.required) > 0 && !seen {
		return verdict.AC, "", fmt.Sprintf("gets no %s on any test, want %s", names(e.required), e.what)
	}
	for _, t := range rep.Tests {
		if t.Verdict != verdict.AC {
			return kattisVerdict(t.Verdict), t.Name, ""
		}
	}
	return verdict.AC, "", ""
}

// scoreWrong checks a legacy or 2023-07-draft scoring submission's score
// as problemtools does: an accepted one gets the full score (the top of
// data/'s range, when finite), a partially accepted one a score strictly
// between the bottom of the range (0 when it has none) and the top. It
// returns what is wrong, or "".
func scoreWrong(folder string, sc *problem.Scoring, rep *grade.Report) string {
	if rep.Score == nil || sc.Rules != problem.RulesLegacy {
		return ""
	}
	score := *rep.Score
	low := sc.Root.RangeLow
	if math.IsInf(low, -1) {
		low = 0
	}
	const eps = 1e-9
	switch folder {
	case kattis.FolderAccepted:
		if rep.MaxScore != nil && score < *rep.MaxScore-eps {
			return fmt.Sprintf("gets score %s, want the full score %s", report.Score(score, nil), report.Score(*rep.MaxScore, nil))
		}
	case kattis.FolderPartiallyAccepted:
		if score <= low+eps || rep.MaxScore != nil && score >= *rep.MaxScore-eps {
			want := fmt.Sprintf("above %s", report.Score(low, nil))
			if rep.MaxScore != nil {
				want = fmt.Sprintf("strictly between %s and %s", report.Score(low, nil), report.Score(*rep.MaxScore, nil))
			}
			return fmt.Sprintf("gets score %s, want a partial score %s", report.Score(score, nil), want)
		}
	}
	return ""
}
