package checker

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"

	"github.com/puzzlejudge/judge/runner"
)

// NextPassFile is the feedback file in which a multi-pass validator
// leaves the input of the next pass.
const NextPassFile = "nextpass.in"

// Interaction is how one run of a submission against an interactive
// validator ended: both runs, which ended first, and what the validator
// wrote in its feedback folder.
type Interaction struct {
	Program, Validator runner.Result
	// ValidatorLimits are the limits the validator ran under.
	ValidatorLimits runner.Limits
	// ValidatorFirst says the validator ended before the submission.
	ValidatorFirst bool
	// JudgeMessage and TeamMessage are the first lines of
	// judgemessage.txt and teammessage.txt ("" if not written).
	JudgeMessage, TeamMessage string
}

// Message is what the validator said: its judge message, else its team
// message.
func (ix Interaction) Message() string {
	if ix.JudgeMessage != "" {
		return ix.JudgeMessage
	}
	return ix.TeamMessage
}

// Interact runs the submission prog (a spec with no standard input or
// output of its own) against the validator as interactor, joined by
// pipes (runner.RunInteraction), the validator run as
//
//	validator {prog}/testdata.in {prog}/testdata.ans {box}/ [args]
//
// under v.Limits. The submission never sees the input file; when the
// validator ends first otherwise than by accepting (exit 42), the
// submission is stopped then (runner.Stopped), its time what it used
// until then. feedback is
// the feedback folder on the host: the files in it are placed in {box}/
// before the run (so a multi-pass validator finds what it left), and the
// regular files it then holds (judgemessage.txt, teammessage.txt,
// score.txt, nextpass.in, and any other) are copied back after it. What the verdict is, is the
// caller's to decide from the Interaction. An error is the judge's own
// failure.
func (v Validator) Interact(ctx context.Context, prog runner.Spec, input, answer, feedback string) (Interaction, error) {
	var ix Interaction
	c := v.Custom
	if c.Sandbox == nil || c.Program == nil {
		return ix, errors.New("interactive validator: no sandbox or no compiled program")
	}
	lim := c.Limits
	if lim == (runner.Limits{}) {
		lim = CustomLimits()
	}
	lim = lim.WithDefaults()
	ix.ValidatorLimits = lim
	files := slices.Clone(c.Program.Files)
	for _, f := range files {
		if slices.Contains(validatorFiles, f.Name) {
			return ix, fmt.Errorf("interactive validator: its file %q has the name of one of the files it checks", f.Name)
		}
	}
	staged, cleanup, err := stage([]string{input, answer}, validatorFiles)
	if err != nil {
		return ix, fmt.Errorf("interactive validator: %w", err)
	}
	defer cleanup()
	spec := c.Program.Spec("", "", lim)
	spec.Args = append(slices.Clone(spec.Args), "{prog}/"+validatorFiles[0], "{prog}/"+validatorFiles[1], "{box}/")
	spec.Args = append(spec.Args, v.Args...)
	for i, name := range validatorFiles {
		files = append(files, runner.File{Name: name, Path: staged[i]})
	}
	spec.Program = files
	if spec.Work, err = feedbackWork(feedback); err != nil {
		return ix, fmt.Errorf("interactive validator: %w", err)
	}
	spec.CollectAll, spec.CollectDir = true, feedback

	accepted := func(r runner.Result) bool { return r.Status == runner.Exited && r.ExitCode == ValidatorAC }
	res, err := c.Sandbox.RunInteraction(ctx, runner.Interaction{
		Program:    prog,
		Interactor: spec,
		// After an accepting validator, the submission's further output
		// is dropped; after any other end it gets EPIPE (problemtools).
		KeepReading: accepted,
		// Any other end decides the test (WA, or the judge's error), so
		// the submission is stopped then, as BAPCtools and Kattis do,
		// rather than left to spin to its limit. After an accept it runs
		// on: it may still crash or pass a limit.
		StopProgram: func(r runner.Result) bool { return !accepted(r) },
	})
	if err != nil {
		if ctx.Err() != nil {
			return ix, fmt.Errorf("interactive validator: %w", ctx.Err())
		}
		return ix, fmt.Errorf("interactive run: %w", err)
	}
	ix.Program, ix.Validator, ix.ValidatorFirst = res.Program, res.Interactor, res.InteractorFirst
	ix.JudgeMessage = readFirstLine(filepath.Join(feedback, JudgeMessageFile))
	ix.TeamMessage = readFirstLine(filepath.Join(feedback, TeamMessageFile))
	return ix, nil
}

// feedbackWork lists the regular files of the feedback folder on the host,
// and of its sub-folders (under their paths in it: state/seen.txt), to be
// placed in the validator's {box}/.
func feedbackWork(feedback string) ([]runner.File, error) {
	var work []runner.File
	err := filepath.WalkDir(feedback, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			rel, err := filepath.Rel(feedback, path)
			if err != nil {
				return err
			}
			work = append(work, runner.File{Name: rel, Path: path})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("feedback folder: %w", err)
	}
	return work, nil
}
