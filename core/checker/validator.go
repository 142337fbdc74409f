package checker

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/puzzlejudge/judge/core/verdict"
)

// Exit statuses of a Kattis output validator.
const (
	ValidatorAC = 42
	ValidatorWA = 43
)

// Names of the feedback files a Kattis output validator may write.
const (
	JudgeMessageFile = "judgemessage.txt"
	TeamMessageFile  = "teammessage.txt"
	ScoreFile        = "score.txt"
	// MultiplierFile is 2025-09's score_multiplier.txt.
	MultiplierFile = "score_multiplier.txt"
)

// validatorFiles are the names its input and answer get in {prog}.
var validatorFiles = []string{"testdata.in", "testdata.ans"}

// Validator is a Kattis custom output validator, run in a box of
// Custom.Sandbox (the same path as a native custom checker) as
//
//	validator {prog}/testdata.in {prog}/testdata.ans {box}/ [args] < output
//
// where {box}/ is its feedback folder, empty and writable. Exit 42 is AC
// and 43 WA; every other end (0 included, a signal, a limit) is the
// judge's failure, a *Failure. The first line of judgemessage.txt (else
// of teammessage.txt) is the test's message; score.txt, when written, is
// the test's score, and must be a number; a score with exit 43 is a
// failure.
type Validator struct {
	Custom
	// Args are the validator's flags on this test.
	Args []string
}

// WithArgs implements ArgsChecker.
func (v Validator) WithArgs(args []string) (Checker, error) {
	v.Args = args
	return v, nil
}

// Check implements Checker.
func (v Validator) Check(ctx context.Context, input, output, expected string) (Result, error) {
	feedback, err := os.MkdirTemp("", "judge-feedback-")
	if err != nil {
		return Result{}, fmt.Errorf("output validator: %w", err)
	}
	defer os.RemoveAll(feedback)
	return v.CheckIn(ctx, input, output, expected, feedback)
}

// CheckIn is Check with the feedback folder on the host given: the files
// in it are placed in the validator's {box}/ first (a multi-pass
// validator finds what it left there), and the regular files it then
// holds (judgemessage.txt, teammessage.txt, score.txt, nextpass.in, and
// any other) are copied back into it afterwards.
func (v Validator) CheckIn(ctx context.Context, input, output, expected, feedback string) (Result, error) {
	work, err := feedbackWork(feedback)
	if err != nil {
		return Result{}, fmt.Errorf("output validator: %w", err)
	}
	res, lim, err := v.runBoxed(ctx, boxedRun{
		files:      []string{input, expected},
		names:      validatorFiles,
		args:       append([]string{"{prog}/" + validatorFiles[0], "{prog}/" + validatorFiles[1], "{box}/"}, v.Args...),
		stdin:      output,
		work:       work,
		collectAll: true,
		collectDir: feedback,
	})
	if err != nil {
		return Result{}, err
	}
	judgeMsg := readFirstLine(filepath.Join(feedback, JudgeMessageFile))
	if what, crashed := Crash(res, lim); crashed {
		return Result{}, &Failure{What: "(output validator) " + join(what, judgeMsg)}
	}
	team := readFirstLine(filepath.Join(feedback, TeamMessageFile))
	msg := judgeMsg
	if msg == "" {
		msg = team
	}
	score, mult, err := ReadScores(feedback)
	if err != nil {
		return Result{}, &Failure{What: "(output validator) " + err.Error()}
	}
	switch res.ExitCode {
	case ValidatorAC:
		return Result{Verdict: verdict.AC, Message: msg, TeamMessage: team, Score: score, Multiplier: mult}, nil
	case ValidatorWA:
		if score != nil || mult != nil {
			return Result{}, &Failure{What: "(output validator) wrote score.txt and exited 43 (wrong answer)"}
		}
		return Result{Verdict: verdict.WA, Message: msg, TeamMessage: team}, nil
	}
	if msg == "" {
		msg = firstLine(res.Stderr)
	}
	return Result{}, &Failure{What: "(output validator) " + join(fmt.Sprintf("exited %d, not 42 (accepted) or 43 (wrong answer)", res.ExitCode), msg)}
}

// readFirstLine returns the first line of a feedback file, as a message,
// or "" if there is none.
func readFirstLine(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	buf := make([]byte, 4096)
	n, _ := f.Read(buf)
	return firstLine(bytes.TrimLeft(buf[:n], " \t\r\n"))
}

// ReadScores reads the scores an output validator left in its feedback
// folder: score.txt and score_multiplier.txt, each nil when not written.
// A file that is not one number is an error.
func ReadScores(feedback string) (score, multiplier *float64, err error) {
	for _, f := range []struct {
		name string
		to   **float64
	}{{ScoreFile, &score}, {MultiplierFile, &multiplier}} {
		x, ok, err := readScore(filepath.Join(feedback, f.name), f.name)
		if err != nil {
			return nil, nil, err
		}
		if ok {
			*f.to = &x
		}
	}
	return score, multiplier, nil
}

// readScore reads score.txt (or score_multiplier.txt, name): one number.
func readScore(path, name string) (float64, bool, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, false, nil
	}
	s := strings.TrimSpace(string(data))
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		shown := []byte(s)
		return 0, false, fmt.Errorf("%s: %s is not a number", name, show(shown, false))
	}
	return x, true, nil
}
