package kattis

import (
	"fmt"
	"path/filepath"
	"strings"
)

// StaticCaseName is the last part of a static validation test case's
// name: the one of data/secret/group1 is "secret/group1/static_validation".
const StaticCaseName = "static_validation"

// StaticCase is a 2025-09 static validation test case: the static
// validator judges the submission's files once for its group.
type StaticCase struct {
	// Name is the group's name and StaticCaseName:
	// "secret/group1/static_validation".
	Name   string
	Group  string // the group: "sample", "secret" or "secret/group1"
	Sample bool   // the group is data/sample
	// Args are the group's static_validator_args.
	Args []string
	// Score is the case's maximum score (static_validation_score), -1
	// when it is given as pass-fail.
	Score float64
}

// staticValidator finds the 2025-09 static validator: static_validator/
// is the program itself, or a folder holding one program; nil when the
// package has none.
func staticValidator(dir, abs string) (*Program, error) {
	path := filepath.Join(abs, "static_validator")
	if !isDir(path) {
		return nil, nil
	}
	if isProgramDir(path) {
		return &Program{Name: "static_validator", Path: path, Dir: true, Kind: KindProgram}, nil
	}
	progs, err := programs(filepath.Join(dir, "static_validator"), path)
	if err != nil {
		return nil, err
	}
	if len(progs) == 0 || progs[0].Kind != KindProgram {
		return nil, fmt.Errorf("%s: no static validator program in it", filepath.Join(dir, "static_validator"))
	}
	return &progs[0], nil
}

// staticCases lists the static validation test cases of a 2025-09
// package, in the order of its groups, and checks them: only data/sample,
// data/secret and the groups of secret have one, a package that has one
// has a static validator, and its name is not a test case's; a
// submit-answer problem has no static validator.
func (p *Package) staticCases(dir string) ([]StaticCase, error) {
	if p.StaticValidator != nil && p.Metadata.SubmitAnswer {
		return nil, fmt.Errorf("%s: a submit-answer problem has no static validator (the format forbids one)", filepath.Join(dir, "static_validator"))
	}
	if p.DataSettings.HasStatic() {
		return nil, fmt.Errorf("%s: static_validation_score: set it in data/sample, data/secret or a group of secret, not in data/",
			filepath.Join(dir, "data", testGroupFile))
	}
	cases := map[string]bool{}
	for _, c := range p.Cases {
		cases[c.Name] = true
	}
	var out []StaticCase
	for _, g := range p.Groups {
		if !g.Settings.HasStatic() {
			continue
		}
		file := filepath.Join(dir, "data", filepath.FromSlash(g.Name), testGroupFile)
		name := g.Name + "/" + StaticCaseName
		switch {
		case strings.Count(g.Name, "/") > 1:
			return nil, fmt.Errorf("%s: static_validation_score: only data/sample, data/secret and the groups of secret have a static validation test case", file)
		case p.StaticValidator == nil:
			return nil, fmt.Errorf("%s: static_validation_score: the package has no static validator (static_validator/)", file)
		case cases[name]:
			return nil, fmt.Errorf("%s: static_validation_score: the static validation test case %s has the name of a test case", file, name)
		}
		sc := StaticCase{Name: name, Group: g.Name, Sample: g.Name == "sample", Args: g.Settings.StaticArgs, Score: g.Settings.StaticScore}
		if g.Settings.StaticPassFail {
			sc.Score = -1
		}
		out = append(out, sc)
	}
	return out, nil
}
