package verify

import (
	"testing"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
)

func TestWallNote(t *testing.T) {
	ac := grade.TestResult{Name: "1", Verdict: verdict.AC, Status: runner.Exited}
	loaded := grade.TestResult{Name: "2", Verdict: verdict.AC, Status: runner.Exited, WallRechecked: true}
	loaded3 := grade.TestResult{Name: "3", Verdict: verdict.MLE, Status: runner.MemoryExceeded, WallRechecked: true}
	waits := grade.TestResult{Name: "4", Verdict: verdict.TLE, Status: runner.WallExceeded, WallRechecked: true}
	tests := []struct {
		name    string
		results []grade.TestResult
		want    string
	}{
		{"none re-run", []grade.TestResult{ac}, ""},
		{"one re-run", []grade.TestResult{ac, loaded}, "test 2 re-run with a longer wall limit: the machine was loaded"},
		{"two re-run", []grade.TestResult{loaded, loaded3}, "tests 2, 3 re-run with a longer wall limit: the machine was loaded"},
		{"waits", []grade.TestResult{waits}, "test 4 stopped by the wall clock again with a longer wall limit: the program waits"},
		{"judge's failure on the re-run", []grade.TestResult{{Name: "5", Verdict: verdict.IE, WallRechecked: true}}, "test 5 re-run with a longer wall limit"},
		{"both", []grade.TestResult{loaded, waits}, "test 2 re-run with a longer wall limit: the machine was loaded; test 4 stopped by the wall clock again with a longer wall limit: the program waits"},
		{"waits on a quiet machine", []grade.TestResult{ac, {Name: "6", Verdict: verdict.TLE, Status: runner.WallExceeded, WallUnstarved: true}},
			"test 6 stopped by the wall clock while the machine had CPU to spare: the program waits"},
	}
	for _, tt := range tests {
		if got := wallNote(tt.results); got != tt.want {
			t.Errorf("%s: wallNote = %q, want %q", tt.name, got, tt.want)
		}
	}
}
