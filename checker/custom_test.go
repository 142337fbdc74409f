package checker

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/verdict"
)

// checkerScript behaves according to the first line of the output file.
const checkerScript = `#!/bin/sh
mode=$(head -n 1 "$2")
case "$mode" in
ok) echo "all good" >&2; echo "stdout is discarded"; exit 0 ;;
wa) printf '  wrong answer on query 3  \nsecond line\n' >&2; exit 1 ;;
pe) echo "bad spacing" >&2; exit 2 ;;
crash) echo "cannot parse input" >&2; exit 3 ;;
silent) exit 4 ;;
signal) kill -9 $$ ;;
sleep) sleep 30; exit 0 ;;
chatty) head -c 1000000 /dev/zero | tr '\0' x >&2; echo >&2; exit 1 ;;
args) echo "$1|$2|$3" >&2; exit 0 ;;
esac
echo "unknown mode $mode" >&2
exit 5
`

func TestCustom(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("needs /bin/sh")
	}
	dir := t.TempDir()
	script := filepath.Join(dir, "checker.sh")
	if err := os.WriteFile(script, []byte(checkerScript), 0o755); err != nil {
		t.Fatal(err)
	}
	in := writeFile(t, dir, "t.in", "1 2\n")
	exp := writeFile(t, dir, "t.ans", "3\n")

	tests := []struct {
		mode    string
		timeout time.Duration
		want    verdict.Verdict
		msg     string
		errMsg  string // non-empty if an error is expected
	}{
		{mode: "ok", want: verdict.AC, msg: "all good"},
		{mode: "wa", want: verdict.WA, msg: "wrong answer on query 3"},
		{mode: "pe", want: verdict.PE, msg: "bad spacing"},
		{mode: "args", want: verdict.AC, msg: in + "|" + filepath.Join(dir, "args.out") + "|" + exp},
		{mode: "chatty", want: verdict.WA, msg: strings.Repeat("x", maxMessage)},
		{mode: "crash", errMsg: "exit status 3: cannot parse input"},
		{mode: "silent", errMsg: "exit status 4"},
		{mode: "signal", errMsg: "signal: killed"},
		{mode: "sleep", timeout: 300 * time.Millisecond, errMsg: "timed out after 300ms"},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			out := writeFile(t, dir, tt.mode+".out", tt.mode+"\n")
			c := Custom{Path: script, Timeout: tt.timeout}
			start := time.Now()
			res, err := c.Check(context.Background(), in, out, exp)
			if elapsed := time.Since(start); elapsed > 5*time.Second {
				t.Errorf("took %v", elapsed)
			}
			if tt.errMsg != "" {
				if err == nil || !strings.Contains(err.Error(), tt.errMsg) {
					t.Fatalf("Check = %+v, %v; want error containing %q", res, err, tt.errMsg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != tt.want || res.Message != tt.msg {
				t.Errorf("Check = %+v, want %s %q", res, tt.want, tt.msg)
			}
		})
	}

	t.Run("cancelled", func(t *testing.T) {
		out := writeFile(t, dir, "cancel.out", "sleep\n")
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		_, err := Custom{Path: script}.Check(ctx, in, out, exp)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("error = %v, want context.DeadlineExceeded", err)
		}
	})

	t.Run("missing binary", func(t *testing.T) {
		out := writeFile(t, dir, "missing.out", "ok\n")
		if _, err := (Custom{Path: filepath.Join(dir, "nope")}).Check(context.Background(), in, out, exp); err == nil {
			t.Error("no error for missing checker binary")
		}
	})
}
