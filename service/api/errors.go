package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// Sentinel errors a Backend returns.
var (
	ErrNotFound     = errors.New("not found")
	ErrConflict     = errors.New("conflict")
	ErrQueueFull    = errors.New("the judging queue is full")
	ErrUnauthorized = errors.New("missing or unknown token")
)

// Error is an error with its HTTP status: the field it concerns and, for
// 429 and 503, when to try again.
type Error struct {
	Status     int
	Field      string
	Msg        string
	RetryAfter time.Duration
}

func (e *Error) Error() string {
	if e.Field != "" {
		return e.Field + ": " + e.Msg
	}
	return e.Msg
}

// Errorf makes an *Error about a field ("" for none).
func Errorf(status int, field, format string, args ...any) *Error {
	return &Error{Status: status, Field: field, Msg: fmt.Sprintf(format, args...)}
}

// errorBody is the JSON of every error answer.
type errorBody struct {
	Error string `json:"error"`
	Field string `json:"field,omitempty"`
}

// writeError answers with the error's status and {"error": "..."}.
func writeError(w http.ResponseWriter, err error) {
	e := asError(err)
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int((e.RetryAfter+time.Second-1)/time.Second)))
	}
	if e.Status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer realm="puzzlejudge"`)
	}
	writeJSON(w, e.Status, errorBody{Error: e.Error(), Field: e.Field})
}

// asError maps any error to an *Error.
func asError(err error) *Error {
	var e *Error
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &e):
		return e
	case errors.As(err, &mbe):
		return Errorf(http.StatusRequestEntityTooLarge, "", "request body over %d bytes", mbe.Limit)
	case errors.Is(err, ErrNotFound):
		return Errorf(http.StatusNotFound, "", "%v", err)
	case errors.Is(err, ErrConflict):
		return Errorf(http.StatusConflict, "", "%v", err)
	case errors.Is(err, ErrUnauthorized):
		return Errorf(http.StatusUnauthorized, "", "%v", err)
	case errors.Is(err, ErrQueueFull):
		return &Error{Status: http.StatusServiceUnavailable, Msg: err.Error(), RetryAfter: 5 * time.Second}
	}
	return Errorf(http.StatusInternalServerError, "", "%v", err)
}

// writeView writes a submission as View shows it: the bytes the backend
// encoded, when it did, as writeJSON would have written them. Handlers
// call Server.writeView, which applies the viewer's feedback first.
func writeView(w http.ResponseWriter, status int, s Shown) {
	if len(s.Encoded) == 0 {
		writeJSON(w, status, NewView(s))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = w.Write(s.Encoded)
	_, _ = w.Write([]byte("\n"))
}

// writeJSON answers with v as JSON.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(true)
	_ = enc.Encode(v)
}
