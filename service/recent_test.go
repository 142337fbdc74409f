package service

import (
	"fmt"
	"testing"
)

func TestRecent(t *testing.T) {
	var r recent[int]
	r.put("a", 1, 10)
	r.put("a", 1, 11) // replaces
	r.put("b", 2, 20)
	tests := []struct {
		id     string
		gen    int64
		want   int
		wantOK bool
	}{
		{"a", 2, 0, false}, // another generation
		{"c", 1, 0, false}, // another submission
		{"a", 1, 11, true},
		{"a", 1, 0, false}, // taken once
		{"b", 2, 20, true},
	}
	for _, tc := range tests {
		if got, ok := r.take(tc.id, tc.gen); got != tc.want || ok != tc.wantOK {
			t.Errorf("take(%s, %d) = %d, %v, want %d, %v", tc.id, tc.gen, got, ok, tc.want, tc.wantOK)
		}
	}
	// Bounded: the oldest are forgotten.
	for i := range maxRecent + 10 {
		r.put(fmt.Sprint("s", i), 1, i)
	}
	if _, ok := r.take("s0", 1); ok {
		t.Error("s0 kept past maxRecent, want it forgotten")
	}
	if v, ok := r.take(fmt.Sprint("s", maxRecent+9), 1); !ok || v != maxRecent+9 {
		t.Errorf("newest: %d, %v, want %d, true", v, ok, maxRecent+9)
	}
	if len(r.m) > maxRecent || len(r.order) > maxRecent {
		t.Errorf("%d remembered, %d in order, want at most %d", len(r.m), len(r.order), maxRecent)
	}
}
