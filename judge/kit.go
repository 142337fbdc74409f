package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/puzzlejudge/judge/core/config"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// kit returns the author's tools on the environment's engine.
func (e *env) kit() *author.Tools {
	return &author.Tools{Engine: e.engine}
}

// authorError maps an error of the author's tools to an exit status: the
// judge's own failure exits 3, an interruption too, and a fault of the
// package or of the input exits 2.
func authorError(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	if ctx.Err() != nil {
		return finish(ctx, ctx.Err())
	}
	var ie *author.InternalError
	if errors.As(err, &ie) {
		return internalError(err)
	}
	return usageError(err)
}

// problemDirs returns the folders of the problem packages under the
// problems folder (those holding a problem.yaml), in natural order.
func problemDirs(cfg *config.Config) ([]string, error) {
	entries, err := os.ReadDir(cfg.ProblemsDir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, usageError(fmt.Errorf("no problems folder %q here (run in a folder that has one, or give --problems-dir DIR)", cfg.ProblemsDir))
		}
		return nil, usageError(fmt.Errorf("problems folder: %w", err))
	}
	var dirs []string
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		dir := filepath.Join(cfg.ProblemsDir, e.Name())
		if _, err := os.Stat(filepath.Join(dir, problem.ConfigFile)); err == nil {
			dirs = append(dirs, dir)
		}
	}
	slices.SortFunc(dirs, problem.NaturalCompare)
	return dirs, nil
}

// problemDir returns the folder of the problem named by arg: a path to a
// folder, or a slug under the problems folder. An argument naming no
// folder is a usage error listing the known problems.
func problemDir(cfg *config.Config, arg string) (string, error) {
	if fi, err := os.Stat(arg); err == nil && fi.IsDir() && filepath.Base(arg) != arg {
		return arg, nil
	}
	dir := filepath.Join(cfg.ProblemsDir, arg)
	if fi, err := os.Stat(dir); err == nil && fi.IsDir() && filepath.IsLocal(arg) {
		return dir, nil
	}
	// Let problem.Find word the error, with the known slugs.
	_, err := problem.Find(cfg.ProblemsDir, arg)
	if err == nil {
		err = fmt.Errorf("%s: no such problem", arg)
	}
	return "", usageError(didYouMean(cfg, arg, err))
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// progress draws a progress bar on w when it is a terminal. Its update
// function is nil when w is not one; done ends the bar.
type progress struct {
	bar *progressbar.ProgressBar
}

func newProgress(w io.Writer, desc string) *progress {
	if !isTerminal(w) || os.Getenv("CI") != "" {
		return &progress{}
	}
	bar := progressbar.NewOptions(1,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionFullWidth(),
	)
	return &progress{bar: bar}
}

// update returns the callback that moves the bar, or nil.
func (p *progress) update() func(done, total int) {
	if p.bar == nil {
		return nil
	}
	return func(done, total int) {
		if int64(total) != p.bar.GetMax64() {
			p.bar.ChangeMax(total)
		}
		_ = p.bar.Set(done)
	}
}

// finish clears the bar.
func (p *progress) finish() {
	if p.bar != nil {
		_ = p.bar.Finish()
		_ = p.bar.Clear()
	}
}

// display shows a path relative to the working folder when it lies below
// it, as people typed it.
func display(path string) string {
	wd, err := os.Getwd()
	if err != nil || !filepath.IsAbs(path) {
		return path
	}
	if rel, err := filepath.Rel(wd, path); err == nil && filepath.IsLocal(rel) {
		return rel
	}
	return path
}
