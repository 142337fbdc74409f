// Command checker judges one eight-puzzle output:
//
//	checker <input> <output> <expected>
//
// Exit codes as in testlib: 0 accepted, 1 wrong answer, 2 presentation error
// (output badly formed), 3 judge error (input or expected output broken).
// The verdict message is one line on stderr naming the case and the reason.
//
// The contestant output is read as whitespace-separated tokens (so the empty
// line after "Case k: 0" may be present or not). For every case k it must
// hold "Case", "k:", the number n of moves, and for n > 0 a string of n
// letters d/l/r/u. n must equal the optimum (taken from the expected
// output); the moves must keep the blank on the board and turn the start
// into the target. Tokens are read with a bounded length, so huge lines or
// binary garbage cost linear time and never much memory.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

const (
	exitAC = 0
	exitWA = 1
	exitPE = 2
	exitJE = 3
	maxTok = 64 // longer tokens are cut here (and marked as cut)
)

func verdict(code int, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	msg = strings.ReplaceAll(msg, "\n", " ")
	fmt.Fprintln(os.Stderr, msg)
	os.Exit(code)
}

// tokenizer returns whitespace-separated tokens of at most maxTok bytes.
type tokenizer struct {
	r *bufio.Reader
}

// next returns the next token, whether it was longer than maxTok (then only
// its first maxTok bytes are returned), and false at end of input.
func (t *tokenizer) next() (tok string, long bool, ok bool) {
	var buf []byte
	for {
		c, err := t.r.ReadByte()
		if err != nil {
			if len(buf) > 0 || long {
				return string(buf), long, true
			}
			return "", false, false
		}
		if c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f' {
			if len(buf) > 0 || long {
				return string(buf), long, true
			}
			continue
		}
		if len(buf) < maxTok {
			buf = append(buf, c)
		} else {
			long = true
		}
	}
}

func show(tok string, long bool) string {
	if long {
		return strconv.Quote(tok) + "..."
	}
	return strconv.Quote(tok)
}

type puzzle struct{ start, target string }

