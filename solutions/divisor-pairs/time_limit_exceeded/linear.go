// Sums floor(n/a) over every a: O(n), far too slow for n = 10^12.
package main

import "fmt"

func main() {
	var n, total int64
	fmt.Scan(&n)
	for a := int64(1); a <= n; a++ {
		total += n / a
	}
	fmt.Println(total)
}
