package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"golang.org/x/sys/unix"
)

// Interaction is two programs run at once, each in a box of its own under
// its own limits, joined by two pipes: the program's standard output is
// the interactor's standard input, and the interactor's standard output
// is the program's standard input. Their Stdin, Stdout, StdinPipe and
// StdoutPipe must be empty; their standard error is read as in Run.
//
// End of file is held back until the writer has ended: the runner keeps a
// copy of the write end of each pipe until the Run of the program that
// writes it has returned, so a program that closes its standard output
// early gives its peer no end of file before it exits (the Kattis
// interactive protocol). It also keeps a copy of each read end, so that a
// write to a peer that has ended does not die of SIGPIPE: what the
// program writes after the interactor has ended is read and dropped when
// KeepReading says so of the interactor's result (nil: always), else the
// read end is closed and further writes fail with EPIPE. What the
// interactor writes after the program has ended is always dropped.
//
// When StopProgram says so of the interactor's result (nil: never), that
// result decides the outcome: a program still running when the
// interactor ends is stopped at once, as at a limit, with Status Stopped
// (unless it had passed a limit first), and its Result is what it had
// used until then. Otherwise the program runs on to its own end or a
// limit.
type Interaction struct {
	Program, Interactor Spec
	KeepReading         func(interactor Result) bool
	StopProgram         func(interactor Result) bool
}

// InteractionResult is how both programs of an Interaction ended.
type InteractionResult struct {
	Program, Interactor Result
	// InteractorFirst says the interactor's run ended before the
	// program's. Because end of file is held back, a program that only
	// ends once its input ends always ends after the interactor.
	InteractorFirst bool
}

// RunInteraction runs the two programs of in joined by pipes and returns
// how each ended. An error means the judge itself failed with either; the
// other is then stopped.
func (s *Sandbox) RunInteraction(ctx context.Context, in Interaction) (InteractionResult, error) {
	var out InteractionResult
	for _, sp := range []Spec{in.Program, in.Interactor} {
		if sp.Stdin != "" || sp.Stdout != "" || sp.StdinPipe != nil || sp.StdoutPipe != nil || sp.Combined {
			return out, errors.New("interaction: the programs' standard input and output are the pipes between them")
		}
	}
	// toPeer carries the program's output to the interactor, toProg the
	// interactor's output to the program.
	toPeerR, toPeerW, err := blockingPipe()
	if err != nil {
		return out, fmt.Errorf("interaction: %w", err)
	}
	toProgR, toProgW, err := blockingPipe()
	if err != nil {
		closeAll([]*os.File{toPeerR, toPeerW})
		return out, fmt.Errorf("interaction: %w", err)
	}
	prog, peer := in.Program, in.Interactor
	prog.StdinPipe, prog.StdoutPipe = toProgR, toPeerW
	peer.StdinPipe, peer.StdoutPipe = toPeerR, toProgW

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// halt ends when the interactor's end decides the outcome.
	halt, stopProgram := context.WithCancel(context.Background())
	defer stopProgram()
	var (
		mu          sync.Mutex
		ended       int
		progErr     error
		peerErr     error
		wg, drained sync.WaitGroup
	)
	drain := func(f *os.File) {
		drained.Add(1)
		go func() {
			defer drained.Done()
			// Ends at end of file: once the writer's run is over and the
			// judge's copy of the write end is closed.
			_, _ = io.Copy(io.Discard, f)
			f.Close()
		}()
	}
	wg.Add(2)
	go func() {
		defer wg.Done()
		res, err := s.run(ctx, prog, halt)
		mu.Lock()
		out.Program, progErr = res, err
		ended++
		mu.Unlock()
		if err != nil {
			cancel()
		}
		drain(toProgR)  // what the interactor still writes is dropped
		toPeerW.Close() // the interactor may now see end of file
	}()
	go func() {
		defer wg.Done()
		res, err := s.Run(ctx, peer)
		mu.Lock()
		out.Interactor, peerErr = res, err
		out.InteractorFirst = ended == 0
		ended++
		mu.Unlock()
		if err != nil {
			cancel()
		}
		if err == nil && in.StopProgram != nil && in.StopProgram(res) {
			stopProgram()
		}
		if err == nil && (in.KeepReading == nil || in.KeepReading(res)) {
			drain(toPeerR)
		} else {
			toPeerR.Close()
		}
		toProgW.Close() // the program may now see end of file
	}()
	wg.Wait()
	drained.Wait()
	switch {
	case progErr != nil:
		return out, fmt.Errorf("program: %w", progErr)
	case peerErr != nil:
		return out, fmt.Errorf("interactor: %w", peerErr)
	}
	return out, nil
}

// blockingPipe makes a pipe whose ends stay blocking (os.Pipe makes them
// non-blocking, and a program given a copy would share that flag).
func blockingPipe() (r, w *os.File, err error) {
	var p [2]int
	if err := unix.Pipe2(p[:], unix.O_CLOEXEC); err != nil {
		return nil, nil, err
	}
	return os.NewFile(uintptr(p[0]), "pipe"), os.NewFile(uintptr(p[1]), "pipe"), nil
}
