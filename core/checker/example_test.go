package checker_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/puzzlejudge/judge/core/checker"
	"github.com/puzzlejudge/judge/core/problem"
)

func Example() {
	dir, err := os.MkdirTemp("", "checker")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	files := map[string]string{
		"1.in":  "3\n1 2 3\n",
		"1.out": "3\n1 2 4\n",
		"1.ans": "3\n1 2 3\n",
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			fmt.Println(err)
			return
		}
	}
	in, out, ans := filepath.Join(dir, "1.in"), filepath.Join(dir, "1.out"), filepath.Join(dir, "1.ans")

	c, err := checker.New(problem.CheckerSpec{Kind: problem.CheckerTokens}, checker.Custom{})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := c.Check(context.Background(), in, out, ans)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Verdict, res.Message)

	rep, err := checker.Diff(ans, out, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(rep.Text)
	// Output:
	// WA line 2, token 3: expected "3", got "4"
	//   1 | 3
	// - 2 | 1 2 3
	// + 2 | 1 2 4
}

func ExampleFloat() {
	dir, err := os.MkdirTemp("", "checker")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	ans, out := filepath.Join(dir, "ans"), filepath.Join(dir, "out")
	if err := os.WriteFile(ans, []byte("0.333333\n"), 0o644); err != nil {
		fmt.Println(err)
		return
	}
	if err := os.WriteFile(out, []byte("0.3333334\n"), 0o644); err != nil {
		fmt.Println(err)
		return
	}
	res, err := checker.Float{Abs: 1e-6}.Check(context.Background(), "", out, ans)
	fmt.Println(res.Verdict, err)
	// Output:
	// AC <nil>
}
