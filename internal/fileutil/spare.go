package fileutil

import (
	"fmt"
	"os"
)

// SpareDescriptors checks that the process can open n more descriptors
// (opening and closing /dev/null), so that work needing files can start.
func SpareDescriptors(n int) error {
	files := make([]*os.File, 0, n)
	defer func() {
		for _, f := range files {
			f.Close()
		}
	}()
	for range n {
		f, err := os.Open(os.DevNull)
		if err != nil {
			return fmt.Errorf("fewer than %d descriptors to spare: %w", n, err)
		}
		files = append(files, f)
	}
	return nil
}
