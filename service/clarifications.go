package service

import (
	"context"
	"fmt"

	"github.com/puzzlejudge/judge/service/api"
	"github.com/puzzlejudge/judge/service/store"
)

// clarBatch bounds the changes one read of a clarification stream takes.
const clarBatch = 100

// apiClar converts a stored clarification.
func apiClar(c store.Clarification) api.Clarification {
	return api.Clarification{
		ID: c.ID, Seq: c.Seq, Contest: c.Contest, Problem: c.Problem, From: c.From,
		Question: c.Question, Answer: c.Answer, AnsweredBy: c.AnsweredBy, ToAll: c.ToAll,
		CreatedAt: c.CreatedAt, AnsweredAt: c.AnsweredAt,
	}
}

// storeClarQuery is the store's query of the API's.
func storeClarQuery(q api.ClarQuery) store.ClarQuery {
	return store.ClarQuery{Viewer: q.Viewer.User, Admin: q.Viewer.Admin(), Contest: q.Contest, After: q.After}
}

// changed tells this process's streams of a change the store made.
func (b *backend) changed(c store.Clarification, err error) (api.Clarification, error) {
	if err != nil {
		return api.Clarification{}, storeErr(err)
	}
	b.clar.notify(c.Seq)
	return apiClar(c), nil
}

// AskClarification stores a question about a problem the catalog knows,
// or a general one.
func (b *backend) AskClarification(ctx context.Context, who api.Principal, in api.NewClarification) (api.Clarification, error) {
	if in.Problem != "" {
		if _, err := b.cat.problem(in.Problem); err != nil && isNoProblem(err) {
			return api.Clarification{}, err
		}
	}
	return b.changed(b.st.AskClarification(ctx, store.NewClarification{Contest: in.Contest, Problem: in.Problem, From: who.User, Text: in.Text}))
}

// AnswerClarification answers a question.
func (b *backend) AnswerClarification(ctx context.Context, who api.Principal, id int64, in api.ClarAnswer) (api.Clarification, error) {
	return b.changed(b.st.AnswerClarification(ctx, id, who.User, in.Text, in.ToAll))
}

// Announce stores an announcement, about a problem the catalog knows or
// in general.
func (b *backend) Announce(ctx context.Context, who api.Principal, in api.NewClarification) (api.Clarification, error) {
	if in.Problem != "" {
		if _, err := b.cat.problem(in.Problem); err != nil && isNoProblem(err) {
			return api.Clarification{}, err
		}
	}
	return b.changed(b.st.Announce(ctx, store.NewClarification{Contest: in.Contest, Problem: in.Problem, From: who.User, Text: in.Text}))
}

// Clarifications lists what the viewer may see, newest first.
func (b *backend) Clarifications(ctx context.Context, q api.ClarQuery) ([]api.Clarification, error) {
	cs, err := b.st.ListClarifications(ctx, storeClarQuery(q))
	if err != nil {
		return nil, storeErr(err)
	}
	out := make([]api.Clarification, len(cs))
	for i, c := range cs {
		out[i] = apiClar(c)
	}
	return out, nil
}

// ClarificationEvents follows the changes the viewer may see: it reads
// those after the last seq sent each time the notifier wakes it (it
// listens before the first read, so no change falls between). A failed
// read ends the stream; the client resumes after its last seq.
func (b *backend) ClarificationEvents(ctx context.Context, q api.ClarQuery) (<-chan api.Clarification, int64, error) {
	wake, stop := b.clar.listen()
	sq := storeClarQuery(q)
	if sq.After < 0 {
		seq, err := b.st.ClarificationSeq(ctx)
		if err != nil {
			stop()
			return nil, 0, fmt.Errorf("clarification stream: %w", err)
		}
		sq.After = seq
	}
	start := sq.After
	sq.Limit = clarBatch
	ch := make(chan api.Clarification, 16)
	go func() {
		defer close(ch)
		defer stop()
		for {
			cs, err := b.st.ClarificationsSince(ctx, sq)
			if err != nil {
				return
			}
			for _, c := range cs {
				select {
				case ch <- apiClar(c):
				case <-ctx.Done():
					return
				}
				sq.After = c.Seq
			}
			if len(cs) == clarBatch {
				continue
			}
			select {
			case <-wake:
			case <-ctx.Done():
				return
			}
		}
	}()
	return ch, start, nil
}
