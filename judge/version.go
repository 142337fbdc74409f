package main

import (
	"runtime/debug"
	"strings"
)

// version describes this build of the judge: the module version, the VCS
// commit it was built from (and whether the tree had changes), and the Go
// version, from the build information the go command records.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown: no build information)"
	}
	var rev, modified, at string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		case "vcs.time":
			at = s.Value
		}
	}
	parts := []string{bi.Main.Version}
	if bi.Main.Version == "" {
		parts[0] = "(devel)"
	}
	switch {
	case rev == "":
		parts = append(parts, "commit unknown (built without VCS information)")
	case modified == "true":
		parts = append(parts, "commit "+rev+" with local changes")
	default:
		parts = append(parts, "commit "+rev)
	}
	if at != "" {
		parts = append(parts, "committed "+at)
	}
	parts = append(parts, bi.GoVersion)
	return strings.Join(parts, ", ")
}
