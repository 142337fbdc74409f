package checker

import (
	"bufio"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"
)

func lines(first int, texts ...string) []DiffLine {
	var dl []DiffLine
	for i, s := range texts {
		dl = append(dl, DiffLine{N: first + i, Text: s})
	}
	return dl
}

func TestDiff(t *testing.T) {
	long := strings.Repeat("a", 250)
	tests := []struct {
		name     string
		expected string
		output   string
		context  int
		want     DiffReport
	}{
		{name: "identical", expected: "1\n2\n", output: "1\n2\n", context: 2},
		{name: "both empty", context: 2},
		{name: "missing final newline", expected: "1\n2\n", output: "1\n2", context: 2},
		{
			name:     "middle",
			expected: "a\nb\nc\nd\ne\nf\ng\n",
			output:   "a\nb\nc\nX\ne\nf\ng\n",
			context:  2,
			want: DiffReport{
				Line:     4,
				Expected: lines(2, "b", "c", "d", "e", "f"),
				Got:      lines(2, "b", "c", "X", "e", "f"),
				Text:     "  2 | b\n  3 | c\n- 4 | d\n+ 4 | X\n  5 | e\n  6 | f\n",
			},
		},
		{
			name:     "first line no context",
			expected: "1\n2\n",
			output:   "9\n2\n",
			context:  0,
			want: DiffReport{
				Line:     1,
				Expected: lines(1, "1"),
				Got:      lines(1, "9"),
				Text:     "- 1 | 1\n+ 1 | 9\n",
			},
		},
		{
			name:     "negative context",
			expected: "1\n2\n",
			output:   "1\n3\n",
			context:  -5,
			want: DiffReport{
				Line:     2,
				Expected: lines(2, "2"),
				Got:      lines(2, "3"),
				Text:     "- 2 | 2\n+ 2 | 3\n",
			},
		},
		{
			name:     "extra lines in output",
			expected: "1\n2\n",
			output:   "1\n2\n3\n4\n5\n",
			context:  1,
			want: DiffReport{
				Line:     3,
				Expected: lines(2, "2"),
				Got:      lines(2, "2", "3", "4"),
				Text:     "  2 | 2\n+ 3 | 3\n+ 4 | 4\n",
			},
		},
		{
			name:     "missing lines in output",
			expected: "1\n2\n3\n",
			output:   "1\n",
			context:  3,
			want: DiffReport{
				Line:     2,
				Expected: lines(1, "1", "2", "3"),
				Got:      lines(1, "1"),
				Text:     "  1 | 1\n- 2 | 2\n- 3 | 3\n",
			},
		},
		{
			name:     "inserted line realigns",
			expected: "a\nb\nc\nd\n",
			output:   "a\nnew\nb\nc\nd\n",
			context:  3,
			want: DiffReport{
				Line:     2,
				Expected: lines(1, "a", "b", "c", "d"),
				Got:      lines(1, "a", "new", "b", "c", "d"),
				Text:     "  1 | a\n+ 2 | new\n  2 | b\n  3 | c\n  4 | d\n",
			},
		},
		{
			name:     "empty line added",
			expected: "1\n",
			output:   "1\n\n",
			context:  1,
			want: DiffReport{
				Line:     2,
				Expected: lines(1, "1"),
				Got:      lines(1, "1", ""),
				Text:     "  1 | 1\n+ 2 | \n",
			},
		},
		{
			name:     "CRLF shown escaped",
			expected: "1 2\n",
			output:   "1 2\r\n",
			context:  1,
			want: DiffReport{
				Line:     1,
				Expected: lines(1, "1 2"),
				Got:      lines(1, "1 2\r"),
				Text:     "- 1 | 1 2\n+ 1 | 1 2\\r\n",
			},
		},
		{
			name:     "terminal controls shown escaped",
			expected: "1\n",
			output:   "\x1b[2J\x1b]52;c;eA==\x07\x9b1\u009b\n",
			context:  0,
			want: DiffReport{
				Line:     1,
				Expected: lines(1, "1"),
				Got:      lines(1, "\x1b[2J\x1b]52;c;eA==\x07\x9b1\u009b"),
				Text:     "- 1 | 1\n+ 1 | \\x1b[2J\\x1b]52;c;eA==\\a\\x9b1\\u009b\n",
			},
		},
		{
			name:     "long lines differing after the cut",
			expected: long + "x\nend\n",
			output:   long + "y\nend\n",
			context:  1,
			want: DiffReport{
				Line:     1,
				Expected: lines(1, long[:200]+"…", "end"),
				Got:      lines(1, long[:200]+"…", "end"),
				Text:     "- 1 | " + long[:200] + "…\n+ 1 | " + long[:200] + "…\n  2 | end\n",
			},
		},
		{
			name:     "line numbers aligned",
			expected: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n",
			output:   "1\n2\n3\n4\n5\n6\n7\n8\n0\n10\n",
			context:  1,
			want: DiffReport{
				Line:     9,
				Expected: lines(8, "8", "9", "10"),
				Got:      lines(8, "8", "0", "10"),
				Text:     "   8 | 8\n-  9 | 9\n+  9 | 0\n  10 | 10\n",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			exp := writeFile(t, dir, "t.ans", tt.expected)
			out := writeFile(t, dir, "t.out", tt.output)
			got, err := Diff(exp, out, tt.context)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Diff =\n%#v\nwant\n%#v\ntext:\n%s", got, tt.want, got.Text)
			}
		})
	}
}

// writeBig writes a file of n short lines followed by last.
func writeBig(t *testing.T, path string, n int, last string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for range n {
		w.WriteString("0123456789 abcdefghi\n")
	}
	w.WriteString(last)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestDiffLargeFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("writes large files")
	}
	dir := t.TempDir()
	const n = 1_000_000 // 21 MB of lines
	manyExp, manyOut := filepath.Join(dir, "many.ans"), filepath.Join(dir, "many.out")
	writeBig(t, manyExp, n, "expected end\n")
	writeBig(t, manyOut, n, "received end\n")
	oneExp := writeFile(t, dir, "one.ans", strings.Repeat("q", 20<<20)+"a\n")
	oneOut := writeFile(t, dir, "one.out", strings.Repeat("q", 20<<20)+"b\n")

	tests := []struct {
		name      string
		exp, out  string
		line      int
		textLines int
	}{
		{"many lines", manyExp, manyOut, n + 1, 5},
		{"one huge line", oneExp, oneOut, 1, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start := time.Now()
			rep, err := Diff(tt.exp, tt.out, 3)
			elapsed := time.Since(start)
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Line != tt.line || strings.Count(rep.Text, "\n") != tt.textLines {
				t.Errorf("Diff: line %d, text\n%s", rep.Line, rep.Text)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
				t.Errorf("allocated %d bytes, want at most 1 MiB", alloc)
			}
			if elapsed > 5*time.Second {
				t.Errorf("took %v", elapsed)
			}
		})
	}
}
