package convert

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"

	"github.com/puzzlejudge/judge/internal/fileutil"
)

// osExit finds the exits a native checker's verdicts go through.
var osExit = regexp.MustCompile(`\bos\.Exit\(`)

// checkerAdapterTail is appended to a native custom checker's source: it
// runs the checker (main renamed) as "checker input output answer" with
// the output read from stdin into the feedback folder and its message
// into judgemessage.txt, and maps the
// testlib exit codes to the format's: 0 → 42, 1 and 2 → 43, else 1.
const checkerAdapterTail = `
// main runs the native checker as a Kattis output validator, called as
// "validator input answer feedback_dir < output" (added by judge export).
func main() {
	if len(os.Args) < 4 {
		os.Exit(1)
	}
	msg, err := os.Create(os.Args[3] + "/judgemessage.txt")
	if err == nil {
		os.Stderr = msg
	}
	// The box lets no one open /dev/stdin: the output goes to a file in
	// the feedback folder, the one place the validator may write.
	out := os.Args[3] + "/team_output"
	f, err := os.Create(out)
	if err != nil {
		os.Exit(1)
	}
	if _, err := f.ReadFrom(os.Stdin); err != nil {
		os.Exit(1)
	}
	if err := f.Close(); err != nil {
		os.Exit(1)
	}
	os.Args = []string{os.Args[0], os.Args[1], out, os.Args[2]}
	nativeMain()
	kattisExit(0)
}

// kattisExit exits with the format's code for a testlib exit code.
func kattisExit(code int) {
	switch code {
	case 0:
		os.Exit(42)
	case 1, 2:
		os.Exit(43)
	}
	os.Exit(1)
}
`

// writeOutputChecker exports a native custom checker that is one Go file
// importing os as the output validator, adapted as checkerAdapterTail
// says; ok is false (and nothing written) for one it cannot adapt.
func writeOutputChecker(source, dest string) (bool, error) {
	src, err := os.ReadFile(source)
	if err != nil {
		return false, fmt.Errorf("%s: %w", source, fileutil.UnwrapPath(err))
	}
	entries, err := os.ReadDir(filepath.Dir(source))
	if err != nil {
		return false, fmt.Errorf("%s: %w", filepath.Dir(source), fileutil.UnwrapPath(err))
	}
	if len(entries) != 1 || len(mainFunc.FindAll(src, -1)) != 1 || !importOS.Match(src) ||
		bytes.Contains(src, []byte("nativeMain")) || bytes.Contains(src, []byte("kattisExit")) {
		return false, nil
	}
	src = mainFunc.ReplaceAll(src, []byte("func nativeMain() {"))
	src = osExit.ReplaceAll(src, []byte("kattisExit("))
	src = append(src, checkerAdapterTail...)
	return true, writeFile(dest, src)
}
