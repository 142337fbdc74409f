package runner

import (
	"reflect"
	"strings"
	"testing"
)

// TestCodec checks that every field of a run request and of a reply
// crosses the channel, that the helper's configuration still goes as
// JSON, and that a message cut short or too long is refused.
func TestCodec(t *testing.T) {
	req := runRequest{Op: "run", ID: 1 << 40, Path: "/prog/a b", Args: []string{"/prog/a b", "", "ü"}, Env: []string{"PATH=/usr/bin", "HOME=/box"},
		Dir: "/box", Stack: 1 << 33, FileSize: -1, Files: 64, Procs: 32, Memory: 256 << 20, Enter: 3, Reset: 2, CPU: 2, Wall: 10e9}
	reply := helperReply{Kind: "done", Err: "x", NotFound: true, Pid: 77, Exited: true, ExitCode: 3, Signal: 9, CPU: 123456789,
		MaxRSS: 1 << 20, BaseRSS: 5, PeakRSS: 6, Wall: 7, WallStop: true, Residual: 4096}
	for _, tc := range []struct {
		in, out any
	}{
		{req, &runRequest{}},
		{&req, &runRequest{}},
		{runRequest{Op: "kill", ID: 5}, &runRequest{}},
		{reply, &helperReply{}},
		{helperReply{Kind: "ready"}, &helperReply{}},
		{helperConfig{Full: true, Dir: "/d", Binds: []string{"/usr"}, UID: 9}, &helperConfig{}},
	} {
		data, err := marshalMsg(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if err := unmarshalMsg(data, tc.out); err != nil {
			t.Fatalf("%T: %v", tc.in, err)
		}
		want := reflect.ValueOf(tc.in)
		if want.Kind() == reflect.Pointer {
			want = want.Elem()
		}
		if got := reflect.ValueOf(tc.out).Elem().Interface(); !reflect.DeepEqual(got, want.Interface()) {
			t.Errorf("%T round trip: got %+v, want %+v", tc.in, got, want.Interface())
		}
	}
	data, _ := marshalMsg(req)
	for _, n := range []int{1, 5, len(data) - 1} {
		if err := unmarshalMsg(data[:n], &runRequest{}); err == nil {
			t.Errorf("a request cut to %d of %d bytes decoded", n, len(data))
		}
	}
	if err := unmarshalMsg(append(data, 0), &runRequest{}); err == nil || !strings.Contains(err.Error(), "past the message's end") {
		t.Errorf("a request with a byte more: %v", err)
	}
	if err := unmarshalMsg(data, &helperReply{}); err == nil {
		t.Errorf("a request decoded as a reply")
	}
}
