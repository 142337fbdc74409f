// TLE: a fresh BFS from the start for every case over boards kept as strings in Go maps (d,l,r,u order, so the answer is right); the hardest cases explore all 181,440 boards each time, far too slow for 200 such cases.

//go:build ignore

package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func solve(start, target string) string {
	parent := map[string]string{start: ""}
	move := map[string]byte{}
	queue := []string{start}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		if cur == target {
			break
		}
		p := strings.IndexByte(cur, 'X')
		for _, m := range []struct {
			name byte
			ok   bool
			to   int
		}{
			{'d', p < 6, p + 3},
			{'l', p%3 > 0, p - 1},
			{'r', p%3 < 2, p + 1},
			{'u', p >= 3, p - 3},
		} {
			if !m.ok {
				continue
			}
			b := []byte(cur)
			b[p], b[m.to] = b[m.to], b[p]
			next := string(b)
			if _, seen := parent[next]; !seen {
				parent[next] = cur
				move[next] = m.name
				queue = append(queue, next)
			}
		}
	}
	path := ""
	for s := target; s != start; s = parent[s] {
		path = string(move[s]) + path
	}
	return path
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
