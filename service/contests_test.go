package service

import "testing"

// TestContestBell: a listener is woken by a ring of its contest only,
// and holds the latest of the rings it has not taken.
func TestContestBell(t *testing.T) {
	var b contestBell
	wake, stop := b.listen("spring")
	defer stop()
	other, stopOther := b.listen("autumn")
	b.ring("spring")
	first := <-wake
	b.ring("")
	b.ring("spring")
	b.ring("spring")
	select {
	case <-other:
		t.Fatal("a ring of another contest woke autumn's listener")
	default:
	}
	last := <-wake
	if last.Before(first) {
		t.Errorf("the held ring %v is before the first %v", last, first)
	}
	select {
	case <-wake:
		t.Fatal("two rings not taken woke the listener twice")
	default:
	}
	stopOther()
	b.ring("autumn")
	if len(b.listeners["autumn"]) != 0 {
		t.Error("a stopped listener is still rung")
	}
}
