package kattis

import (
	"fmt"
	"path/filepath"
	"strings"
)

// GradersDir is the folder of a legacy or 2023-07-draft package that
// holds its custom grader.
const GradersDir = "graders"

// grader finds the custom grader: the one program in graders/ (a source
// file, or a folder of sources), nil when the folder is absent or empty.
// The format allows at most one; 2025-09 has no graders (its groups say
// how they score in test_group.yaml), so its graders/ is not read.
func grader(dir, abs string, v Version) (*Program, error) {
	if v == V2025 || !isDir(filepath.Join(abs, GradersDir)) {
		return nil, nil
	}
	progs, err := programs(filepath.Join(dir, GradersDir), filepath.Join(abs, GradersDir))
	if err != nil {
		return nil, err
	}
	switch {
	case len(progs) == 0:
		return nil, nil
	case len(progs) > 1:
		names := make([]string, len(progs))
		for i, p := range progs {
			names[i] = p.Name
		}
		return nil, fmt.Errorf("%s: %d programs (%s): the format allows at most one grader",
			filepath.Join(dir, GradersDir), len(progs), strings.Join(names, ", "))
	case progs[0].Kind != KindProgram:
		return nil, fmt.Errorf("%s: a grader must be a program, not a %s script", progs[0].Path, progs[0].Kind)
	}
	return &progs[0], nil
}
