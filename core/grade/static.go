package grade

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/puzzlejudge/judge/core/checker"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
)

// staticFeedback is the static validator's feedback folder in its
// working directory, beside the submission's files.
const staticFeedback = ".feedback"

// staticJudge runs a 2025-09 static validator on one submission: in a box
// under the validation limits, as
//
//	static_validator LANGUAGE ENTRY_POINT {box}/.feedback/ [static_validator_args]
//
// with the submission's files (as submitted, without include/) in its
// working directory {box}. Exit 42 accepts and 43 rejects (WA), as an
// output validator's; judgemessage.txt (else teammessage.txt) gives the
// message, score.txt or score_multiplier.txt the score; anything else is
// the judge's error (IE), naming the static validator.
type staticJudge struct {
	sandbox *runner.Sandbox
	prog    *compile.Program
	limits  runner.Limits
	files   []runner.File // the submission's files, under their names
	lang    string        // the submission's language code
	entry   string        // its entry point
	empty   string        // an empty host file that makes the feedback folder
	name    string        // the static validator's name in messages
}

// withStatic puts each of the problem's static validation test cases
// before the first test of its group (at the end when its group has
// none).
func withStatic(p *problem.Problem, tests []problem.Test) []problem.Test {
	if p.Kattis == nil || len(p.Kattis.StaticTests) == 0 {
		return tests
	}
	out := slices.Clone(tests)
	for _, st := range p.Kattis.StaticTests {
		at := len(out)
		for i, t := range out {
			if !t.Static && (t.Group == st.Group || strings.HasPrefix(t.Group, st.Group+"/")) {
				at = i
				break
			}
		}
		out = slices.Insert(out, at, st)
	}
	return out
}

// staticJudge compiles the problem's static validator for a submission's
// files; nil when none of tests is a static validation test case. The
// caller removes the judge's temporary file with close.
func (g *Grader) staticJudge(ctx context.Context, p *problem.Problem, sub Submission, tests []problem.Test) (*staticJudge, error) {
	if !slices.ContainsFunc(tests, func(t problem.Test) bool { return t.Static }) {
		return nil, nil
	}
	prog, comp, err := g.CompileProgram(ctx, p.Kattis.StaticValidator)
	if err != nil {
		return nil, fmt.Errorf("static validator: %w", err)
	}
	if !comp.OK {
		return nil, fmt.Errorf("static validator %s does not compile: %s", p.Kattis.StaticValidator, comp.Output)
	}
	empty, err := os.CreateTemp(g.TempDir, "judge-static-")
	if err != nil {
		return nil, fmt.Errorf("static validator: %w", err)
	}
	empty.Close()
	files := append([]runner.File{{Name: filepath.Base(sub.Source), Path: sub.Source}}, sub.Extra...)
	return &staticJudge{
		sandbox: g.Sandbox, prog: prog, limits: ValidationLimits(p), files: files,
		lang: LanguageCode(sub.Language), entry: entryPoint(sub.Language, sub.Source), empty: empty.Name(),
		name: staticName(p),
	}, nil
}

// staticName names the problem's static validator in messages: its path
// in the package, a folder with a slash (static_validator/).
func staticName(p *problem.Problem) string {
	name, err := filepath.Rel(p.Dir, p.Kattis.StaticValidator)
	if err != nil {
		name = filepath.Base(p.Kattis.StaticValidator)
	}
	if fi, err := os.Stat(p.Kattis.StaticValidator); err == nil && fi.IsDir() {
		name += "/"
	}
	return filepath.ToSlash(name)
}

// close removes the judge's temporary file.
func (s *staticJudge) close() {
	if s != nil {
		os.Remove(s.empty)
	}
}

// LanguageCode is a language's code in the 2025-09 format's languages
// table, which a static validator gets: the language's name, python3 for
// python.
func LanguageCode(lang *compile.Language) string {
	if lang.Name == "python" {
		return "python3"
	}
	return lang.Name
}

// entryPoint is what a static validator gets as the submission's entry
// point: the main file's name, and for Java and Kotlin its class name
// (the file's name without extension).
func entryPoint(lang *compile.Language, source string) string {
	base := filepath.Base(source)
	if lang.Name == "java" || lang.Name == "kotlin" {
		return strings.TrimSuffix(base, filepath.Ext(base))
	}
	return base
}

// run judges the submission's files on the static validation test case t.
func (s *staticJudge) run(ctx context.Context, t problem.Test) TestResult {
	tr := TestResult{Name: t.Name, Sample: t.Sample}
	ie := func(msg string) TestResult {
		tr.Verdict, tr.Message = verdict.IE, "static validator "+s.name+": "+msg
		return tr
	}
	collected, err := os.MkdirTemp("", "judge-static-feedback-")
	if err != nil {
		return ie(err.Error())
	}
	defer os.RemoveAll(collected)
	spec := s.prog.Spec("", "", s.limits)
	spec.Args = append(slices.Clone(spec.Args), s.lang, s.entry, "{box}/"+staticFeedback+"/")
	spec.Args = append(spec.Args, t.CheckerArgs...)
	spec.Work = append(slices.Clone(s.files), runner.File{Name: staticFeedback + "/.keep", Path: s.empty})
	spec.CollectAll, spec.CollectDir = true, collected
	res, err := s.sandbox.Run(ctx, spec)
	if err != nil {
		return ie(err.Error())
	}
	feedback := filepath.Join(collected, staticFeedback)
	msg := firstFileLine(filepath.Join(feedback, checker.JudgeMessageFile))
	if what, crashed := checker.Crash(res, spec.Limits); crashed {
		return ie(join(what, msg))
	}
	team := firstFileLine(filepath.Join(feedback, checker.TeamMessageFile))
	if msg == "" {
		msg = team
	}
	tr.TeamMessage = team
	score, mult, err := checker.ReadScores(feedback)
	if err != nil {
		return ie(err.Error())
	}
	switch res.ExitCode {
	case checker.ValidatorAC:
		tr.Verdict, tr.Message, tr.ValidatorScore, tr.ScoreMultiplier = verdict.AC, msg, score, mult
	case checker.ValidatorWA:
		if score != nil || mult != nil {
			return ie("wrote a score and exited 43 (rejected)")
		}
		tr.Verdict, tr.Message = verdict.WA, msg
	default:
		if msg == "" {
			msg = firstLines(res.Stderr, 1)
		}
		return ie(join(fmt.Sprintf("exited %d, not 42 (accepted) or 43 (rejected)", res.ExitCode), msg))
	}
	return tr
}

// firstFileLine returns the first line of a feedback file, "" when there
// is none.
func firstFileLine(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	data = bytes.TrimLeft(data, " \t\r\n")
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		data = data[:i]
	}
	if len(data) > 512 {
		data = data[:512]
	}
	return strings.TrimSpace(string(data))
}
