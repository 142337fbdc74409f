package scoring

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/judging"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
)

// lg is a legacy group with problemtools' defaults and the given items.
func lg(name string, flags string, onReject string, accept float64, items ...problem.ScoreItem) problem.ScoreItem {
	return problem.ScoreItem{Group: &problem.ScoreGroup{
		Name: name, OnReject: onReject, GraderFlags: strings.Fields(flags), AcceptScore: accept,
		RangeLow: math.Inf(-1), RangeHigh: math.Inf(1), Items: items,
	}}
}

// ng is a 2025-09 group.
func ng(name, agg string, maxScore float64, requires []string, items ...problem.ScoreItem) problem.ScoreItem {
	return problem.ScoreItem{Group: &problem.ScoreGroup{
		Name: name, Aggregation: agg, MaxScore: maxScore, RequirePass: requires, Sample: name == "sample", Items: items,
	}}
}

func tc(name string) problem.ScoreItem { return problem.ScoreItem{Test: name} }

// res is a test result: "name:VERDICT" or "name:VERDICT:score.txt".
func res(specs ...string) []judging.TestResult {
	var out []judging.TestResult
	for _, s := range specs {
		f := strings.Split(s, ":")
		t := judging.TestResult{Name: f[0], Verdict: verdict.Verdict(f[1])}
		if len(f) > 2 {
			var x float64
			if strings.HasPrefix(f[2], "x") {
				x = parseF(f[2][1:])
				t.ScoreMultiplier = &x
			} else {
				x = parseF(f[2])
				t.ValidatorScore = &x
			}
		}
		out = append(out, t)
	}
	return out
}

func parseF(s string) float64 {
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		panic(err)
	}
	return x
}

