package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/runner"
	"github.com/spf13/cobra"
)

// source is a submission's source file as the commands take it: a path,
// or "-" for standard input.
type source struct {
	path string // the file to compile
	arg  string // as given: a path or "-"
	key  string // what identifies it for submit --failed
	lang *compile.Language
	// extra are the other files of a folder submission, placed beside
	// path (nil for one file).
	extra []runner.File
	dir   string // a temporary folder to remove: the copy of a folder, or "-"'s file
}

// openSource checks the source argument before anything is compiled: it
// must be a readable, non-empty file within the configured source limit,
// or a folder of them (a program of several files, picked as a Kattis
// package's folder submissions are). "-" reads it from standard input,
// which needs --lang. Call close when done.
func openSource(cmd *cobra.Command, e *env, arg, lang string) (*source, error) {
	if fi, err := os.Stat(arg); err == nil && fi.IsDir() {
		var l *compile.Language
		if lang != "" {
			if l, err = e.engine.Config.Language("", lang); err != nil {
				return nil, usageError(err)
			}
		}
		key, err := filepath.Abs(arg)
		if err != nil {
			return nil, usageError(fmt.Errorf("%s: %w", arg, err))
		}
		// The folder is judged from a copy of the judge's own (PickFolder).
		dir, err := os.MkdirTemp("", "judge-folder-")
		if err != nil {
			return nil, internalError(fmt.Errorf("copy the folder %s: %w", arg, err))
		}
		s := &source{arg: arg, key: key, dir: dir}
		if s.path, s.lang, s.extra, err = e.engine.Grader.PickFolder(arg, dir, l, e.engine.Config.SourceLimit); err != nil {
			s.close()
			return nil, usageError(err)
		}
		return s, nil
	}
	if arg != "-" {
		if err := grade.CheckSource(arg, e.engine.Config.SourceLimit); err != nil {
			return nil, usageError(err)
		}
		l, err := e.engine.Config.Language(arg, lang)
		if err != nil {
			return nil, usageError(err)
		}
		key, err := filepath.Abs(arg)
		if err != nil {
			return nil, usageError(fmt.Errorf("%s: %w", arg, err))
		}
		return &source{path: arg, arg: arg, key: key, lang: l}, nil
	}
	if lang == "" {
		return nil, usageError(errors.New("the source - is read from standard input: give its language with --lang"))
	}
	l, err := e.engine.Config.Language("", lang)
	if err != nil {
		return nil, usageError(err)
	}
	data, err := io.ReadAll(io.LimitReader(cmd.InOrStdin(), e.engine.Config.SourceLimit+1))
	if err != nil {
		return nil, internalError(fmt.Errorf("read the source from standard input: %w", err))
	}
	dir, err := os.MkdirTemp("", "judge-source-")
	if err != nil {
		return nil, internalError(fmt.Errorf("store the source read from standard input: %w", err))
	}
	s := &source{path: filepath.Join(dir, l.Source), arg: arg, lang: l, dir: dir}
	if err := os.WriteFile(s.path, data, 0o644); err != nil {
		s.close()
		return nil, internalError(fmt.Errorf("store the source read from standard input: %w", err))
	}
	if err := grade.CheckSource(s.path, e.engine.Config.SourceLimit); err != nil {
		s.close()
		// Name it as the user did.
		return nil, usageError(fmt.Errorf("-%s", err.Error()[len(s.path):]))
	}
	sum := sha256.Sum256(data)
	s.key = "stdin:" + hex.EncodeToString(sum[:])
	return s, nil
}

func (s *source) close() {
	if s.dir != "" {
		os.RemoveAll(s.dir)
	}
}
