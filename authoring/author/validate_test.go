package author

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/puzzlejudge/judge/core/config"
	"github.com/puzzlejudge/judge/core/engine"
	"github.com/puzzlejudge/judge/runner"
)

func TestMain(m *testing.M) {
	// The sandbox runs this test binary again as its box helper.
	runner.Init()
	os.Exit(m.Run())
}

// modeValidator accepts "ok", rejects "bad" and otherwise fails as its
// input says.
const modeValidator = `package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
)

func main() {
	in, _ := io.ReadAll(os.Stdin)
	switch mode := strings.TrimSpace(string(in)); mode {
	case "ok":
	case "bad":
		fmt.Fprintln(os.Stderr, "line 1: want two integers")
		os.Exit(1)
	case "quiet":
		os.Exit(3)
	case "panic":
		var m map[string]int
		m[mode]++
	case "deadlock":
		select {}
	case "signal":
		syscall.Kill(os.Getpid(), syscall.SIGTERM)
		select {}
	}
}
`

// TestValidate checks that a validator runs in a box and that a validator
// the Go runtime ended, or a signal killed, is a named crash rather than a
// rejection of the input.
func TestValidate(t *testing.T) {
	cfg, err := config.Load("../../configs/judge.yaml", nil)
	if err != nil {
		t.Fatal(err)
	}
	eng, err := engine.Open(cfg, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	tl := &Tools{Engine: eng}
	dir := t.TempDir()
	src := filepath.Join(dir, "main.go")
	writeFiles(t, dir, map[string]string{"main.go": modeValidator})
	prog, _, err := tl.CompileGo(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		input   string
		valid   bool
		crashed bool
		msg     string
	}{
		{"ok", true, false, ""},
		{"bad", false, false, "line 1: want two integers"},
		{"quiet", false, false, "exit 3"},
		{"panic", false, true, "validator panicked: assignment to entry in nil map"},
		{"deadlock", false, true, "validator crashed: fatal error: all goroutines are asleep - deadlock!"},
		{"signal", false, true, "validator was killed by SIGTERM"},
	}
	for _, tt := range tests {
		t.Run(tt.input, func(t *testing.T) {
			in := filepath.Join(t.TempDir(), "t.in")
			writeFiles(t, filepath.Dir(in), map[string]string{"t.in": tt.input + "\n"})
			v, err := tl.Validate(context.Background(), prog, in)
			if err != nil {
				t.Fatal(err)
			}
			if v.Valid != tt.valid || v.Crashed != tt.crashed || v.Message != tt.msg {
				t.Errorf("Validate = valid %v, crashed %v, %q; want %v, %v, %q", v.Valid, v.Crashed, v.Message, tt.valid, tt.crashed, tt.msg)
			}
		})
	}
}
