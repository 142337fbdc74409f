package api

import (
	"context"
	"mime"
	"net/http"
	"strings"
)

// Sources is the part of the Backend that reads a submission's source.
type Sources interface {
	// Source is the source text of a submission (whoever may see it).
	Source(ctx context.Context, id string) (string, error)
}

// getSource is GET /api/v1/submissions/{id}/source: the source as a
// download, for its owner and admins (404 for anyone else, as the
// submission is).
func (s *Server) getSource(w http.ResponseWriter, r *http.Request) {
	sub, err := s.visible(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, err)
		return
	}
	src, err := s.b.Source(r.Context(), sub.ID)
	if err != nil {
		writeError(w, err)
		return
	}
	WriteSource(w, sub, src)
}

// WriteSource answers with a submission's source as a text download
// named by its file name, for the API and the web page alike.
func WriteSource(w http.ResponseWriter, sub Submission, src string) {
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("Content-Disposition", Attachment(sub.Filename, sub.ID))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "sandbox; default-src 'none'")
	h.Set("Cache-Control", "private, no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte(src))
}

// Attachment is the Content-Disposition of a download named filename
// (quoted, or RFC 2231-encoded when not plain ASCII); a submission with
// no file name is named by its id.
func Attachment(filename, id string) string {
	name := strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == '/' || r == '\\' {
			return '_'
		}
		return r
	}, filename)
	if strings.TrimSpace(name) == "" {
		name = "submission-" + id + ".txt"
	}
	if v := mime.FormatMediaType("attachment", map[string]string{"filename": name}); v != "" {
		return v
	}
	return "attachment"
}
