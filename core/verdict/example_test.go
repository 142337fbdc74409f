package verdict_test

import (
	"fmt"

	"github.com/puzzlejudge/judge/core/verdict"
)

func Example() {
	v, err := verdict.Parse("wa")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v, v.Long(), v.Folder())

	f, ok := verdict.FromFolder("time_limit_exceeded")
	fmt.Println(f, ok)

	fmt.Println(verdict.Overall([]verdict.Verdict{verdict.AC, verdict.TLE, verdict.WA}))
	// Output:
	// WA Wrong Answer wrong_answer
	// TLE true
	// TLE
}
