package convert

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"

	"github.com/puzzlejudge/judge/internal/fileutil"
)

// mainFunc and exitZero find what the adapter rewrites in a native
// validator's main.go.
var (
	mainFunc = regexp.MustCompile(`(?m)^func main\(\) \{`)
	exitZero = regexp.MustCompile(`\bos\.Exit\(0\)`)
	importOS = regexp.MustCompile(`(?m)^\s*"os"$|^import "os"$`)
)

// adapterTail is appended to the validator's source: its main, renamed,
// returns (or exits 0) on a valid input, and the format wants 42.
const adapterTail = `
// main runs the native validator, which returns on a valid input and
// exits non-zero on an invalid one, and exits 42 as the Kattis format's
// input validators do (added by judge export).
func main() {
	nativeMain()
	os.Exit(42)
}
`

// writeInputValidator exports a native validator that is one main.go
// importing os as input_validators/validate.go, with its main renamed and
// an adapter main that exits 42 when it returns; ok is false (and nothing
// written) for a validator it cannot adapt.
func writeInputValidator(validatorDir, dir string) (bool, error) {
	entries, err := os.ReadDir(validatorDir)
	if err != nil {
		return false, fmt.Errorf("%s: %w", validatorDir, fileutil.UnwrapPath(err))
	}
	if len(entries) != 1 || entries[0].Name() != "main.go" {
		return false, nil
	}
	src, err := os.ReadFile(filepath.Join(validatorDir, "main.go"))
	if err != nil {
		return false, fmt.Errorf("%s: %w", validatorDir, fileutil.UnwrapPath(err))
	}
	if len(mainFunc.FindAll(src, -1)) != 1 || !importOS.Match(src) || bytes.Contains(src, []byte("nativeMain")) {
		return false, nil
	}
	src = mainFunc.ReplaceAll(src, []byte("func nativeMain() {"))
	src = exitZero.ReplaceAll(src, []byte("os.Exit(42)"))
	src = append(src, adapterTail...)
	return true, writeFile(filepath.Join(dir, "input_validators", "validate.go"), src)
}
