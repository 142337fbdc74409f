package author

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/problem"
)

// InputValidatorValid is the exit status with which an input_validator
// program accepts an input: 42, the Kattis convention.
const InputValidatorValid = 42

// CompileValidator compiles a problem's validator: validator/main.go, or
// its input_validator program in the language of its extension. It
// returns the program and the exit status that means valid (0 or
// InputValidatorValid); nil when the problem has no validator.
func (tl *Tools) CompileValidator(ctx context.Context, p *problem.Problem) (*compile.Program, int, compile.Compilation, error) {
	switch {
	case p.Validator != "":
		prog, comp, err := tl.CompileGo(ctx, filepath.Join(p.Validator, "main.go"))
		return prog, 0, comp, err
	case p.InputValidator != "":
		lang, err := tl.Config.Language(p.InputValidator, "")
		if err != nil {
			return nil, 0, compile.Compilation{}, fmt.Errorf("input_validator: %w", err)
		}
		prog, comp, err := tl.compile(ctx, lang, p.InputValidator)
		return prog, InputValidatorValid, comp, err
	}
	return nil, 0, compile.Compilation{}, nil
}
