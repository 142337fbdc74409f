package kattis

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/puzzlejudge/judge/internal/fileutil"
)

// Package is a Kattis problem package as read from its folder.
type Package struct {
	Dir      string // absolute path of the package folder
	Metadata *Metadata
	Cases    []Case  // in judging order: sample, then secret, lexicographic, depth first
	Groups   []Group // every folder under data/sample and data/secret, in the same order
	// DataSettings are the settings of data/ itself (its testdata.yaml,
	// legacy: the root grader's flags, such as ignore_sample).
	DataSettings Settings
	// OutputValidator is the custom output validator, nil for the
	// default one.
	OutputValidator *Program
	// InputValidators are the input validators, in lexicographic order.
	InputValidators []Program
	// StaticValidator is the 2025-09 static validator (static_validator/),
	// nil when there is none; StaticCases are the groups' static
	// validation test cases it judges, in the order of the groups.
	StaticValidator *Program
	StaticCases     []StaticCase
	// Grader is the custom grader (legacy, 2023-07-draft: the one program
	// in graders/), nil when there is none; the groups whose settings say
	// grading: custom use it.
	Grader *Program
	// Statement is the statement file (Markdown preferred, English
	// preferred), "" if there is none.
	Statement string
	// Submissions is the submissions/ folder, "" if there is none.
	Submissions string
	// TimeLimitFile reports whether the time limit came from DOMjudge's
	// .timelimit file.
	TimeLimitFile bool
	// SamplesOnly reports a pass-fail package without data/secret: its
	// samples are all its test data. DOMjudge and BAPCtools judge such a
	// package on them (DOMjudge's hello, BAPCtools' hellounix), and so
	// does the judge; problemtools and the 2025-09 format call it
	// incomplete (see Complete).
	SamplesOnly bool
	disp        string // the package folder as given, for errors
}

// Complete returns the error that a package without data/secret is
// incomplete as a package (problemtools' verdict, and 2025-09 requires
// the folder), nil when it has one. Judging does not need it; checking
// a package does.
func (p *Package) Complete() error {
	if !p.SamplesOnly {
		return nil
	}
	return missingSecret(p.disp, false)
}

// Program kinds.
const (
	KindProgram       = "program"       // a source file or a folder of sources, or build/run scripts
	KindCheckTestData = "checktestdata" // a .ctd script
	KindViva          = "viva"          // a .viva script
)

// Program is a validator of the package: a single source file, a folder
// of sources, or a folder with build and run scripts.
type Program struct {
	Name string // its file or folder name without extension
	Path string // absolute path of the file or folder
	Dir  bool   // whether Path is a folder
	Kind string // KindProgram, KindCheckTestData or KindViva
}

// MetadataFile is the name of the package's configuration.
const MetadataFile = "problem.yaml"

// IsPackage reports whether dir looks like a Kattis package: it has a
// data/ folder and a problem.yaml, and no tests/ folder (which would make
// it a native package).
func IsPackage(dir string) bool {
	if !isDir(filepath.Join(dir, "data")) || isDir(filepath.Join(dir, "tests")) {
		return false
	}
	return fileExists(filepath.Join(dir, MetadataFile))
}

// Load reads the package in dir. Errors name the offending file using dir
// as given.
func Load(dir string) (*Package, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	mp := filepath.Join(dir, MetadataFile)
	data, err := os.ReadFile(mp)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", mp, fileutil.UnwrapPath(err))
	}
	md, err := parseMetadata(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", mp, err)
	}
	p := &Package{Dir: abs, Metadata: md, disp: dir}
	if err := p.readTimeLimitFile(dir); err != nil {
		return nil, err
	}
	if p.Cases, p.Groups, p.DataSettings, err = readData(dir, abs, md.Version, md.Scoring, md.Constants); err != nil {
		return nil, err
	}
	p.SamplesOnly = !isDir(filepath.Join(abs, "data", "secret"))
	if p.OutputValidator, err = outputValidator(dir, abs, md); err != nil {
		return nil, err
	}
	if p.InputValidators, err = inputValidators(dir, abs, md.Version); err != nil {
		return nil, err
	}
	if p.Grader, err = grader(dir, abs, md.Version); err != nil {
		return nil, err
	}
	if md.Version == V2025 {
		if p.StaticValidator, err = staticValidator(dir, abs); err != nil {
			return nil, err
		}
		if p.StaticCases, err = p.staticCases(dir); err != nil {
			return nil, err
		}
	}
	p.Statement = statement(abs, md.Version)
	if fi, err := os.Stat(filepath.Join(abs, "submissions")); err == nil && fi.IsDir() {
		p.Submissions = filepath.Join(abs, "submissions")
	}
	return p, nil
}

