package main

import (
	"fmt"
	"slices"
	"strings"
)

// checkFormat refuses a --format value that is not one of want, naming
// the accepted ones: "unknown format "xml" (want text, json or junit)".
func checkFormat(format string, want ...string) error {
	if slices.Contains(want, format) {
		return nil
	}
	list := want[len(want)-1]
	if len(want) > 1 {
		list = strings.Join(want[:len(want)-1], ", ") + " or " + list
	}
	return usageError(fmt.Errorf("unknown format %q (want %s)", format, list))
}
