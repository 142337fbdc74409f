package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
)

// failedRecord is what the judge remembers of the last runs of one source
// on one problem: the tests that failed, for submit --failed. It lives in
// the cache folder, under failed/, named by a hash of the problem's
// folder and the source (its absolute path; or its content, for a source
// read from stdin): so that --failed still finds it after the source is
// edited, which is when it is wanted.
type failedRecord struct {
	Problem string   `json:"problem"`
	Source  string   `json:"source"`
	Failed  []string `json:"failed"`
}

// failedPath returns the record's file for a problem folder and a source
// key.
func failedPath(cacheDir, problemDir, sourceKey string) string {
	sum := sha256.Sum256([]byte(problemDir + "\x00" + sourceKey))
	return filepath.Join(cacheDir, "failed", hex.EncodeToString(sum[:16])+".json")
}

// readFailed returns the record at path; ok is false when there is none.
func readFailed(path string) (rec failedRecord, ok bool, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return rec, false, nil
	}
	if err != nil {
		return rec, false, fmt.Errorf("read the failed tests: %w", err)
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		return rec, false, fmt.Errorf("%s: %w", path, err)
	}
	return rec, true, nil
}

// updateFailed records the failures of a run at path: the tests the run
// judged are dropped from the record and those that failed added; tests
// it did not run keep what was recorded. The file is replaced whole.
func updateFailed(path string, rec failedRecord, rep *grade.Report) error {
	ran := map[string]bool{}
	var failed []string
	for _, t := range rep.Tests {
		ran[t.Name] = true
		if t.Verdict != verdict.AC {
			failed = append(failed, t.Name)
		}
	}
	for _, n := range rec.Failed {
		if !ran[n] && !slices.Contains(failed, n) {
			failed = append(failed, n)
		}
	}
	rec.Failed = failed
	if rec.Failed == nil {
		rec.Failed = []string{}
	}
	data, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("record the failed tests: %w", err)
	}
	if err := author.WriteFile(path, append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("record the failed tests: %w", err)
	}
	return nil
}
