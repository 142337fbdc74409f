package problem

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/puzzlejudge/judge/core/feedback"
	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/core/problem/kattis"
)

// Formats of problem packages.
const (
	FormatNative = "native" // problems/<slug>/ with problem.yaml, statement.md and tests/
	FormatKattis = "kattis" // the Kattis problem package format
)

// KattisInfo is what a Kattis package says beyond the native model.
type KattisInfo struct {
	// Package is the package as read.
	Package *kattis.Package
	// Version is the package's problem_format_version.
	Version kattis.Version
	// TimeFromSubmissions reports that the package gives no time limit:
	// Limits.Time is zero and must be derived from the accepted
	// submissions' times (DeriveTimeLimit) before judging.
	TimeFromSubmissions bool
	// Interactive, MultiPass and Scoring are the problem's types.
	Interactive, MultiPass, Scoring bool
	// ValidationLimits are the limits of the output and input validators
	// (validation_time, validation_memory, validation_output).
	ValidationLimits Limits
	// CompilationLimits are the limits of compiling a submission.
	CompilationLimits Limits
	// StaticValidator is the absolute path of the 2025-09 static
	// validator (a file or folder), "" when there is none; StaticTests
	// are its static validation test cases (Test.Static), one per group
	// that has static_validation_score, in the order of the groups. They
	// are not in Problem.Tests: grading puts each before the first test
	// of its group.
	StaticValidator string
	StaticTests     []Test
}

// LoadKattis loads a Kattis problem package into the problem model: its
// test cases (named by their path under data/, in the format's
// lexicographic order, with the output validator flags of their groups),
// its limits (the time limit zero, with TimeFromSubmissions, when the
// package gives none) and its output validator, default or custom.
func LoadKattis(dir string) (*Problem, error) {
	pk, err := kattis.Load(dir)
	if err != nil {
		return nil, err
	}
	md := pk.Metadata
	l := md.Limits
	p := &Problem{
		Slug:      filepath.Base(pk.Dir),
		Dir:       pk.Dir,
		Title:     md.Name,
		Statement: pk.Statement,
		Format:    FormatKattis,
		Feedback:  feedback.Default,
		Limits: Limits{
			Time:   seconds(l.TimeLimit),
			Memory: int64(l.Memory) * figures.MiB,
			Output: int64(l.Output) * figures.MiB,
		},
		Checker:     CheckerSpec{Kind: CheckerDefault},
		Interactive: md.Interactive,
		Passes:      passes(md),
		Kattis: &KattisInfo{
			Package:             pk,
			Version:             md.Version,
			TimeFromSubmissions: l.TimeLimit == 0,
			Interactive:         md.Interactive,
			MultiPass:           md.MultiPass,
			Scoring:             md.Scoring,
			ValidationLimits: Limits{
				Time:   seconds(float64(l.ValidationTime)),
				Memory: int64(l.ValidationMemory) * figures.MiB,
				Output: int64(l.ValidationOutput) * figures.MiB,
			},
			CompilationLimits: Limits{
				Time:   seconds(float64(l.CompilationTime)),
				Memory: int64(l.CompilationMemory) * figures.MiB,
			},
		},
	}
	if p.Title == "" {
		p.Title = p.Slug
	}
	if pk.OutputValidator != nil {
		p.Checker = CheckerSpec{Kind: CheckerValidator, Source: pk.OutputValidator.Path}
	}
	if pk.StaticValidator != nil {
		p.Kattis.StaticValidator = pk.StaticValidator.Path
	}
	for _, sc := range pk.StaticCases {
		p.Kattis.StaticTests = append(p.Kattis.StaticTests, Test{Name: sc.Name, Sample: sc.Sample, Group: sc.Group, CheckerArgs: sc.Args, Static: true})
	}
	if md.Scoring {
		if p.Scoring, err = kattisScoring(dir, pk); err != nil {
			return nil, err
		}
	} else if err := passFailCustom(dir, pk); err != nil {
		return nil, err
	}
	for _, c := range pk.Cases {
		args := slices.Concat(md.ValidatorFlags, c.Settings.OutputValidatorFlags)
		p.Tests = append(p.Tests, Test{
			Name:          c.Name,
			Input:         c.Input,
			Output:        c.Answer,
			Sample:        c.Sample,
			Group:         c.Group,
			CheckerArgs:   args,
			ValidatorArgs: c.Settings.InputValidatorFlags,
		})
	}
	return p, nil
}

// ReadStatement reads the problem's statement file; a Kattis package's
// Markdown statement has its constants substituted, as the format says
// (a LaTeX one says \constant{name}, which is left to LaTeX).
func (p *Problem) ReadStatement() ([]byte, error) {
	data, err := os.ReadFile(p.Statement)
	if err != nil || p.Kattis == nil || p.Kattis.Package == nil || filepath.Ext(p.Statement) != ".md" {
		return data, err
	}
	return p.Kattis.Package.Metadata.Constants.Substitute(data), nil
}

// seconds converts seconds to a duration, to the millisecond.
func seconds(s float64) time.Duration {
	return time.Duration(math.Round(s*1000)) * time.Millisecond
}

// passes is the most passes of a multi-pass problem's test, 0 for others.
func passes(md *kattis.Metadata) int {
	if !md.MultiPass {
		return 0
	}
	return max(md.Limits.ValidationPasses, 1)
}
