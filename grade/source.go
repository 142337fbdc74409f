package grade

import (
	"fmt"
	"os"

	"github.com/puzzlejudge/judge/problem"
)

// CheckSource checks a source file before it is compiled: it must be a
// regular file, not empty, and at most limit bytes (0: no limit). The
// error names the file and says what is wrong in one line.
func CheckSource(path string, limit int64) error {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return fmt.Errorf("%s: not a readable source file", path)
	}
	switch {
	case fi.Size() == 0:
		return fmt.Errorf("%s: the source file is empty", path)
	case limit > 0 && fi.Size() > limit:
		return fmt.Errorf("%s: the source is %d bytes, over the source limit of %s (source_limit)",
			path, fi.Size(), problem.FormatSize(limit))
	}
	return nil
}
