package runner

import (
	"context"
	"testing"
	"time"
)

// TestRunInteraction runs two shell programs joined by pipes and checks
// the exchange, the held-back end of file and the reads that spare a
// writer SIGPIPE.
func TestRunInteraction(t *testing.T) {
	s := fullSandbox(t)
	// Wide limits: the machine is shared; nothing here is timed.
	lim := Limits{CPU: 10 * time.Second, Wall: 30 * time.Second}
	sh := func(script string) Spec {
		return Spec{Args: []string{"sh", "-c", script}, Limits: lim}
	}
	accepted := func(r Result) bool { return r.Status == Exited && r.ExitCode == 42 }
	rejected := func(r Result) bool { return !accepted(r) }
	tests := []struct {
		name          string
		program, peer string
		keep, stop    func(Result) bool
		progExit      int    // the program's exit status (-1: killed by a signal, -3: Stopped)
		peerExit      int    // the interactor's
		first         string // which ended first: "program", "interactor" or "" (either)
	}{
		{
			name:     "exchange",
			program:  `read x; echo $((x+1))`,
			peer:     `echo 5; read y; [ "$y" = 6 ] && exit 42; exit 43`,
			progExit: 0, peerExit: 42,
		},
		{
			// The interactor reads to end of file, which it must not see
			// until the program has exited, though the program closed its
			// output long before.
			name:     "end of file held back until the program exits",
			program:  `exec >&-; sleep 1; exit 3`,
			peer:     `cat >/dev/null; exit 43`,
			progExit: 3, peerExit: 43, first: "program",
		},
		{
			name:     "interactor ends first, the program then sees end of file",
			program:  `cat >/dev/null; exit 7`,
			peer:     `exit 43`,
			progExit: 7, peerExit: 43, first: "interactor",
		},
		{
			// After an accepting interactor ends, what the program still
			// writes is read and dropped: no SIGPIPE.
			name:     "writes after the interactor accepted",
			program:  `cat >/dev/null; head -c 1000000 /dev/zero`,
			peer:     `exit 42`,
			keep:     accepted,
			progExit: 0, peerExit: 42, first: "interactor",
		},
		{
			name:     "writes after the interactor rejected fail",
			program:  `cat >/dev/null; head -c 1000000 /dev/zero; exit $?`,
			peer:     `exit 43`,
			keep:     accepted,
			progExit: -1, peerExit: 43, first: "interactor",
		},
		{
			// An interactor that rejects decides: the program, which
			// would spin until its CPU limit, is stopped at once.
			name:     "the program is stopped when the interactor has decided",
			program:  `echo guess; while :; do :; done`,
			peer:     `read x; exit 43`,
			keep:     accepted,
			stop:     rejected,
			progExit: -3, peerExit: 43, first: "interactor",
		},
		{
			// An accept does not decide (the program may still crash):
			// the program runs to its own end.
			name:     "the program runs on after the interactor accepted",
			program:  `echo guess; cat >/dev/null; exit 3`,
			peer:     `read x; exit 42`,
			keep:     accepted,
			stop:     rejected,
			progExit: 3, peerExit: 42, first: "interactor",
		},
		{
			// What the interactor writes after the program ended is
			// dropped, so it ends as it chooses.
			name:     "interactor writes after the program ended",
			program:  `exit 0`,
			peer:     `cat >/dev/null; head -c 1000000 /dev/zero; exit 42`,
			progExit: 0, peerExit: 42, first: "program",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := s.RunInteraction(context.Background(), Interaction{
				Program: sh(tc.program), Interactor: sh(tc.peer), KeepReading: tc.keep, StopProgram: tc.stop,
			})
			if err != nil {
				t.Fatal(err)
			}
			if got := exitOf(res.Program); got != tc.progExit {
				t.Errorf("program: exit %d, want %d (%+v)", got, tc.progExit, res.Program)
			}
			if got := exitOf(res.Interactor); got != tc.peerExit {
				t.Errorf("interactor: exit %d, want %d (%+v)", got, tc.peerExit, res.Interactor)
			}
			if tc.first != "" && res.InteractorFirst != (tc.first == "interactor") {
				t.Errorf("interactor first: %v, want the %s first", res.InteractorFirst, tc.first)
			}
			if tc.progExit == -3 && res.Program.CPU > lim.CPU/2 {
				t.Errorf("program stopped after %v of CPU, want at once (its limit is %v)", res.Program.CPU, lim.CPU)
			}
		})
	}
	stillWorks(t, s)
}

// exitOf is a run's exit status, -1 for a signal (or a shell reporting
// one as 128+n), -3 for Stopped, -2 for another end.
func exitOf(r Result) int {
	switch {
	case r.Status == Stopped:
		return -3
	case r.Status == Signaled || r.Status == Exited && r.ExitCode > 128:
		return -1
	case r.Status == Exited:
		return r.ExitCode
	}
	return -2
}

// TestRunInteractionRefusesStreams checks that a spec that names its own
// standard input or output is refused.
func TestRunInteractionRefusesStreams(t *testing.T) {
	s := fullSandbox(t)
	_, err := s.RunInteraction(context.Background(), Interaction{
		Program:    Spec{Args: []string{"true"}, Stdin: "/dev/null"},
		Interactor: Spec{Args: []string{"true"}},
	})
	if err == nil {
		t.Fatal("a program with its own stdin was accepted")
	}
}
