// TLE: BFS per case whose visited set is a plain slice searched from the front for every new board: correct, but quadratic in the number of boards seen.

//go:build ignore

package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

type entry struct {
	board  string
	parent int
	move   byte
}

func solve(start, target string) string {
	seen := []entry{{start, -1, 0}}
	for h := 0; h < len(seen); h++ {
		cur := seen[h].board
		if cur == target {
			var path []byte
			for i := h; seen[i].parent >= 0; i = seen[i].parent {
				path = append([]byte{seen[i].move}, path...)
			}
			return string(path)
		}
		p := strings.IndexByte(cur, 'X')
		for _, m := range []struct {
			name byte
			ok   bool
			to   int
		}{{'d', p < 6, p + 3}, {'l', p%3 > 0, p - 1}, {'r', p%3 < 2, p + 1}, {'u', p >= 3, p - 3}} {
			if !m.ok {
				continue
			}
			b := []byte(cur)
			b[p], b[m.to] = b[m.to], b[p]
			next := string(b)
			found := false
			for _, e := range seen {
				if e.board == next {
					found = true
					break
				}
			}
			if !found {
				seen = append(seen, entry{next, h, m.name})
			}
		}
	}
	return ""
}

func main() {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	var t int
	fmt.Fscan(in, &t)
	for c := 1; c <= t; c++ {
		var s, g string
		fmt.Fscan(in, &s, &g)
		p := solve(s, g)
		fmt.Fprintf(out, "Case %d: %d\n%s\n", c, len(p), p)
	}
}