// readTimeLimitFile reads DOMjudge's .timelimit (seconds), which gives the
// limit when problem.yaml does not.
func (p *Package) readTimeLimitFile(dir string) error {
	path := filepath.Join(dir, ".timelimit")
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, fileutil.UnwrapPath(err))
	}
	s := strings.TrimSpace(string(data))
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || x <= 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return fmt.Errorf("%s: bad time limit %q (want seconds, such as 2 or 1.5)", path, s)
	}
	if p.Metadata.Limits.TimeLimit == 0 {
		p.Metadata.Limits.TimeLimit = x
		p.TimeLimitFile = true
	}
	return nil
}

// sourceExts are extensions that make a folder a program by itself.
var sourceExts = []string{".c", ".cc", ".cpp", ".cxx", ".c++", ".C", ".h", ".hpp", ".py", ".py3", ".java", ".kt", ".rs", ".go", ".js", ".sh"}

// outputValidator finds the custom output validator: legacy
// output_validators/ is a folder of programs, of which the first is used;
// later output_validator/ is the program itself, or (as problemtools'
// examples have it) a folder holding one program.
func outputValidator(dir, abs string, md *Metadata) (*Program, error) {
	legacyDir, newDir := filepath.Join(abs, "output_validators"), filepath.Join(abs, "output_validator")
	hasLegacy, hasNew := isDir(legacyDir), isDir(newDir)
	custom := md.CustomValidation || md.Interactive || md.MultiPass
	if md.Version != Legacy {
		custom = custom || hasLegacy || hasNew
	}
	if !custom {
		return nil, nil
	}
	var progs []Program
	var err error
	switch {
	case hasNew && isProgramDir(newDir):
		return &Program{Name: "output_validator", Path: newDir, Dir: true, Kind: KindProgram}, nil
	case hasNew:
		progs, err = programs(filepath.Join(dir, "output_validator"), newDir)
	case hasLegacy:
		progs, err = programs(filepath.Join(dir, "output_validators"), legacyDir)
	}
	if err != nil {
		return nil, err
	}
	if len(progs) == 0 {
		want := "output_validator/"
		if md.Version == Legacy {
			want = "output_validators/"
		}
		return nil, fmt.Errorf("%s: the problem needs a custom output validator and has none (want a program in %s)", filepath.Join(dir, MetadataFile), want)
	}
	return &progs[0], nil
}

// isProgramDir reports whether the folder holds sources or build/run
// scripts itself, rather than folders of programs.
func isProgramDir(path string) bool {
	entries, err := os.ReadDir(path)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		if e.Name() == "build" || e.Name() == "run" || slices.Contains(sourceExts, filepath.Ext(e.Name())) {
			return true
		}
	}
	return false
}

// inputValidators lists the input validators: input_validators/, or in
// legacy the deprecated input_format_validators/, which wins if present.
func inputValidators(dir, abs string, v Version) ([]Program, error) {
	name := "input_validators"
	if v == Legacy && isDir(filepath.Join(abs, "input_format_validators")) {
		name = "input_format_validators"
	}
	if v == V2025 && isDir(filepath.Join(abs, "input_validator")) && !isDir(filepath.Join(abs, name)) {
		name = "input_validator"
		if isProgramDir(filepath.Join(abs, name)) {
			return []Program{{Name: name, Path: filepath.Join(abs, name), Dir: true, Kind: KindProgram}}, nil
		}
	}
	if !isDir(filepath.Join(abs, name)) {
		return nil, nil
	}
	return programs(filepath.Join(dir, name), filepath.Join(abs, name))
}

// programs lists the programs in a folder: each file or sub-folder is one,
// in lexicographic order.
func programs(disp, path string) ([]Program, error) {
	entries, err := os.ReadDir(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", disp, fileutil.UnwrapPath(err))
	}
	var out []Program
	for _, e := range entries {
		n := e.Name()
		if strings.HasPrefix(n, ".") {
			continue
		}
		full := filepath.Join(path, n)
		fi, err := os.Stat(full)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Join(disp, n), fileutil.UnwrapPath(err))
		}
		kind := KindProgram
		switch filepath.Ext(n) {
		case ".ctd":
			kind = KindCheckTestData
		case ".viva":
			kind = KindViva
		}
		name := n
		if !fi.IsDir() {
			name = strings.TrimSuffix(n, filepath.Ext(n))
		}
		out = append(out, Program{Name: name, Path: full, Dir: fi.IsDir(), Kind: kind})
	}
	return out, nil
}

// statement finds the statement: statement/ (2023-07+) or
// problem_statement/ (legacy), Markdown before LaTeX, English first.
func statement(abs string, v Version) string {
	dirs := []string{"statement", "problem_statement"}
	if v == Legacy {
		dirs = []string{"problem_statement", "statement"}
	}
	for _, d := range dirs {
		for _, f := range []string{"problem.en.md", "problem.md", "problem.en.tex", "problem.tex"} {
			if p := filepath.Join(abs, d, f); fileExists(p) {
				return p
			}
		}
		matches, _ := filepath.Glob(filepath.Join(abs, d, "problem.*.md"))
		tex, _ := filepath.Glob(filepath.Join(abs, d, "problem.*.tex"))
		if all := append(matches, tex...); len(all) > 0 {
			return all[0]
		}
	}
	return ""
}

func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}
