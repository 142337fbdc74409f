package verify

import (
	"errors"
	"strings"
	"time"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/core/report"
)

// maxDetails caps the details of one check.
const maxDetails = 20

func pass(c *Check, msg string) *Check { c.Status, c.Message = Pass, msg; return c }
func fail(c *Check, msg string) *Check { c.Status, c.Message = Fail, msg; return c }
func warn(c *Check, msg string) *Check { c.Status, c.Message = Warn, msg; return c }
func skip(c *Check, msg string) *Check { c.Status, c.Message = Skip, msg; return c }

// internal marks c as the judge's own failure, with the message.
func internal(c *Check, msg string) *Check { c.Status, c.Message = Error, msg; return c }

// failWith fails c with the details, the first of which is the message.
func failWith(c *Check, details []string) *Check {
	c.Status, c.Message, c.Details = Fail, details[0], details
	if len(details) == 1 {
		c.Details = nil
	}
	return c
}

// failErr fails c with err, as the judge's own failure when err is one
// (an author.InternalError).
func failErr(c *Check, err error) *Check {
	var ie *author.InternalError
	if errors.As(err, &ie) {
		return internal(c, "internal error: "+err.Error())
	}
	return fail(c, err.Error())
}

// failDetails fails c with the details, as the judge's own failure when
// isInternal.
func failDetails(c *Check, details []string, isInternal bool) *Check {
	failWith(c, details)
	if isInternal {
		c.Status = Error
	}
	return c
}

// all says "the 1 test" or "all 2 tests".
func all(n int, noun string) string {
	if n == 1 {
		return "the 1 " + noun
	}
	return "all " + report.Plural(n, noun)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}

// ms writes a duration in whole milliseconds: "1500 ms".
func ms(d time.Duration) string { return figures.Millis(d.Milliseconds()) }

// durationMs shows a duration to the millisecond.
func durationMs(d time.Duration) string { return d.Round(time.Millisecond).String() }

func join(head, tail string) string {
	if tail == "" {
		return head
	}
	return head + ": " + tail
}
