package store

import (
	"sort"
	"testing"
	"time"
)

func TestIDsSortInCreationOrder(t *testing.T) {
	var g idSource
	base := time.UnixMilli(1_700_000_000_000)
	var ids []string
	for i := range 2000 {
		// Many IDs per millisecond, and the clock stepping back once.
		now := base.Add(time.Duration(i/500) * time.Millisecond)
		if i == 1500 {
			now = base
		}
		ids = append(ids, g.next(now))
	}
	if !sort.StringsAreSorted(ids) {
		t.Fatal("IDs made in order do not sort in order")
	}
	seen := map[string]bool{}
	for _, id := range ids {
		if !ValidID(id) || seen[id] {
			t.Fatalf("ID %q invalid or repeated", id)
		}
		seen[id] = true
	}
	if later := (&idSource{}).next(base.Add(time.Second)); later <= ids[len(ids)-1] {
		t.Errorf("an ID a second later, %s, sorts before %s", later, ids[len(ids)-1])
	}
}

func TestValidID(t *testing.T) {
	cases := map[string]bool{
		"01ARZ3NDEKTSV4RRFFQ69G5FAV":  true,
		"7ZZZZZZZZZZZZZZZZZZZZZZZZZ":  true,
		"8ZZZZZZZZZZZZZZZZZZZZZZZZZ":  false, // beyond 48 bits of time
		"01ARZ3NDEKTSV4RRFFQ69G5FA":   false,
		"01ARZ3NDEKTSV4RRFFQ69G5FAVX": false,
		"01arz3ndektsv4rrffq69g5fav":  false,
		"01ARZ3NDEKTSV4RRFFQ69G5FAU":  false, // U is not in the alphabet
		"01ARZ3NDEKTSV4RRFFQ69G5F'V":  false,
	}
	for id, want := range cases {
		if got := ValidID(id); got != want {
			t.Errorf("ValidID(%q) = %v, want %v", id, got, want)
		}
	}
}
