package checker

import (
	"bufio"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"strconv"
	"strings"

	"github.com/puzzlejudge/judge/core/judging"
	"github.com/puzzlejudge/judge/internal/termsafe"
	"github.com/sergi/go-diff/diffmatchpatch"
)

// MaxDiffLine is the number of bytes of a line kept in a DiffLine; longer
// lines are cut and end in "…".
const MaxDiffLine = 200

// DiffLine and DiffReport are package judging's: a report's diff is part
// of the report's JSON.
type (
	DiffLine   = judging.DiffLine
	DiffReport = judging.DiffReport
)

// Diff compares the files expected and output line by line and reports
// their first differing line with up to context lines before and after it
// from each file. A missing newline at the end of the last line is not a
// difference. Text renders the diff of that window one line each, prefixed
// "-" for expected lines, "+" for output lines and " " for lines in both,
// followed by the line number, for example
//
//	  2 | 1 2
//	- 3 | 5
//	+ 3 | 6
//
// Diff streams both files and holds only the window in memory, whatever
// the sizes of the files and their lines. Lines are told apart by a hash
// of their full content, so lines differing only after MaxDiffLine bytes
// are still different.
func Diff(expected, output string, context int) (DiffReport, error) {
	context = max(context, 0)
	fe, fo, err := openPair(expected, output)
	if err != nil {
		return DiffReport{}, err
	}
	defer fe.Close()
	defer fo.Close()

	seed := maphash.MakeSeed()
	re, ro := newLineReader(fe, seed), newLineReader(fo, seed)
	before := make([]lineInfo, context) // ring of the last lines, equal in both
	n := 0                              // lines read from each so far
	var le, lo lineInfo
	for {
		okE, err := re.read(&le)
		if err != nil {
			return DiffReport{}, fmt.Errorf("diff: read %s: %w", expected, err)
		}
		okO, err := ro.read(&lo)
		if err != nil {
			return DiffReport{}, fmt.Errorf("diff: read %s: %w", output, err)
		}
		if !okE && !okO {
			return DiffReport{}, nil
		}
		n++
		if okE && okO && le.sum == lo.sum && le.size == lo.size {
			if context > 0 {
				before[n%context].set(&le)
			}
			continue
		}

		rep := DiffReport{Line: n}
		var keysE, keysO []string
		for i := max(1, n-context); i < n; i++ {
			li := &before[i%context]
			dl := DiffLine{N: i, Text: li.String()}
			rep.Expected = append(rep.Expected, dl)
			rep.Got = append(rep.Got, dl)
			keysE = append(keysE, li.key())
		}
		keysO = append(keysO, keysE...)
		if rep.Expected, keysE, err = re.window(rep.Expected, keysE, okE, &le, n, context); err != nil {
			return DiffReport{}, fmt.Errorf("diff: read %s: %w", expected, err)
		}
		if rep.Got, keysO, err = ro.window(rep.Got, keysO, okO, &lo, n, context); err != nil {
			return DiffReport{}, fmt.Errorf("diff: read %s: %w", output, err)
		}
		rep.Text = render(rep.Expected, rep.Got, keysE, keysO)
		return rep, nil
	}
}

// lineInfo is a line read by a lineReader: its first bytes, its size and a
// hash of its full content.
type lineInfo struct {
	text []byte // first MaxDiffLine+utfMax bytes, reused between lines
	size int64  // full size without the newline
	sum  uint64 // hash of the full content
}

// set copies l into li, reusing li's buffer.
func (li *lineInfo) set(l *lineInfo) {
	li.text = append(li.text[:0], l.text...)
	li.size, li.sum = l.size, l.sum
}

// String returns the line cut to MaxDiffLine bytes, with "…" if cut.
func (li *lineInfo) String() string {
	if li.size <= MaxDiffLine {
		return string(li.text)
	}
	return string(cutRunes(li.text, MaxDiffLine)) + "…"
}

// key identifies the full content of the line.
func (li *lineInfo) key() string {
	return strconv.FormatUint(li.sum, 16) + ":" + strconv.FormatInt(li.size, 10)
}

// lineReader reads lines of any length in bounded memory.
type lineReader struct {
	r *bufio.Reader
	h maphash.Hash
}

func newLineReader(r io.Reader, seed maphash.Seed) *lineReader {
	lr := &lineReader{r: bufio.NewReaderSize(r, readerSize)}
	lr.h.SetSeed(seed)
	return lr
}

// read reads the next line into li. It reports false at the end of input.
func (lr *lineReader) read(li *lineInfo) (bool, error) {
	li.text, li.size = li.text[:0], 0
	lr.h.Reset()
	got := false
	for {
		chunk, err := lr.r.ReadSlice('\n')
		if len(chunk) > 0 {
			got = true
		}
		end := errors.Is(err, io.EOF) || err == nil
		if err == nil {
			chunk = chunk[:len(chunk)-1] // drop the newline
		}
		if room := MaxDiffLine + utfMax - len(li.text); room > 0 {
			li.text = append(li.text, chunk[:min(room, len(chunk))]...)
		}
		lr.h.Write(chunk)
		li.size += int64(len(chunk))
		switch {
		case end:
			li.sum = lr.h.Sum64()
			return got, nil
		case !errors.Is(err, bufio.ErrBufferFull):
			return false, err
		}
	}
}

// window appends to lines the differing line n (if ok) and up to context
// lines after it, with their keys.
func (lr *lineReader) window(lines []DiffLine, keys []string, ok bool, li *lineInfo, n, context int) ([]DiffLine, []string, error) {
	for i := 0; ok && i <= context; i++ {
		if i > 0 {
			var err error
			if ok, err = lr.read(li); err != nil || !ok {
				return lines, keys, err
			}
		}
		lines = append(lines, DiffLine{N: n + i, Text: li.String()})
		keys = append(keys, li.key())
	}
	return lines, keys, nil
}

// render diffs the windows of both files, told apart by the keys of their
// lines, and formats the result.
func render(exp, got []DiffLine, keysE, keysO []string) string {
	dmp := diffmatchpatch.New()
	c1, c2, lines := dmp.DiffLinesToChars(joinLines(keysE), joinLines(keysO))
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(c1, c2, false), lines)

	last := 0
	if len(exp) > 0 {
		last = exp[len(exp)-1].N
	}
	if len(got) > 0 {
		last = max(last, got[len(got)-1].N)
	}
	width := len(strconv.Itoa(last))
	var b strings.Builder
	write := func(prefix byte, dl DiffLine) {
		fmt.Fprintf(&b, "%c %*d | %s\n", prefix, width, dl.N, termsafe.Line(dl.Text))
	}
	i, j := 0, 0
	for _, d := range diffs {
		for range strings.Count(d.Text, "\n") {
			switch {
			case d.Type == diffmatchpatch.DiffEqual && i < len(exp) && j < len(got):
				write(' ', exp[i])
				i++
				j++
			case d.Type == diffmatchpatch.DiffDelete && i < len(exp):
				write('-', exp[i])
				i++
			case d.Type == diffmatchpatch.DiffInsert && j < len(got):
				write('+', got[j])
				j++
			}
		}
	}
	return b.String()
}

// joinLines joins keys into newline-terminated lines.
func joinLines(keys []string) string {
	if len(keys) == 0 {
		return ""
	}
	return strings.Join(keys, "\n") + "\n"
}
