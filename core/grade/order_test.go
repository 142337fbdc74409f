package grade_test

import (
	"math/rand"
	"slices"
	"sync"
	"testing"

	"github.com/puzzlejudge/judge/core/grade"
)

// TestInOrder puts values in shuffled order from many goroutines and
// checks that they come out in index order, each once, and that a false
// from the function stops the stream there.
func TestInOrder(t *testing.T) {
	for _, tt := range []struct {
		name   string
		n      int
		stopAt int // the function returns false for this value; -1 never
		want   int // values handed on
	}{
		{"all", 50, -1, 50},
		{"stop at 7", 50, 7, 8},
		{"stop at 0", 10, 0, 1},
		{"empty", 0, -1, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var got []int
			o := grade.NewInOrder(func(v int) bool {
				got = append(got, v)
				return v != tt.stopAt
			})
			order := rand.New(rand.NewSource(1)).Perm(tt.n)
			var wg sync.WaitGroup
			for _, i := range order {
				wg.Add(1)
				go func() {
					defer wg.Done()
					o.Put(i, i)
					o.Put(i, -1) // a second put of the same index is ignored
				}()
			}
			wg.Wait()
			want := make([]int, tt.want)
			for i := range want {
				want[i] = i
			}
			if !slices.Equal(got, want) {
				t.Errorf("handed on %v, want %v", got, want)
			}
			if o.Delivered() != tt.want {
				t.Errorf("Delivered() = %d, want %d", o.Delivered(), tt.want)
			}
		})
	}
}
