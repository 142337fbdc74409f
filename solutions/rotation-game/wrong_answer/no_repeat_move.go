// WA: the pruning forbids repeating the previous move (e.g. "AA") instead of forbidding its inverse, so some shortest answers are never found.

//go:build ignore

package main

import (
	"bufio"
	"os"
	"strconv"
)

// lines[m] lists the seven squares moved by move 'A'+m; each square takes the
// value of the next one in the list and the last takes the old first value.
var lines = [8][7]uint8{
	{0, 2, 6, 11, 15, 20, 22},
	{1, 3, 8, 12, 17, 21, 23},
	{10, 9, 8, 7, 6, 5, 4},
	{19, 18, 17, 16, 15, 14, 13},
	{23, 21, 17, 12, 8, 3, 1},
	{22, 20, 15, 11, 6, 2, 0},
	{13, 14, 15, 16, 17, 18, 19},
	{4, 5, 6, 7, 8, 9, 10},
}

// opposite[m] undoes move m.
var opposite = [8]int{5, 4, 7, 6, 1, 0, 3, 2}

var board [24]uint8
var path [16]byte

func move(m int) {
	l := &lines[m]
	first := board[l[0]]
	for i := 0; i < 6; i++ {
		board[l[i]] = board[l[i+1]]
	}
	board[l[6]] = first
}

// need returns how many centre squares must still change: 8 minus the count
// of the most frequent value there. One move changes one centre square, so
// this never overestimates the number of moves left.
func need() int {
	var cnt [4]int
	cnt[board[6]]++
	cnt[board[7]]++
	cnt[board[8]]++
	cnt[board[11]]++
	cnt[board[12]]++
	cnt[board[15]]++
	cnt[board[16]]++
	cnt[board[17]]++
	return 8 - max(cnt[1], cnt[2], cnt[3])
}

// dfs looks for a solution of exactly limit moves (none shorter exists)
// trying the moves in alphabetical order, so the first one found is the
// alphabetically smallest. back is the previous move, which is never
// worth making again.
func dfs(depth, limit, back int) bool {
	h := need()
	if h == 0 {
		return true
	}
	if depth+h > limit {
		return false
	}
	for m := 0; m < 8; m++ {
		if m == back {
			continue
		}
		move(m)
		path[depth] = byte('A' + m)
		if dfs(depth+1, limit, m) {
			return true
		}
		move(opposite[m])
	}
	return false
}

func main() {
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	readInt := func() int {
		n := 0
		c, _ := in.ReadByte()
		for c == ' ' || c == '\n' || c == '\r' {
			c, _ = in.ReadByte()
		}
		for c >= '0' && c <= '9' {
			n = n*10 + int(c-'0')
			c, _ = in.ReadByte()
		}
		return n
	}
	for {
		v := readInt()
		if v == 0 {
			break
		}
		board[0] = uint8(v)
		for i := 1; i < 24; i++ {
			board[i] = uint8(readInt())
		}
		if need() == 0 {
			out.WriteString("No moves needed\n")
		} else {
			for limit := need(); ; limit++ {
				if dfs(0, limit, -1) {
					out.Write(path[:limit])
					out.WriteByte('\n')
					break
				}
			}
		}
		out.WriteString(strconv.Itoa(int(board[6])))
		out.WriteByte('\n')
	}
}