func TestScoreLegacy(t *testing.T) {
	// oddecho's layout: the root ignores the sample, secret accepts if
	// any subtask does, subtasks stop at their first failure and score
	// the least of their tests' 50s (inherited accept_score).
	oddecho := func(flagsSub string) *problem.Scoring {
		root := lg("data", "ignore_sample", "continue", 1,
			lg("sample", "", "continue", 1, tc("sample/1")),
			lg("secret", "first_error accept_if_any_accepted", "continue", 1,
				lg("secret/g1", flagsSub, "break", 50, tc("secret/g1/1"), tc("secret/g1/2")),
				lg("secret/g2", flagsSub, "break", 50, tc("secret/g2/1"), tc("secret/g2/2")),
			),
		).Group
		return &problem.Scoring{Rules: problem.RulesLegacy, Root: root}
	}
	plain := func(onReject, flags string, accept float64, low, high float64) *problem.Scoring {
		secret := lg("secret", flags, onReject, accept, tc("secret/1"), tc("secret/2"), tc("secret/3")).Group
		secret.RangeLow, secret.RangeHigh = low, high
		root := lg("data", "", onReject, accept, lg("sample", "", onReject, accept, tc("sample/1")), problem.ScoreItem{Group: secret}).Group
		return &problem.Scoring{Rules: problem.RulesLegacy, Root: root}
	}
	inf := math.Inf(1)
	cases := []struct {
		name    string
		sc      *problem.Scoring
		tests   []judging.TestResult
		verdict verdict.Verdict
		score   float64
		group   string // a group to check ("" for none)
		gv      verdict.Verdict
		gscore  float64
	}{
		{"oddecho full", oddecho("min"), res("sample/1:AC", "secret/g1/1:AC", "secret/g1/2:AC", "secret/g2/1:AC", "secret/g2/2:AC"),
			verdict.AC, 100, "secret/g2", verdict.AC, 50},
		{"oddecho partial: g2 fails, secret still AC", oddecho("min"), res("sample/1:WA", "secret/g1/1:AC", "secret/g1/2:AC", "secret/g2/1:AC", "secret/g2/2:WA"),
			verdict.AC, 50, "secret/g2", verdict.WA, 0},
		{"oddecho sum in subtasks: 2 × 50", oddecho("sum"), res("sample/1:AC", "secret/g1/1:AC", "secret/g1/2:AC", "secret/g2/1:TLE", "secret/g2/2:AC"),
			verdict.AC, 100, "secret/g2", verdict.TLE, 0},
		{"nothing accepted", oddecho("min"), res("sample/1:AC", "secret/g1/1:WA", "secret/g1/2:AC", "secret/g2/1:RE", "secret/g2/2:AC"),
			verdict.WA, 0, "secret", verdict.WA, 0},
		{"defaults: break at the first failure, score ignored", plain("break", "", 10, -inf, inf), res("sample/1:AC", "secret/1:AC", "secret/2:WA", "secret/3:TLE"),
			verdict.WA, 0, "secret", verdict.WA, 10},
		{"worst_error over all with continue", plain("continue", "", 10, -inf, inf), res("sample/1:AC", "secret/1:AC", "secret/2:WA", "secret/3:TLE"),
			verdict.TLE, 0, "secret", verdict.TLE, 10},
		{"sum of accept_score", plain("break", "", 10, -inf, inf), res("sample/1:AC", "secret/1:AC", "secret/2:AC", "secret/3:AC"),
			verdict.AC, 40, "secret", verdict.AC, 30},
		{"range clamps", plain("break", "", 50, 0, 100), res("sample/1:AC", "secret/1:AC", "secret/2:AC", "secret/3:AC"),
			verdict.AC, 150, "secret", verdict.AC, 100},
		{"avg", plain("break", "avg", 1, -inf, inf), res("sample/1:AC", "secret/1:AC:3", "secret/2:AC:6", "secret/3:AC:0"),
			verdict.AC, 4, "secret", verdict.AC, 3},
		{"max", plain("break", "max", 1, -inf, inf), res("sample/1:AC", "secret/1:AC:3", "secret/2:AC:6", "secret/3:AC:0"),
			verdict.AC, 7, "secret", verdict.AC, 6},
		{"always_accept", plain("continue", "always_accept", 1, -inf, inf), res("sample/1:AC", "secret/1:WA", "secret/2:AC", "secret/3:AC"),
			verdict.AC, 3, "secret", verdict.AC, 2},
		{"a judge error wins", plain("continue", "always_accept", 1, -inf, inf), res("sample/1:AC", "secret/1:IE", "secret/2:AC", "secret/3:AC"),
			verdict.IE, 0, "secret", verdict.IE, 0},
		{"tests not run are left out", plain("break", "", 10, -inf, inf), res("secret/1:AC", "secret/3:AC"),
			verdict.AC, 20, "secret", verdict.AC, 20},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := Score(c.sc, c.tests, nil)
			if r.Verdict != c.verdict || r.Score != c.score {
				t.Errorf("got %s %g, want %s %g (groups %+v)", r.Verdict, r.Score, c.verdict, c.score, r.Groups)
			}
			if c.group == "" {
				return
			}
			for _, g := range r.Groups {
				if g.Name == c.group {
					if g.Verdict != c.gv || g.Score != c.gscore {
						t.Errorf("group %s: got %s %g, want %s %g", g.Name, g.Verdict, g.Score, c.gv, c.gscore)
					}
					return
				}
			}
			t.Errorf("no group %s in %+v", c.group, r.Groups)
		})
	}
}

func TestScoreLegacyScoreFile(t *testing.T) {
	root := lg("data", "", "break", 1, lg("secret", "", "break", 1, tc("secret/1"), tc("secret/2"))).Group
	sc := &problem.Scoring{Rules: problem.RulesLegacy, Root: root, ScoreFileRequired: true}
	tests := res("secret/1:AC:5", "secret/2:AC")
	r := Score(sc, tests, nil)
	if r.Verdict != verdict.IE || tests[1].Verdict != verdict.IE || !strings.Contains(tests[1].Message, "no score.txt") {
		t.Errorf("custom score without score.txt: got %s, test %s %q", r.Verdict, tests[1].Verdict, tests[1].Message)
	}
	sc = &problem.Scoring{Rules: problem.RulesLegacy, Root: root, ScoreFileForbidden: true}
	tests = res("secret/1:AC:5", "secret/2:AC")
	if r := Score(sc, tests, nil); r.Verdict != verdict.IE || tests[0].Verdict != verdict.IE {
		t.Errorf("score.txt without custom score: got %s, test %s", r.Verdict, tests[0].Verdict)
	}
	sc = &problem.Scoring{Rules: problem.RulesLegacy, Root: root, ScoreFileRequired: true}
	tests = res("secret/1:AC:5", "secret/2:AC:2.5")
	if r := Score(sc, tests, nil); r.Verdict != verdict.AC || r.Score != 7.5 || *tests[1].Score != 2.5 {
		t.Errorf("custom score: got %s %g", r.Verdict, r.Score)
	}
}

