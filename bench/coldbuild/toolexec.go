package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// toolexecArg marks a run of this program as go build's -toolexec wrapper:
// coldbuild toolexec LOG TOOL ARGS...
const toolexecArg = "toolexec"

// toolRun is one tool invocation as the wrapper records it, a JSON line.
type toolRun struct {
	Tool   string `json:"tool"`
	Pkg    string `json:"pkg"`
	WallNS int64  `json:"wall_ns"`
	UserNS int64  `json:"user_ns"`
	SysNS  int64  `json:"sys_ns"`
}

// wrapTool runs one tool as go build asked, with its standard streams, and
// appends its package (the -p flag; "" for the tool-ID queries and the
// linker gets "link") and its times to the log. It returns the exit code.
func wrapTool(logPath string, argv []string) int {
	if len(argv) == 0 {
		fmt.Fprintln(os.Stderr, "coldbuild toolexec: no tool to run")
		return 2
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		fmt.Fprintf(os.Stderr, "coldbuild toolexec: %s: %v\n", argv[0], err)
		return 2
	}
	r := toolRun{
		Tool:   strings.TrimSuffix(filepath.Base(argv[0]), ".exe"),
		Pkg:    flagValue(argv[1:], "-p"),
		WallNS: int64(wall),
		UserNS: int64(cmd.ProcessState.UserTime()),
		SysNS:  int64(cmd.ProcessState.SystemTime()),
	}
	if r.Tool == "link" {
		r.Pkg = "link"
	}
	if err := appendRun(logPath, r); err != nil {
		fmt.Fprintln(os.Stderr, "coldbuild toolexec:", err)
		return 2
	}
	return cmd.ProcessState.ExitCode()
}

// flagValue returns the value of a "-name value" or "-name=value" flag.
func flagValue(args []string, name string) string {
	for i, a := range args {
		if a == name && i+1 < len(args) {
			return args[i+1]
		}
		if v, ok := strings.CutPrefix(a, name+"="); ok {
			return v
		}
	}
	return ""
}

// appendRun writes one line to the log in a single append, so that tools
// running at once do not interleave.
func appendRun(path string, r toolRun) error {
	line, err := json.Marshal(r)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(append(line, '\n')); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
