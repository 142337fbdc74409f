package client

import (
	"bufio"
	"io"
	"strings"
)

// Event is one Server-Sent Event.
type Event struct {
	ID    string
	Name  string
	Data  string
	Retry string
}

// ReadEvents parses a text/event-stream, calling fn for each event until
// the stream ends, fn returns false, or reading fails. Comments (keep-
// alives) are skipped; a lone retry field is passed on as an event with
// only Retry set.
func ReadEvents(r io.Reader, fn func(Event) bool) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 8<<20)
	var ev Event
	var data []string
	seen := false
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			if seen {
				ev.Data = strings.Join(data, "\n")
				if ev.Name == "" && (len(data) > 0) {
					ev.Name = "message"
				}
				if !fn(ev) {
					return nil
				}
			}
			ev, data, seen = Event{}, nil, false
			continue
		}
		if strings.HasPrefix(line, ":") {
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		seen = true
		switch field {
		case "id":
			ev.ID = value
		case "event":
			ev.Name = value
		case "data":
			data = append(data, value)
		case "retry":
			ev.Retry = value
		}
	}
	return sc.Err()
}
