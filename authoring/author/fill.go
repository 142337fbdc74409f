package author

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/internal/fileutil"
	"github.com/puzzlejudge/judge/internal/pool"
)

// MissingOutputs returns the names of p's test inputs that have no
// expected output (tests/NAME.in without NAME.out), in natural order.
func MissingOutputs(p *problem.Problem) ([]string, error) {
	dir := filepath.Join(p.Dir, problem.TestsDir)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, fileutil.UnwrapPath(err))
	}
	have := map[string]bool{}
	for _, e := range entries {
		have[e.Name()] = true
	}
	var names []string
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".in")
		if ok && name != "" && !strings.HasPrefix(name, ".") && !have[name+".out"] {
			names = append(names, name)
		}
	}
	slices.SortFunc(names, problem.NaturalCompare)
	return names, nil
}

// Fill computes the expected output of every test input of p that has
// none: each input is validated and the reference solution's output
// written as tests/NAME.out. If any input fails, nothing is written. It
// returns the tests completed.
func (tl *Tools) Fill(ctx context.Context, p *problem.Problem) ([]Added, error) {
	names, err := MissingOutputs(p)
	if err != nil || len(names) == 0 {
		return nil, err
	}
	t, err := tl.prepare(ctx, p, false)
	if err != nil {
		return nil, err
	}
	stage, err := os.MkdirTemp("", "judge-fill-")
	if err != nil {
		return nil, &InternalError{fmt.Errorf("create staging folder: %w", err)}
	}
	defer os.RemoveAll(stage)
	err = pool.Run(ctx, len(names), tl.workers(), func(ctx context.Context, i int) error {
		in := testPath(p, names[i], ".in")
		return tl.check(ctx, p, t, in, filepath.Join(stage, strconv.Itoa(i)+".out"), in)
	})
	if err != nil {
		return nil, err
	}
	b := &Batch{}
	added := make([]Added, len(names))
	for i, n := range names {
		added[i] = Added{Name: n, Input: testPath(p, n, ".in"), Output: testPath(p, n, ".out"), From: "reference " + t.ref.Rel}
		b.AddCopy(added[i].Output, filepath.Join(stage, strconv.Itoa(i)+".out"), 0o644)
	}
	return added, b.Commit()
}
