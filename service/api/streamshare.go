package api

import "net/http"

// TakeStream takes a place for user among the live streams the API caps
// (MaxStreams over everyone, MaxUserStreams for one user), for a stream
// another handler of the same server serves (the CLICS event feed): one
// user's streams of every kind count together. The refusal is an *Error
// (429 or 503, with Retry-After) for WriteError; release gives the place
// back.
func (s *Server) TakeStream(user string) (release func(), err error) {
	return s.streams.take(user)
}

// WriteError answers err as the API answers its own errors: its status
// and {"error": "..."}.
func WriteError(w http.ResponseWriter, err error) { writeError(w, err) }

// Drained is closed by Drain: streams another handler serves end with
// the API's own when the server shuts down.
func (s *Server) Drained() <-chan struct{} { return s.drain }
