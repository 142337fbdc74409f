package grade

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/puzzlejudge/judge/core/checker"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
)

// InteractiveVerdict decides a test of an interactive problem from how
// the submission and the validator ended, in the order of the Kattis
// format (problemtools and DOMjudge agree):
//
//  1. the validator crashed, passed one of its limits, or exited other
//     than 42 or 43: IE (the judge's failure, not the submission's);
//  2. the validator ended first and exited 43: WA, whatever the
//     submission then did (crashed on the closed pipe; had it gone on, it
//     was stopped then: see checker.Validator.Interact);
//  3. the submission passed its CPU or wall time limit: TLE;
//  4. it ended otherwise than by exiting 0 (a signal, an exit status,
//     the memory limit): RE or MLE, as Classify says;
//  5. else the validator's answer: 42 AC, 43 WA.
//
// The message says what the validator said (its judge message, else its
// team message) after what happened to the submission. lim is the
// submission's limits.
func InteractiveVerdict(ix checker.Interaction, lim runner.Limits) (verdict.Verdict, string) {
	said := ix.Message()
	if what, crashed := checker.Crash(ix.Validator, ix.ValidatorLimits); crashed {
		return verdict.IE, "output validator " + join(what, said)
	}
	code := ix.Validator.ExitCode
	if code != checker.ValidatorAC && code != checker.ValidatorWA {
		if said == "" {
			said = firstLines(ix.Validator.Stderr, 1)
		}
		return verdict.IE, "output validator " + join(fmt.Sprintf("exited %d, not 42 (accepted) or 43 (wrong answer)", code), said)
	}
	if ix.ValidatorFirst && code == checker.ValidatorWA {
		if said != "" {
			return verdict.WA, said
		}
		return verdict.WA, "output validator: rejected before the submission ended"
	}
	if v, msg := Classify(ix.Program, lim); v != verdict.AC {
		return v, withValidator(msg, said)
	}
	if code == checker.ValidatorWA {
		return verdict.WA, withValidator("rejected", said)
	}
	return verdict.AC, said
}

// WallLimit is the wall-clock limit of a submission's run whose CPU
// limit is cpu: 2 × cpu + 1 s (runner.DefaultWall), or for an interactive
// problem ceil(2 × cpu) in whole seconds, the limit problemtools gives the
// submission and the validator together (its interactive runner's
// alarm). Here it stops the submission, as TLE; the validator keeps its
// own validation limits, so a validator that hangs on is IE rather than
// problemtools' WA.
func WallLimit(p *problem.Problem, cpu time.Duration) time.Duration {
	if !p.Interactive {
		return runner.DefaultWall(cpu)
	}
	return (2*cpu + time.Second - 1) / time.Second * time.Second
}

// withValidator adds to msg what the validator said, if anything.
func withValidator(msg, said string) string {
	if said == "" {
		return "output validator: " + msg
	}
	if msg == "rejected" {
		return said
	}
	return msg + "; output validator: " + said
}

// interactPass runs one pass of a test of an interactive problem: the
// submission against the output validator, joined by pipes, on input
// (the test's input, or a multi-pass problem's next input), and decides
// its verdict.
func (g *Grader) interactPass(ctx context.Context, prog *compile.Program, v checker.Validator, input, answer, feedback string,
	runLim, lim runner.Limits, tr TestResult) TestResult {
	ix, err := v.Interact(ctx, prog.Spec("", "", runLim), input, answer, feedback)
	if err != nil {
		return internalTest(tr, err)
	}
	fill(&tr, ix.Program)
	tr.Verdict, tr.Message = InteractiveVerdict(ix, lim)
	tr.TeamMessage = ix.TeamMessage
	score, mult, err := checker.ReadScores(feedback)
	switch {
	case err != nil:
		return internalTest(tr, fmt.Errorf("output validator: %w", err))
	case (score != nil || mult != nil) && ix.Validator.ExitCode == checker.ValidatorWA:
		return internalTest(tr, errors.New("output validator wrote a score and exited 43 (wrong answer)"))
	}
	tr.ValidatorScore, tr.ScoreMultiplier = score, mult
	return tr
}

// internalTest is a test the judge failed to judge: IE, with the error (a
// validator's own failure as it says it).
func internalTest(tr TestResult, err error) TestResult {
	tr.Verdict, tr.Message = verdict.IE, err.Error()
	var failed *checker.Failure
	if errors.As(err, &failed) {
		tr.Message = failed.Error()
	}
	return tr
}

// fill records a run's measures in a test result.
func fill(tr *TestResult, res runner.Result) {
	tr.CPU = res.CPU
	tr.Status = res.Status
	tr.TimeMs = res.CPU.Milliseconds()
	tr.WallMs = res.Wall.Milliseconds()
	tr.MemoryKB = res.Memory >> 10
	tr.ExitCode = res.ExitCode
	if res.Status == runner.Signaled || res.Signal != 0 {
		tr.Signal = runner.SignalName(res.Signal)
	}
}
