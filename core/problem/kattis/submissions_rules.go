package kattis

import (
	"fmt"
	"path/filepath"
	"slices"
)

// defaultRules are the 2025-09 requirements of the default folders
// ("Default directories"); partially_accepted, not a 2025-09 folder,
// only must not fail to run.
var defaultRules = map[string]Expectation{
	FolderAccepted:          {Permitted: []string{ResultAC}},
	FolderRejected:          {Required: []string{ResultRTE, ResultTLE, ResultWA}},
	FolderWrongAnswer:       {Permitted: []string{ResultAC, ResultWA}, Required: []string{ResultWA}},
	FolderTimeLimitExceeded: {Permitted: []string{ResultAC, ResultTLE}, Required: []string{ResultTLE}},
	FolderRunTimeError:      {Permitted: []string{ResultAC, ResultRTE}, Required: []string{ResultRTE}},
	FolderBruteForce:        {Permitted: []string{ResultAC, ResultRTE, ResultTLE}, Required: []string{ResultRTE, ResultTLE}},
	FolderPartiallyAccepted: {Permitted: allResults},
}

// matches reports whether some glob of the file matches the submission
// path rel (under submissions/).
func (c *submissionsConfig) matches(rel string) bool {
	if c == nil {
		return false
	}
	for _, e := range c.Entries {
		if MatchGlob(e.Pattern, rel) {
			return true
		}
	}
	return false
}

// configure sets the 2025-09 rules of the submission: the default of its
// folder, whose keys an entry named exactly as the folder replaces one by
// one, then the rules of every other matching entry, each an additional
// requirement. cfg may be nil (no submissions.yaml). A use_for_time_limit
// adds the verdicts it implies to its requirement (timeUse), and is an
// error where they contradict it.
func (s *Submission) configure(cfg *submissionsConfig) error {
	rel := s.Folder + "/" + filepath.Base(s.Path)
	def, isDefault := defaultRules[s.Folder]
	if isDefault {
		def.From = "the default for " + s.Folder + "/"
		def.Permitted = slices.Clone(def.Permitted)
		def.Required = slices.Clone(def.Required)
	}
	var extra []Expectation
	if cfg != nil {
		for _, e := range cfg.Entries {
			if !MatchGlob(e.Pattern, rel) {
				continue
			}
			if e.Language != "" {
				s.Language = e.Language
			}
			if e.Entrypoint != "" {
				s.Entrypoint = e.Entrypoint
			}
			if e.Authors != nil {
				s.Authors = e.Authors
			}
			s.ModelSolution = s.ModelSolution || e.ModelSolution
			from := SubmissionsFile + ": " + e.Pattern
			if isDefault && e.Pattern == s.Folder {
				def = overrideRule(def, e)
				def.From = "the default for " + s.Folder + "/, as " + SubmissionsFile + " changes it"
			} else if len(e.given) > 0 {
				own := e.Own
				own.From = from
				extra = append(extra, own)
			}
			for _, g := range e.Groups {
				g.From = from + ", " + g.Tests
				extra = append(extra, g)
			}
		}
	}
	if isDefault {
		s.Rules = append(s.Rules, def)
	}
	s.Rules = append(s.Rules, extra...)
	if s.Rules == nil {
		s.Rules = []Expectation{}
	}
	for i, r := range s.Rules {
		var err error
		if s.Rules[i], err = timeUse(r); err != nil {
			return fmt.Errorf("%s: %w", r.From, err)
		}
	}
	return nil
}

// overrideRule replaces the keys of a default rule that the entry gives.
func overrideRule(def Expectation, e submissionEntry) Expectation {
	if e.given["permitted"] {
		def.Permitted = e.Own.Permitted
	}
	if e.given["required"] {
		def.Required = e.Own.Required
	}
	if e.given["score"] {
		def.Score = e.Own.Score
	}
	if e.given["message"] {
		def.Message = e.Own.Message
	}
	if e.given["use_for_time_limit"] {
		def.UseForTimeLimit = e.Own.UseForTimeLimit
	}
	return def
}
