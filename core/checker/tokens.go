package checker

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/puzzlejudge/judge/core/verdict"
)

// Tokens accepts an output whose white-space separated tokens equal those
// of the expected answer. Any run of spaces, tabs, newlines and carriage
// returns separates tokens, so line breaks and spacing do not matter.
type Tokens struct{}

// Check implements Checker.
func (Tokens) Check(ctx context.Context, input, output, expected string) (Result, error) {
	return compareTokenFiles(ctx, output, expected, nil)
}

const (
	readerSize    = 64 << 10 // buffer size of each streamed file
	minReaderSize = 256      // the least (newReader)
	chunkSize     = 4 << 10  // bytes of a token compared at a time
)

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// tokenReader splits a stream into tokens without holding whole tokens.
type tokenReader struct {
	r        *bufio.Reader
	line     int // current line, 1-based
	tok      int // tokens started on the current line
	lastLine int // line of the current token
	lastTok  int // position of the current token in its line, 1-based
}

func newTokenReader(f *os.File) *tokenReader {
	return &tokenReader{r: newReader(f), line: 1}
}

// buffered returns the buffered bytes, reading more if none are buffered.
func buffered(r *bufio.Reader) ([]byte, error) {
	if r.Buffered() == 0 {
		if _, err := r.Peek(1); err != nil {
			return nil, err
		}
	}
	return r.Peek(r.Buffered())
}

// next skips white space up to the start of the next token. It reports
// false at the end of the stream.
func (t *tokenReader) next() (bool, error) {
	for {
		buf, err := buffered(t.r)
		if len(buf) == 0 {
			if errors.Is(err, io.EOF) {
				return false, nil
			}
			return false, err
		}
		i := 0
		for i < len(buf) && isSpace(buf[i]) {
			if buf[i] == '\n' {
				t.line++
				t.tok = 0
			}
			i++
		}
		t.r.Discard(i)
		if i < len(buf) {
			t.tok++
			t.lastLine, t.lastTok = t.line, t.tok
			return true, nil
		}
	}
}

// endPos returns the position just after the last token, for messages
// about a missing token.
func (t *tokenReader) endPos() (line, tok int) {
	if t.lastLine == 0 {
		return 1, 1
	}
	return t.lastLine, t.lastTok + 1
}

// read appends bytes of the current token to dst until dst holds max
// bytes or the token ends, and reports whether the token ended.
func (t *tokenReader) read(dst []byte, max int) ([]byte, bool, error) {
	for len(dst) < max {
		buf, err := buffered(t.r)
		if len(buf) == 0 {
			if errors.Is(err, io.EOF) {
				return dst, true, nil
			}
			return dst, false, err
		}
		n := min(len(buf), max-len(dst))
		i := 0
		for i < n && !isSpace(buf[i]) {
			i++
		}
		dst = append(dst, buf[:i]...)
		t.r.Discard(i)
		if i < n {
			return dst, true, nil
		}
	}
	buf, err := t.r.Peek(1)
	switch {
	case errors.Is(err, io.EOF):
		return dst, true, nil
	case err != nil:
		return dst, false, err
	}
	return dst, isSpace(buf[0]), nil
}

// comparer compares the token streams of an expected answer and an
// output, optionally comparing numeric tokens with tolerance.
type comparer struct {
	exp, out   *tokenReader
	float      *Float // nil to compare every token exactly
	bufE, bufO []byte
}

// compareTokenFiles compares the tokens of the files output and expected.
func compareTokenFiles(ctx context.Context, output, expected string, float *Float) (Result, error) {
	fe, fo, err := openPair(expected, output)
	if err != nil {
		return Result{}, err
	}
	defer fe.Close()
	defer fo.Close()
	c := &comparer{
		exp:   newTokenReader(fe),
		out:   newTokenReader(fo),
		float: float,
		// The token buffers grow as tokens need (most are short): two
		// chunks cleared for every test were a fifth of a check's time.
		bufE: make([]byte, 0, 64),
		bufO: make([]byte, 0, 64),
	}
	res, err := c.run(ctx)
	if err != nil {
		return Result{}, fmt.Errorf("compare %s with %s: %w", output, expected, err)
	}
	return res, nil
}

