package api

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestStandingsShare: streams woken by one ring share a computation
// started after it; a later ring computes again.
func TestStandingsShare(t *testing.T) {
	var s standingsShare
	var computed atomic.Int32
	release, began := make(chan struct{}), make(chan struct{}, 3)
	compute := func() (StandingsView, error) {
		n := computed.Add(1)
		began <- struct{}{}
		<-release
		return StandingsView{Name: string(rune('0' + n))}, nil
	}
	key := shareKey{contest: "spring"}
	ring := time.Now()
	var wg sync.WaitGroup
	got := make([]string, 4)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, _ := s.get(key, ring, compute)
			got[i] = v.Name
		}()
	}
	<-began
	close(release)
	wg.Wait()
	for _, g := range got {
		if g != "1" {
			t.Fatalf("streams woken by one ring got tables %v, want one shared computation", got)
		}
	}
	if v, _ := s.get(key, time.Now(), compute); v.Name != "2" {
		t.Errorf("a later ring got table %q, want a new computation", v.Name)
	}
	if v, _ := s.get(shareKey{contest: "spring", jury: true}, ring, compute); v.Name != "3" {
		t.Errorf("the jury's view got table %q, want its own computation", v.Name)
	}
}
