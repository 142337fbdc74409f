package figures_test

import (
	"fmt"

	"github.com/puzzlejudge/judge/core/figures"
)

func ExampleParseSize() {
	n, err := figures.ParseSize("1.5MiB")
	fmt.Println(n, err)
	_, err = figures.ParseSize("256MB")
	fmt.Println(err)
	// Output:
	// 1572864 <nil>
	// bad size "256MB": unknown unit "MB" (use B, KiB, MiB or GiB)
}
