package verify

import (
	"fmt"
	"slices"
	"strings"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem/kattis"
	"github.com/puzzlejudge/judge/core/verdict"
)

// kattisVerdict maps a verdict of the judge to the Kattis verdict it is:
// a run that reached the memory limit is a run-time error there.
func kattisVerdict(v verdict.Verdict) verdict.Verdict {
	if v == verdict.MLE {
		return verdict.RE
	}
	return v
}

// satisfies says whether got is one of want in the Kattis formats' sense.
// A program stopped at the output limit (OLE) also satisfies a want of
// TLE: this judge stops an output flood at the limit, where DOMjudge
// truncates its output and BAPCtools lets it run, and both see it run
// into the time limit (DOMjudge's own time_limit_exceeded/
// test-fill-stdout.cc expects TIMELIMIT); so a flood in a folder that
// wants TLE is what its author meant. It still satisfies OUTPUT-LIMIT and
// the rejected/ folder as OLE.
func satisfies(want []verdict.Verdict, got verdict.Verdict) bool {
	return slices.Contains(want, got) || (got == verdict.OLE && slices.Contains(want, verdict.TLE))
}

// expectation says which verdicts an example submission may get.
type expectation struct {
	// first, when set, is problemtools' rule (legacy, 2023-07-draft): the
	// verdict of the first test that is not AC (AC if none) must be one
	// of these.
	first []verdict.Verdict
	// rules are the 2025-09 requirements (folder default and
	// submissions.yaml), each over the test cases its glob covers.
	rules []caseRule
	// what describes the rule for messages.
	what string
}

// caseRule is one 2025-09 requirement: every covered test's verdict must
// be permitted (when any are given), at least one required (when any are
// given), and the message in some covered test's judge message.
type caseRule struct {
	tests               string // glob over test names; "" for all
	permitted, required []verdict.Verdict
	message             string
	what                string
}

// covers reports whether the rule applies to the test.
func (r caseRule) covers(test string) bool {
	return r.tests == "" || kattis.MatchGlob(r.tests, test)
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
		return expect2025(s), nil
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

// resultVerdicts maps the verdicts of submissions.yaml to the judge's.
var resultVerdicts = map[string]verdict.Verdict{
	kattis.ResultAC:  verdict.AC,
	kattis.ResultWA:  verdict.WA,
	kattis.ResultTLE: verdict.TLE,
	kattis.ResultRTE: verdict.RE,
}

// expect2025 turns a 2025-09 submission's rules into an expectation.
func expect2025(s kattis.Submission) expectation {
	var e expectation
	var whats []string
	for _, r := range s.Rules {
		cr := caseRule{tests: r.Tests, message: r.Message}
		for _, p := range r.Permitted {
			cr.permitted = append(cr.permitted, resultVerdicts[p])
		}
		for _, q := range r.Required {
			cr.required = append(cr.required, resultVerdicts[q])
		}
		scope := "every test"
		if r.Tests != "" {
			scope = "every test in " + r.Tests
		}
		var parts []string
		if cr.permitted != nil {
			parts = append(parts, scope+" "+names(cr.permitted))
		}
		if cr.required != nil {
			parts = append(parts, "some test "+names(cr.required))
		}
		if cr.message != "" {
			parts = append(parts, fmt.Sprintf("judge message %q", cr.message))
		}
		if len(parts) == 0 {
			continue
		}
		cr.what = fmt.Sprintf("%s (%s)", strings.Join(parts, ", "), r.From)
		whats = append(whats, cr.what)
		e.rules = append(e.rules, cr)
	}
	e.what = "2025-09: " + strings.Join(whats, "; ")
	if len(whats) == 0 {
		e.what = "2025-09: no requirement"
	}
	return e
}

func names(vs []verdict.Verdict) string {
	var s []string
	for _, v := range vs {
		s = append(s, string(v))
	}
	return strings.Join(s, "|")
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
		return e.checkFirst(got, test)
	}
	for _, r := range e.rules {
		if got, test, wrong := r.judge(rep); wrong != "" {
			return got, test, wrong
		}
	}
	for _, t := range rep.Tests {
		if t.Verdict != verdict.AC {
			return kattisVerdict(t.Verdict), t.Name, ""
		}
	}
	return verdict.AC, "", ""
}

// judge checks one 2025-09 requirement against the tests it covers.
func (r caseRule) judge(rep *grade.Report) (verdict.Verdict, string, string) {
	seen, said, covered := false, false, 0
	for _, t := range rep.Tests {
		if !r.covers(t.Name) {
			continue
		}
		covered++
		v := kattisVerdict(t.Verdict)
		if r.permitted != nil && !satisfies(r.permitted, v) {
			return v, t.Name, fmt.Sprintf("gets %s on test %s, want 2025-09: %s", v, t.Name, r.what)
		}
		seen = seen || satisfies(r.required, v)
		said = said || strings.Contains(t.Message, r.message)
	}
	switch {
	case covered == 0 && r.tests != "":
		return verdict.AC, "", fmt.Sprintf("no test matches %s, want 2025-09: %s", r.tests, r.what)
	case r.required != nil && !seen:
		return verdict.AC, "", fmt.Sprintf("gets no %s on any test, want 2025-09: %s", names(r.required), r.what)
	case r.message != "" && !said:
		return verdict.AC, "", fmt.Sprintf("no judge message contains %q, want 2025-09: %s", r.message, r.what)
	}
	return verdict.AC, "", ""
}

// checkFirst checks problemtools' rule: got, the verdict that settles the
// submission (on test, "" when none), must be one of e.first.
func (e expectation) checkFirst(got verdict.Verdict, test string) (verdict.Verdict, string, string) {
	if !satisfies(e.first, got) {
		where := ""
		if test != "" {
			where = " on test " + test
		}
		return got, test, fmt.Sprintf("gets %s%s, want %s", got, where, e.what)
	}
	return got, test, ""
}
