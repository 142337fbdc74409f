package problem_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/core/problem"
)

func Example() {
	root, err := os.MkdirTemp("", "problems")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(root)
	files := map[string]string{
		"sum/problem.yaml":      "title: Sum\ntime_limit: 1500ms\nmemory_limit: 256MiB\nchecker: float\n",
		"sum/statement.md":      "Add two numbers.\n",
		"sum/tests/10.in":       "5 5\n",
		"sum/tests/10.out":      "10\n",
		"sum/tests/2.in":        "1 1\n",
		"sum/tests/2.out":       "2\n",
		"sum/tests/sample1.in":  "1 2\n",
		"sum/tests/sample1.out": "3\n",
	}
	for name, content := range files {
		path := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			fmt.Println(err)
			return
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			fmt.Println(err)
			return
		}
	}

	p, err := problem.Find(root, "sum")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Slug, p.Title, p.Limits.Time, figures.Size(p.Limits.Memory))
	fmt.Println(p.Checker.Kind, p.Checker.FloatAbs, p.Checker.FloatRel)
	for _, t := range p.Tests {
		fmt.Println(t.Name, t.Sample)
	}
	// Output:
	// sum Sum 1.5s 256MiB
	// float 1e-06 1e-06
	// sample1 true
	// 2 false
	// 10 false
}

func ExampleNaturalLess() {
	fmt.Println(problem.NaturalLess("test2", "test10"))
	fmt.Println(problem.NaturalLess("10", "2"))
	// Output:
	// true
	// false
}