// run compares all tokens and returns the first mismatch.
func (c *comparer) run(ctx context.Context) (Result, error) {
	for i := 0; ; i++ {
		if i%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return Result{}, err
			}
		}
		okE, err := c.exp.next()
		if err != nil {
			return Result{}, err
		}
		okO, err := c.out.next()
		if err != nil {
			return Result{}, err
		}
		switch {
		case !okE && !okO:
			return ac, nil
		case !okE:
			b, done, err := c.out.read(c.bufO[:0], shownBytes+utfMax)
			if err != nil {
				return Result{}, err
			}
			return wa("line %d, token %d: expected end of output, got %s",
				c.out.lastLine, c.out.lastTok, show(b, !done)), nil
		case !okO:
			b, done, err := c.exp.read(c.bufE[:0], shownBytes+utfMax)
			if err != nil {
				return Result{}, err
			}
			line, tok := c.out.endPos()
			return wa("line %d, token %d: expected %s, got end of output", line, tok, show(b, !done)), nil
		}
		res, same, err := c.token(ctx)
		if err != nil || !same {
			return res, err
		}
	}
}

const utfMax = 4

// token compares the current tokens of both streams, chunk by chunk.
func (c *comparer) token(ctx context.Context) (Result, bool, error) {
	var (
		prefE, prefO [shownBytes + utfMax]byte
		nE, nO       int
		longE, longO bool
		off          int64
		err          error
	)
	for first := true; ; first = false {
		if !first {
			if err := ctx.Err(); err != nil {
				return Result{}, false, err
			}
		}
		var doneE, doneO bool
		if c.bufE, doneE, err = c.exp.read(c.bufE[:0], chunkSize); err != nil {
			return Result{}, false, err
		}
		if c.bufO, doneO, err = c.out.read(c.bufO[:0], chunkSize); err != nil {
			return Result{}, false, err
		}
		if first {
			nE, nO = copy(prefE[:], c.bufE), copy(prefO[:], c.bufO)
			longE, longO = !doneE || len(c.bufE) > shownBytes, !doneO || len(c.bufO) > shownBytes
			if c.float != nil && doneE && doneO {
				if res, handled := c.float.compare(c.bufE, c.bufO); handled {
					if res.Verdict != verdict.AC {
						res.Message = fmt.Sprintf("line %d, token %d: %s", c.out.lastLine, c.out.lastTok, res.Message)
					}
					return res, res.Verdict == verdict.AC, nil
				}
			}
		}
		k := commonPrefix(c.bufE, c.bufO)
		if k == len(c.bufE) && k == len(c.bufO) && doneE == doneO {
			if doneE {
				return ac, true, nil
			}
			off += int64(k)
			continue
		}
		se, so := show(prefE[:nE], longE), show(prefO[:nO], longO)
		msg := fmt.Sprintf("line %d, token %d: expected %s, got %s", c.out.lastLine, c.out.lastTok, se, so)
		if se == so {
			msg += fmt.Sprintf(" (tokens differ at byte %d)", off+int64(k)+1)
		}
		return Result{Verdict: verdict.WA, Message: msg}, false, nil
	}
}

// commonPrefix returns the length of the longest common prefix of a and b.
func commonPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	// Compare 64 bytes at a time first: bytes.Equal is vectorised.
	i := 0
	for i+64 <= n && bytes.Equal(a[i:i+64], b[i:i+64]) {
		i += 64
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// wa returns a wrong-answer result with a formatted message.
func wa(format string, args ...any) Result {
	return Result{Verdict: verdict.WA, Message: fmt.Sprintf(format, args...)}
}
