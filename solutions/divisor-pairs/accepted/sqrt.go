// The pairs with a*b <= n number sum over a of floor(n/a); counting the
// pairs with a <= s or b <= s, where s = floor(sqrt(n)), twice over the
// first s terms less the s*s pairs counted twice, takes O(sqrt(n)).
package main

import "fmt"

func main() {
	var n int64
	fmt.Scan(&n)
	s := int64(1)
	for (s+1)*(s+1) <= n {
		s++
	}
	var total int64
	for a := int64(1); a <= s; a++ {
		total += n / a
	}
	fmt.Println(2*total - s*s)
}
