// Package configs holds the judge's shipped configuration files, embedded
// into the binary: judge.yaml, languages.yaml and the warm-up sources that
// languages.yaml names (warm/). The judge uses them when no configuration
// file overrides them, so that it runs from any folder.
package configs

import "embed"

// FS holds judge.yaml, languages.yaml and warm/, at those paths.
//
//go:embed judge.yaml languages.yaml warm
var FS embed.FS