func TestScore2025(t *testing.T) {
	groups := func(g1, g2 problem.ScoreItem) *problem.Scoring {
		return &problem.Scoring{Rules: problem.Rules2025, Root: ng("data", "", 0, nil,
			ng("sample", problem.AggregatePassFail, 0, nil, tc("sample/1")),
			ng("secret", problem.AggregateSum, 100, nil, g1, g2)).Group}
	}
	pf := func(name string, score float64, req ...string) problem.ScoreItem {
		return ng(name, problem.AggregatePassFail, score, req, tc(name+"/1"), tc(name+"/2"))
	}
	flat := func(agg string, maxScore float64) *problem.Scoring {
		return &problem.Scoring{Rules: problem.Rules2025, Root: ng("data", "", 0, nil,
			ng("secret", agg, maxScore, nil, tc("secret/1"), tc("secret/2"), tc("secret/3"), tc("secret/4"))).Group}
	}
	all := func(g string, vs ...string) []string {
		var out []string
		for i, v := range vs {
			out = append(out, g+"/"+string(rune('1'+i))+":"+v)
		}
		return out
	}
	join := func(parts ...[]string) []judging.TestResult {
		var all []string
		for _, p := range parts {
			all = append(all, p...)
		}
		return res(all...)
	}
	cases := []struct {
		name    string
		sc      *problem.Scoring
		tests   []judging.TestResult
		verdict verdict.Verdict
		score   float64
		ie      string // a test's IE message, if one is expected
	}{
		{"pass-fail groups: 30 of 30+70", groups(pf("secret/g1", 30), pf("secret/g2", 70)),
			join(all("sample", "AC"), all("secret/g1", "AC", "AC"), all("secret/g2", "AC", "WA")), verdict.WA, 30, ""},
		{"all pass", groups(pf("secret/g1", 30), pf("secret/g2", 70)),
			join(all("sample", "AC"), all("secret/g1", "AC", "AC"), all("secret/g2", "AC", "AC")), verdict.AC, 100, ""},
		{"a failed sample scores nothing off", groups(pf("secret/g1", 30), pf("secret/g2", 70)),
			join(all("sample", "WA"), all("secret/g1", "AC", "AC"), all("secret/g2", "AC", "AC")), verdict.WA, 100, ""},
		{"require_pass: g2 needs g1", groups(pf("secret/g1", 30), pf("secret/g2", 70, "secret/g1")),
			join(all("sample", "AC"), all("secret/g1", "TLE", "AC"), all("secret/g2", "AC", "AC")), verdict.TLE, 0, ""},
		{"require_pass sample", groups(pf("secret/g1", 30, "sample"), pf("secret/g2", 70)),
			join(all("sample", "WA"), all("secret/g1", "AC", "AC"), all("secret/g2", "AC", "AC")), verdict.WA, 70, ""},
		{"sum over tests: 3 of 4 × 25", flat(problem.AggregateSum, 100),
			join(all("secret", "AC", "AC", "WA", "AC")), verdict.WA, 75, ""},
		{"min over tests", flat(problem.AggregateMin, 40),
			join(all("secret", "AC:10", "AC:20", "AC", "AC")), verdict.AC, 10, ""},
		{"score multiplier", flat(problem.AggregateSum, 100),
			join(all("secret", "AC:x0.5", "AC", "AC", "AC")), verdict.AC, 87.5, ""},
		{name: "thirds add up to the whole"},
		{"score.txt past the test's maximum", flat(problem.AggregateSum, 100),
			join(all("secret", "AC:30", "AC", "AC", "AC")), verdict.IE, 0, "past the test's maximum 25"},
		{"unbounded needs score.txt", flat(problem.AggregateSum, math.Inf(1)),
			join(all("secret", "AC:30", "AC", "AC:1", "AC:1")), verdict.IE, 0, "no score.txt in an unbounded group"},
		{"unbounded sums score.txt", flat(problem.AggregateSum, math.Inf(1)),
			join(all("secret", "AC:30", "AC:2", "AC:1", "WA")), verdict.WA, 33, ""},
		{"score.txt in a pass-fail group", groups(pf("secret/g1", 30), pf("secret/g2", 70)),
			join(all("sample", "AC"), all("secret/g1", "AC:3", "AC"), all("secret/g2", "AC", "AC")), verdict.IE, 70, "pass-fail"},
		{"a test not run cannot pass", groups(pf("secret/g1", 30), pf("secret/g2", 70)),
			join(all("sample", "AC"), all("secret/g1", "AC", "AC"), []string{"secret/g2/1:AC"}), verdict.AC, 30, ""},
	}
	for _, c := range cases {
		if c.tests == nil { // three tests of max 100/3 each
			c.sc = &problem.Scoring{Rules: problem.Rules2025, Root: ng("data", "", 0, nil,
				ng("secret", problem.AggregateSum, 100, nil, tc("secret/1"), tc("secret/2"), tc("secret/3"))).Group}
			c.tests, c.verdict, c.score = res("secret/1:AC", "secret/2:AC", "secret/3:AC"), verdict.AC, 100
		}
		t.Run(c.name, func(t *testing.T) {
			r := Score(c.sc, c.tests, nil)
			if r.Verdict != c.verdict || r.Score != c.score {
				t.Errorf("got %s %g, want %s %g (groups %+v)", r.Verdict, r.Score, c.verdict, c.score, r.Groups)
			}
			if c.ie != "" {
				found := false
				for _, tr := range c.tests {
					found = found || tr.Verdict == verdict.IE && strings.Contains(tr.Message, c.ie)
				}
				if !found {
					t.Errorf("no test IE with %q: %+v", c.ie, c.tests)
				}
			}
		})
	}
}

