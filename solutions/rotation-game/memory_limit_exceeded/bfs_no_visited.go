// MLE: breadth-first search over whole boards stored as strings with no visited set, so the queue grows about 8x per level.

//go:build ignore

package main

import (
	"bufio"
	"fmt"
	"os"
)

var lines = [8][7]int{
	{0, 2, 6, 11, 15, 20, 22},
	{1, 3, 8, 12, 17, 21, 23},
	{10, 9, 8, 7, 6, 5, 4},
	{19, 18, 17, 16, 15, 14, 13},
	{23, 21, 17, 12, 8, 3, 1},
	{22, 20, 15, 11, 6, 2, 0},
	{13, 14, 15, 16, 17, 18, 19},
	{4, 5, 6, 7, 8, 9, 10},
}

type state struct {
	board string // 24 characters '1'..'3'
	moves string
}

func solved(b string) bool {
	for _, c := range []int{7, 8, 11, 12, 15, 16, 17} {
		if b[c] != b[6] {
			return false
		}
	}
	return true
}

func move(b string, m int) string {
	nb := []byte(b)
	l := lines[m]
	for i := 0; i < 7; i++ {
		nb[l[i]] = b[l[(i+1)%7]]
	}
	return string(nb)
}

func main() {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for {
		var first int
		if _, err := fmt.Fscan(in, &first); err != nil || first == 0 {
			break
		}
		b := []byte{byte('0' + first)}
		for i := 1; i < 24; i++ {
			var x int
			fmt.Fscan(in, &x)
			b = append(b, byte('0'+x))
		}
		// moves are expanded in A..H order, so the first solved board reached
		// has the alphabetically smallest shortest move string
		queue := []state{{board: string(b)}}
		for h := 0; ; h++ {
			s := queue[h]
			if solved(s.board) {
				if s.moves == "" {
					fmt.Fprintln(out, "No moves needed")
				} else {
					fmt.Fprintln(out, s.moves)
				}
				fmt.Fprintln(out, string(s.board[6]))
				break
			}
			for m := 0; m < 8; m++ {
				queue = append(queue, state{move(s.board, m), s.moves + string(rune('A'+m))})
			}
		}
	}
}
