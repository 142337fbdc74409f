package runner

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
)

// The judge and its helpers are one executable, so the messages of every
// run (a runRequest, a helperReply) travel in a fixed binary layout of
// their own: JSON cost the two processes about 6 µs a run between them,
// on the path from one program's end to the next one's start. The
// helper's configuration, sent once, stays JSON. A message's first byte
// says which it is.
const (
	tagRequest byte = 1
	tagReply   byte = 2
	// JSON messages start with '{'.
)

// marshalMsg encodes v for the channel.
func marshalMsg(v any) ([]byte, error) {
	switch m := v.(type) {
	case runRequest:
		return m.appendTo(make([]byte, 0, 256)), nil
	case *runRequest:
		return m.appendTo(make([]byte, 0, 256)), nil
	case helperReply:
		return m.appendTo(make([]byte, 0, 64)), nil
	case *helperReply:
		return m.appendTo(make([]byte, 0, 64)), nil
	}
	return json.Marshal(v)
}

// unmarshalMsg decodes data, as marshalMsg made it, into v.
func unmarshalMsg(data []byte, v any) error {
	if len(data) > 0 {
		switch m := v.(type) {
		case *runRequest:
			if data[0] == tagRequest {
				return m.decode(data[1:])
			}
		case *helperReply:
			if data[0] == tagReply {
				return m.decode(data[1:])
			}
		}
	}
	if len(data) > 0 && data[0] != '{' {
		return fmt.Errorf("message of kind %d where %T was expected", data[0], v)
	}
	return json.Unmarshal(data, v)
}

func (r *runRequest) appendTo(b []byte) []byte {
	b = append(b, tagRequest)
	b = appendString(b, r.Op)
	b = binary.AppendVarint(b, r.ID)
	b = appendString(b, r.Path)
	b = appendStrings(b, r.Args)
	b = appendStrings(b, r.Env)
	b = appendString(b, r.Dir)
	for _, n := range []int64{r.Stack, r.FileSize, int64(r.Files), int64(r.Procs), r.Memory, int64(r.Enter), int64(r.Reset), int64(r.CPU), r.Wall} {
		b = binary.AppendVarint(b, n)
	}
	return b
}

func (r *runRequest) decode(b []byte) error {
	d := decoder{b: b}
	r.Op = d.string()
	r.ID = d.int()
	r.Path = d.string()
	r.Args = d.strings()
	r.Env = d.strings()
	r.Dir = d.string()
	r.Stack, r.FileSize = d.int(), d.int()
	r.Files, r.Procs = int(d.int()), int(d.int())
	r.Memory = d.int()
	r.Enter, r.Reset, r.CPU = int(d.int()), int(d.int()), int(d.int())
	r.Wall = d.int()
	return d.end()
}

func (r *helperReply) appendTo(b []byte) []byte {
	b = append(b, tagReply)
	b = appendString(b, r.Kind)
	b = appendString(b, r.Err)
	var flags int64
	for i, f := range []bool{r.NotFound, r.Exited, r.WallStop} {
		if f {
			flags |= 1 << i
		}
	}
	for _, n := range []int64{flags, int64(r.Pid), int64(r.ExitCode), int64(r.Signal), r.CPU, r.MaxRSS, r.BaseRSS, r.PeakRSS, r.Wall, r.Residual} {
		b = binary.AppendVarint(b, n)
	}
	return b
}

func (r *helperReply) decode(b []byte) error {
	d := decoder{b: b}
	r.Kind = d.string()
	r.Err = d.string()
	flags := d.int()
	r.NotFound, r.Exited, r.WallStop = flags&1 != 0, flags&2 != 0, flags&4 != 0
	r.Pid, r.ExitCode, r.Signal = int(d.int()), int(d.int()), int(d.int())
	r.CPU, r.MaxRSS, r.BaseRSS, r.PeakRSS = d.int(), d.int(), d.int(), d.int()
	r.Wall, r.Residual = d.int(), d.int()
	return d.end()
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendStrings(b []byte, ss []string) []byte {
	b = binary.AppendUvarint(b, uint64(len(ss)))
	for _, s := range ss {
		b = appendString(b, s)
	}
	return b
}

// decoder reads a message field by field; the first fault sticks, and end
// reports it, or bytes left over.
type decoder struct {
	b   []byte
	err error
}

var errShortMessage = errors.New("message cut short")

func (d *decoder) uint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.err = errShortMessage
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) int() int64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Varint(d.b)
	if n <= 0 {
		d.err = errShortMessage
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) string() string {
	n := d.uint()
	if d.err != nil {
		return ""
	}
	if n > uint64(len(d.b)) {
		d.err = errShortMessage
		return ""
	}
	s := string(d.b[:n])
	d.b = d.b[n:]
	return s
}

func (d *decoder) strings() []string {
	n := d.uint()
	if d.err != nil || n == 0 {
		return nil
	}
	if n > uint64(len(d.b)) { // each string takes a byte at least
		d.err = errShortMessage
		return nil
	}
	ss := make([]string, n)
	for i := range ss {
		ss[i] = d.string()
	}
	return ss
}

func (d *decoder) end() error {
	if d.err == nil && len(d.b) > 0 {
		d.err = fmt.Errorf("%d bytes past the message's end", len(d.b))
	}
	return d.err
}
