package eightpuzzle

import (
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/problems/internal/problemtest"
)

// brokenInputs are inputs the validator must reject, by what is wrong.
var brokenInputs = func() map[string]string {
	good := "2\n12X453786\n12345678X\n564178X23\n7568X4123\n"
	return map[string]string{
		"empty":              "",
		"no final newline":   strings.TrimSuffix(good, "\n"),
		"T zero":             "0\n",
		"T too big":          "201\n" + strings.Repeat("12345678X\n12345678X\n", 201),
		"T leading zero":     "02\n12X453786\n12345678X\n564178X23\n7568X4123\n",
		"T not a number":     "two\n12X453786\n12345678X\n",
		"missing case":       "3\n12X453786\n12345678X\n564178X23\n7568X4123\n",
		"missing target":     "1\n12X453786\n",
		"extra line":         good + "12345678X\n",
		"extra empty line":   good + "\n",
		"trailing space":     "1\n12X453786 \n12345678X\n",
		"leading space":      "1\n 12X453786\n12345678X\n",
		"CRLF":               "1\r\n12X453786\r\n12345678X\r\n",
		"short board":        "1\n12X45378\n12345678X\n",
		"long board":         "1\n12X4537869\n12345678X\n",
		"zero tile":          "1\n12X453780\n12345678X\n",
		"lower-case x":       "1\n12x453786\n12345678x\n",
		"repeated tile":      "1\n12X453787\n12345678X\n",
		"two blanks":         "1\n12X45378X\n12345678X\n",
		"unsolvable":         "1\n21345678X\n12345678X\n",
		"unsolvable 2nd":     "2\n12345678X\n12345678X\n8672543X1\n12345687X\n",
		"unsolvable swapped": "2\n12X453786\n12345678X\n564178X23\n7568X4132\n",
		"board on T line":    "12345678X\n",
		"two values on line": "1\n12X453786 12345678X\n",
	}
}()

// CheckValidator checks that the validator accepts every test input and
// rejects a set of broken eight-puzzle inputs, each with a one-line message
// naming the line.
func CheckValidator(tb testing.TB) {
	tb.Helper()
	problemtest.CheckAccepted(tb, Inputs(tb))
	problemtest.CheckRejected(tb, brokenInputs)
}

// CheckGenerator checks that the generator is deterministic, that the
// validator accepts its output, that it makes the distances asked for, and
// that entries of tests/generated.yaml reproduce their files (the random
// files 1x-* and, not with -short, three files of chosen distances).
func CheckGenerator(tb testing.TB) {
	tb.Helper()
	argSets := [][]string{
		{"7"},
		{"8", "--cases", "200"},
		{"9", "--cases", "30", "--min", "0", "--max", "31"},
		{"11", "--cases", "5", "--min", "10", "--max", "20", "--ties"},
		{"12", "--cases", "3", "--min", "29", "--max", "30", "--hard"},
	}
	for _, args := range argSets {
		problemtest.CheckGenerator(tb, args...)
	}
	// distances asked for are the distances produced
	out, _, _ := problemtest.Run(problemtest.Generator(tb), nil, "13", "--cases", "40", "--min", "17", "--max", "19")
	f := strings.Fields(string(out))
	for i := 1; i+1 < len(f); i += 2 {
		if d := len(GreedyPath(f[i], f[i+1], false)); d < 17 || d > 19 {
			tb.Errorf("generator --min 17 --max 19 made a case of %d moves", d)
		}
	}
	// recorded entries of generated.yaml reproduce their files: the random
	// files 1x-* and (not with -short) three files of chosen distances; the
	// rest take too long to rebuild here, their contents are checked above
	var some []problemtest.Entry
	for _, e := range problemtest.ReadGenerated(tb) {
		chosen := slices.Contains([]string{"04-dist-00-09", "08-dist-27-31", "30-max31-a"}, e.Name)
		if strings.HasPrefix(e.Name, "1") || (!testing.Short() && chosen) {
			some = append(some, e)
		}
	}
	problemtest.CheckReproduced(tb, some, runtime.NumCPU())
}