func TestScore2025Groups(t *testing.T) {
	sc := &problem.Scoring{Rules: problem.Rules2025, Root: ng("data", "", 0, nil,
		ng("sample", problem.AggregatePassFail, 0, nil, tc("sample/1")),
		ng("secret", problem.AggregateSum, 100, nil,
			ng("secret/a", problem.AggregatePassFail, 40, nil, tc("secret/a/1")),
			ng("secret/b", problem.AggregateMin, 60, nil, tc("secret/b/1"), tc("secret/b/2")))).Group}
	tests := res("sample/1:AC", "secret/a/1:AC", "secret/b/1:AC:50", "secret/b/2:AC:20")
	r := Score(sc, tests, nil)
	var got []string
	for _, g := range r.Groups {
		m := "-"
		if g.MaxScore != nil {
			m = ftoa(*g.MaxScore)
		}
		got = append(got, g.Name+" "+string(g.Verdict)+" "+ftoa(g.Score)+"/"+m)
	}
	want := "sample AC 0/0, secret AC 60/100, secret/a AC 40/40, secret/b AC 20/60"
	if strings.Join(got, ", ") != want || r.Score != 60 || *r.MaxScore != 100 {
		t.Errorf("got %s (score %g), want %s", strings.Join(got, ", "), r.Score, want)
	}
	if tests[2].Score == nil || *tests[2].Score != 50 || tests[1].Score != nil {
		t.Errorf("test scores: %v %v", tests[1].Score, tests[2].Score)
	}
}

func ftoa(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// TestScoreNative: a native problem's groups are pass-fail, may share
// tests, and sum; the report lists the groups, not the total.
func TestScoreNative(t *testing.T) {
	root := ng("total", problem.AggregateSum, 100, nil,
		ng("small", problem.AggregatePassFail, 30, nil, tc("s1"), tc("s2")),
		ng("all", problem.AggregatePassFail, 70, nil, tc("b1"), tc("s1"), tc("s2"))).Group
	sc := &problem.Scoring{Rules: problem.Rules2025, Root: root, Native: true}
	for _, c := range []struct {
		tests   []judging.TestResult
		verdict verdict.Verdict
		score   float64
		groups  string
	}{
		{res("sample1:AC", "b1:AC", "s1:AC", "s2:AC"), verdict.AC, 100, "small:AC:30 all:AC:70"},
		{res("sample1:WA", "b1:TLE", "s1:AC", "s2:AC"), verdict.WA, 30, "small:AC:30 all:TLE:0"},
		{res("sample1:AC", "b1:AC", "s1:WA", "s2:AC"), verdict.WA, 0, "small:WA:0 all:WA:0"},
	} {
		r := Score(sc, c.tests, nil)
		var got []string
		for _, g := range r.Groups {
			got = append(got, g.Name+":"+string(g.Verdict)+":"+ftoa(g.Score))
		}
		if r.Verdict != c.verdict || r.Score != c.score || strings.Join(got, " ") != c.groups || *r.MaxScore != 100 {
			t.Errorf("got %s %g %s, want %s %g %s", r.Verdict, r.Score, strings.Join(got, " "), c.verdict, c.score, c.groups)
		}
	}
}
