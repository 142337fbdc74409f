package client

import (
	"reflect"
	"strings"
	"testing"
)

func TestReadEvents(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []Event
	}{
		{"named with id", "id: 1.1\nevent: state\ndata: {\"a\":1}\n\n", []Event{{ID: "1.1", Name: "state", Data: `{"a":1}`}}},
		{"comments skipped", ": keep-alive\n\n: x\n\nevent: test\ndata: x\n\n", []Event{{Name: "test", Data: "x"}}},
		{"multi-line data", "event: e\ndata: a\ndata: b\n\n", []Event{{Name: "e", Data: "a\nb"}}},
		{"retry alone", "retry: 2000\n\n", []Event{{Retry: "2000"}}},
		{"unnamed", "data: hi\n\n", []Event{{Name: "message", Data: "hi"}}},
		{"unterminated dropped", "event: e\ndata: a\n", nil},
	} {
		var got []Event
		if err := ReadEvents(strings.NewReader(tc.in), func(e Event) bool { got = append(got, e); return true }); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %+v, want %+v", tc.name, got, tc.want)
		}
	}
	n := 0
	_ = ReadEvents(strings.NewReader("data: 1\n\ndata: 2\n\n"), func(Event) bool { n++; return false })
	if n != 1 {
		t.Errorf("fn returning false read %d events, want 1", n)
	}
}
