package web

import (
	"context"

	"github.com/puzzlejudge/judge/service/api"
)

// listView is a page of the submissions list as the page shows it.
type listView struct {
	Items []listItem
	Next  string
}

// listItem is a submission of the list, with its score ("30/50") when it
// is done and its problem is a scoring one, "" otherwise.
type listItem struct {
	api.Submission
	Score string
}

// listView adds to a page of submissions the scores of those done. A
// listing carries no reports, so each done submission's report is read
// (by its id) for its score; one that cannot be read shows none.
func (h *Handler) listView(ctx context.Context, page api.Page) listView {
	v := listView{Next: page.Next, Items: make([]listItem, len(page.Items))}
	for i, s := range page.Items {
		v.Items[i].Submission = s
		if s.State != api.StateDone {
			continue
		}
		full, err := h.b.Get(ctx, s.ID)
		if err != nil {
			continue
		}
		if full.Report != nil {
			v.Items[i].Score = full.Report.ScoreText()
		}
	}
	return v
}
