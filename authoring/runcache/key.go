package runcache

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/puzzlejudge/judge/runner"
)

// Version is the format version of keys and entries. Change it when what
// a key covers or what an entry holds changes: every old entry is then a
// miss.
const Version = 2

// Key names everything a run's outcome depends on. Hashes are hex sha256
// digests (see HashFile, HashFiles).
type Key struct {
	// Kind is what the run was: "solution" (a solution or a Kattis
	// submission on a test, with its checker's verdict), "validator" (an input validator on an
	// input), "generator" (a test generator's call, with the validator's
	// answer on what it printed).
	Kind string `json:"kind"`
	// Program is the hash of the program's files, names and bytes.
	Program string `json:"program"`
	// Runtime identifies the compiler or runtime that made and runs the
	// program (its version output).
	Runtime string `json:"runtime"`
	// Run is the command that runs the program, and Env what it adds to
	// the environment.
	Run []string `json:"run"`
	Env []string `json:"env"`
	// Input and Answer are the hashes of the test's input and expected
	// output; a generator's Input is the hash of its seed and arguments.
	Input  string `json:"input"`
	Answer string `json:"answer"`
	// Limits are the limits the run was under; TimeLimit is the CPU
	// limit its verdict is stated against (less than Limits.CPU when a
	// solution runs past the limit to see by how much).
	Limits    runner.Limits `json:"limits"`
	TimeLimit int64         `json:"time_limit_ns"`
	// Checker says how the output was checked: the kind, its tolerances
	// and the hash of a custom checker's or interactor's program (for a
	// generator, the validator's); CheckerArgs are the flags it got on
	// the test (a Kattis input validator's flags, for its runs).
	Checker     string   `json:"checker"`
	CheckerArgs []string `json:"checker_args"`
	// Sandbox is the sandbox mode, full or basic.
	Sandbox runner.Mode `json:"sandbox"`
}

// Sum returns the key's name in the store: the hex sha256 of the format
// version and every field.
func (k Key) Sum() string {
	// A Key holds only strings, numbers and lists of strings: it always
	// marshals.
	data, _ := json.Marshal(k)
	h := sha256.New()
	fmt.Fprintf(h, "runcache v%d\x00", Version)
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil))
}

// HashFile returns the hex sha256 of a file's bytes.
func HashFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("hash: %w", err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("hash %s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// HashBytes returns the hex sha256 of data: HashFile of a file holding
// them.
func HashBytes(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// HashFiles returns the hex sha256 of files: each one's name in the box,
// size and bytes, in order.
func HashFiles(files []runner.File) (string, error) {
	h := sha256.New()
	for _, f := range files {
		if err := hashFile(h, f); err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// hashFile writes f's name, size and bytes to h, streamed rather than
// read whole: programs are megabytes each.
func hashFile(h io.Writer, f runner.File) error {
	file, err := os.Open(f.Path)
	if err != nil {
		return fmt.Errorf("hash: %w", err)
	}
	defer file.Close()
	fi, err := file.Stat()
	if err != nil {
		return fmt.Errorf("hash: %w", err)
	}
	fmt.Fprintf(h, "%q %d\x00", f.Name, fi.Size())
	n, err := io.Copy(h, file)
	if err != nil {
		return fmt.Errorf("hash %s: %w", f.Path, err)
	}
	if n != fi.Size() {
		return fmt.Errorf("hash %s: changed while read (%d bytes of %d)", f.Path, n, fi.Size())
	}
	return nil
}
