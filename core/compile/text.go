package compile

import (
	"bytes"
	"fmt"
)

// notText is the compile error of a source that is not text: one that
// holds a NUL byte (a binary file, or one in UTF-16), which no compiler
// takes and whose compiler output would only echo it back, escaped, up
// to the output limit.
func notText(src []byte) (Compilation, bool) {
	i := bytes.IndexByte(src, 0)
	if i < 0 {
		return Compilation{}, false
	}
	return Compilation{Output: fmt.Sprintf("the source is not text: it contains NUL bytes, the first at byte offset %d (a binary file, or text in UTF-16?)", i)}, true
}
