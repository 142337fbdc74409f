package api

import (
	"encoding/json"
	"time"
)

// View is a submission's JSON answer: id, state, attempt, timestamps and
// links, and once done every field of the report `judge submit --format
// json` prints, at the top level.
func View(sub Submission) map[string]any {
	v := map[string]any{}
	if sub.State == StateDone && len(sub.Report) > 0 {
		var rep map[string]json.RawMessage
		if json.Unmarshal(sub.Report, &rep) == nil {
			for k, raw := range rep {
				v[k] = raw
			}
		}
	}
	v["id"] = sub.ID
	v["state"] = sub.State
	v["attempt"] = sub.Attempt
	v["gen"] = sub.Gen
	v["user"] = sub.User
	v["problem"] = sub.Problem
	if sub.Language != "" {
		v["language"] = sub.Language
	}
	if sub.Filename != "" {
		v["filename"] = sub.Filename
	}
	if sub.State == StateDone {
		if sub.Verdict != "" {
			v["verdict"] = sub.Verdict
		}
		if sub.Error != "" {
			if _, ok := v["error"]; !ok {
				v["error"] = sub.Error
			}
		}
	}
	v["created_at"] = stamp(sub.CreatedAt)
	v["started_at"] = stamp(sub.StartedAt)
	v["finished_at"] = stamp(sub.FinishedAt)
	self := "/api/v1/submissions/" + sub.ID
	v["links"] = map[string]string{"self": self, "events": self + "/events", "page": "/submissions/" + sub.ID}
	return v
}

// stamp is a time in RFC 3339 with milliseconds, or nil when unset.
func stamp(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UTC().Format("2006-01-02T15:04:05.000Z07:00")
}