func readInput(path string) []puzzle {
	data, err := os.ReadFile(path)
	if err != nil {
		verdict(exitJE, "cannot read input: %v", err)
	}
	f := strings.Fields(string(data))
	if len(f) == 0 {
		verdict(exitJE, "input is empty")
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || n < 1 || len(f) != 1+2*n {
		verdict(exitJE, "input is malformed")
	}
	ps := make([]puzzle, n)
	for i := range ps {
		ps[i] = puzzle{f[1+2*i], f[2+2*i]}
		if !isBoard(ps[i].start) || !isBoard(ps[i].target) {
			verdict(exitJE, "input case %d is malformed", i+1)
		}
	}
	return ps
}

func isBoard(s string) bool {
	if len(s) != 9 {
		return false
	}
	seen := map[rune]bool{}
	for _, c := range s {
		if !strings.ContainsRune("12345678X", c) || seen[c] {
			return false
		}
		seen[c] = true
	}
	return true
}

// readExpected returns the optimal move count of every case.
func readExpected(path string, cases int) []int {
	data, err := os.ReadFile(path)
	if err != nil {
		verdict(exitJE, "cannot read expected output: %v", err)
	}
	f := strings.Fields(string(data))
	opt := make([]int, cases)
	i := 0
	for k := 1; k <= cases; k++ {
		if i+3 > len(f) || f[i] != "Case" || f[i+1] != strconv.Itoa(k)+":" {
			verdict(exitJE, "expected output is malformed at case %d", k)
		}
		n, err := strconv.Atoi(f[i+2])
		if err != nil || n < 0 {
			verdict(exitJE, "expected output has a bad count at case %d", k)
		}
		opt[k-1] = n
		i += 3
		if n > 0 {
			if i >= len(f) || len(f[i]) != n {
				verdict(exitJE, "expected output has a bad move string at case %d", k)
			}
			i++
		}
	}
	if i != len(f) {
		verdict(exitJE, "expected output has extra tokens")
	}
	return opt
}

// canonicalInt reports whether s is a non-negative decimal integer without
// sign or leading zeros, small enough to parse.
func canonicalInt(s string) (int, bool) {
	if s == "" || len(s) > 9 || (len(s) > 1 && s[0] == '0') {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// play applies the moves to start; it returns the index of the first move
// that would take the blank off the board (or -1) and the final board.
func play(start, moves string) (int, string) {
	b := []byte(start)
	p := strings.IndexByte(start, 'X')
	for i := 0; i < len(moves); i++ {
		q := p
		switch moves[i] {
		case 'd':
			if p >= 6 {
				return i, ""
			}
			q = p + 3
		case 'u':
			if p < 3 {
				return i, ""
			}
			q = p - 3
		case 'l':
			if p%3 == 0 {
				return i, ""
			}
			q = p - 1
		case 'r':
			if p%3 == 2 {
				return i, ""
			}
			q = p + 1
		}
		b[p], b[q] = b[q], b[p]
		p = q
	}
	return -1, string(b)
}

func main() {
	if len(os.Args) != 4 {
		verdict(exitJE, "usage: checker <input> <output> <expected>")
	}
	ps := readInput(os.Args[1])
	opt := readExpected(os.Args[3], len(ps))
	f, err := os.Open(os.Args[2])
	if err != nil {
		verdict(exitJE, "cannot open output: %v", err)
	}
	defer f.Close()
	tk := &tokenizer{r: bufio.NewReaderSize(io.Reader(f), 1<<16)}

	for k := 1; k <= len(ps); k++ {
		tok, long, ok := tk.next()
		if !ok {
			verdict(exitWA, "case %d: missing (the output ends after %d cases)", k, k-1)
		}
		if tok != "Case" || long {
			verdict(exitPE, "case %d: expected \"Case\", got %s", k, show(tok, long))
		}
		tok, long, ok = tk.next()
		if want := strconv.Itoa(k) + ":"; !ok || tok != want || long {
			verdict(exitPE, "case %d: expected %q after \"Case\", got %s", k, want, show(tok, long))
		}
		tok, long, ok = tk.next()
		if !ok {
			verdict(exitWA, "case %d: missing the number of moves", k)
		}
		n, good := canonicalInt(tok)
		if !good || long {
			verdict(exitPE, "case %d: the number of moves %s is not a plain non-negative integer", k, show(tok, long))
		}
		if n != opt[k-1] {
			verdict(exitWA, "case %d: claims %d moves, the fewest possible is %d", k, n, opt[k-1])
		}
		if n == 0 {
			continue // nothing to check: the start is the target
		}
		tok, long, ok = tk.next()
		if !ok {
			verdict(exitWA, "case %d: missing the move string", k)
		}
		for i := 0; i < len(tok); i++ {
			if !strings.ContainsRune("dlru", rune(tok[i])) {
				verdict(exitPE, "case %d: move string %s holds %q, expected only d, l, r, u", k, show(tok, long), tok[i])
			}
		}
		if long || len(tok) != n {
			l := strconv.Itoa(len(tok))
			if long {
				l = "more than " + strconv.Itoa(maxTok)
			}
			verdict(exitWA, "case %d: claims %d moves but the move string has %s", k, n, l)
		}
		bad, end := play(ps[k-1].start, tok)
		if bad >= 0 {
			verdict(exitWA, "case %d: move %d (%q) takes X off the board", k, bad+1, tok[bad])
		}
		if end != ps[k-1].target {
			verdict(exitWA, "case %d: the moves lead to %s, not to the target %s", k, end, ps[k-1].target)
		}
	}
	if tok, long, ok := tk.next(); ok {
		verdict(exitPE, "extra output after case %d: %s", len(ps), show(tok, long))
	}
	fmt.Fprintf(os.Stderr, "ok %d cases\n", len(ps))
	os.Exit(exitAC)
}
