package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/nats-io/nats.go/jetstream"
)

// ErrQueueFull is returned by Publish when the jobs stream holds as many
// jobs as it may; the API answers 503 with Retry-After.
var ErrQueueFull = errors.New("the judging queue is full")

// Job is one judging of one submission, as queued for workers.
type Job struct {
	SubmissionID string `json:"submission_id"`
	// Gen is the submission's generation: a rejudge bumps it, and results
	// of an older generation are ignored.
	Gen         int64  `json:"gen"`
	Problem     string `json:"problem"`
	PackageHash string `json:"package_sha256"`
	Language    string `json:"language"`
	Filename    string `json:"filename"`
	Source      string `json:"source"`
	// Limits, when set, replace the problem's limits.
	Limits       *Limits `json:"limits,omitempty"`
	JudgeVersion string  `json:"judge_version,omitempty"`
	// StopOnFail stops a pass/fail problem's judging at its first failing
	// test (lazy judging); a scoring problem runs every test regardless.
	StopOnFail bool `json:"stop_on_fail,omitempty"`
	// BudgetMs bounds the time of the job's tests, all together
	// (grade.Options.Budget): 0 takes grade.DefaultBudget, a negative
	// value sets none.
	BudgetMs int64 `json:"budget_ms,omitempty"`
}

// Limits override a problem's limits for one job; zero fields keep the
// problem's.
type Limits struct {
	TimeMs   int64 `json:"time_ms,omitempty"`
	MemoryKB int64 `json:"memory_kb,omitempty"`
	OutputKB int64 `json:"output_kb,omitempty"`
}

// MsgID is the job's deduplication id: the same submission and generation
// published twice is queued once.
func (j Job) MsgID() string { return fmt.Sprintf("%s:%d", j.SubmissionID, j.Gen) }

// Validate checks what the queue relies on: an id usable as a subject
// token, a package hash and a language.
func (j Job) Validate() error {
	if err := ValidID(j.SubmissionID); err != nil {
		return err
	}
	switch {
	case j.Gen < 0:
		return fmt.Errorf("job %s: negative generation", j.SubmissionID)
	case j.Problem == "" || j.PackageHash == "":
		return fmt.Errorf("job %s: no problem or package", j.SubmissionID)
	}
	return nil
}

// ValidID checks that a submission id can be a NATS subject token.
func ValidID(id string) error {
	if id == "" || len(id) > 128 || strings.ContainsAny(id, ".*> \t\r\n") {
		return fmt.Errorf("submission id %q: empty, too long, or holds one of . * > or a space", id)
	}
	return nil
}

// Publish queues a job and waits until the stream has stored it, through
// a leader election of a cluster (see PublishWait). dup is
// true when a job with the same MsgID was already queued within the hour
// (so nothing new was queued). A full queue gives ErrQueueFull.
func Publish(ctx context.Context, js jetstream.JetStream, j Job) (dup bool, err error) {
	if err := j.Validate(); err != nil {
		return false, err
	}
	data, err := json.Marshal(j)
	if err != nil {
		return false, fmt.Errorf("job %s: %w", j.MsgID(), err)
	}
	if len(data) > MaxMessage {
		return false, fmt.Errorf("job %s: %d bytes, more than %d", j.MsgID(), len(data), MaxMessage)
	}
	ack, err := publish(ctx, js, JobsSubject, data, true, jetstream.WithMsgID(j.MsgID()), jetstream.WithExpectStream(JobsStream))
	if err != nil {
		if isFull(err) {
			return false, fmt.Errorf("job %s: %w", j.MsgID(), ErrQueueFull)
		}
		return false, fmt.Errorf("queue job %s: %w", j.MsgID(), err)
	}
	return ack.Duplicate, nil
}

// Publish queues a job on the server's queue (see the function Publish).
func (q *Queue) Publish(ctx context.Context, j Job) (dup bool, err error) {
	return Publish(ctx, q.js, j)
}

// isFull tells the stream's refusal of a message past its limits.
func isFull(err error) bool {
	var apiErr *jetstream.APIError
	if errors.As(err, &apiErr) && apiErr.ErrorCode == errStreamStoreFailed {
		return strings.Contains(apiErr.Description, "maximum")
	}
	return false
}

// errStreamStoreFailed is the server's JSStreamStoreFailedF error code,
// which it gives when a DiscardNew stream refuses a message.
const errStreamStoreFailed jetstream.ErrorCode = 10077
