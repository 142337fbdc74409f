// Package verify checks problem packages the way Kattis problemtools'
// verifyproblem does, and says precisely what is wrong: problem.yaml and
// the statement load, the samples appear in the statement, every test
// input has its answer, the validator accepts every input and rejects junk
// made from them, the generator rebuilds the recorded tests, every
// solution gets the verdict its folder names, the time limit has its
// margins, and the expected outputs agree with the reference solution.
// A Kattis package is checked in its own format's terms: its input
// validators, its output validator, its time limit and its example
// submissions.
//
// Each part of a package is an aspect (as in problemtools): it owns what
// it finds and the checks it makes, and adds its compiles and runs to one
// schedule. Programs are compiled first, all of them, then judged
// concurrently: the runs of every aspect of every package, native or
// Kattis, go through one pool that keeps a fixed number of boxes busy.
// The report lists each package's checks in a fixed order, whatever
// order they ended in.
//
// A wall-time stop never decides a question of CPU time. A run stopped by
// its wall-time limit while its CPU time stayed under its CPU limit
// (grade.WallInconclusive) is inconclusive: the program waited, or the
// machine was too loaded to give it its CPU time. Such a test is run once
// more with the wall limit grade.LongWall (10x the CPU limit and 10 s),
// and the second result stands: only a second wall-time stop is TLE, of a
// program that really waits. Where the machine's CPU pressure says it had
// CPU to spare during the first run (grade.TestResult.WallUnstarved), the
// program waited and its TLE stands without a second run. The check that used it says so ("re-run with
// a longer wall limit: the machine was loaded"), and the run cache keeps
// such a result only where the longer limit made no difference (a CPU
// stop, or a run within the key's wall limit, the first run's).
//
// # Layout
//
//	verify.go             Verifier and Verify: the wiring (packages made,
//	                      scheduled on one pool, the report assembled)
//	run.go                one Verify call's options and counters
//	aspect.go             the aspect interface, a package's aspects and
//	                      how its report is made from them
//	schedule.go           compiles first, then runs: the schedule every
//	                      aspect adds its work to
//	sched.go              the pool of boxes and its sequences of jobs
//	stream.go             checks handed to OnCheck as they end, final
//	                      forms (--strict, --stop-on-fail)
//	checks.go             a check's outcomes and the helpers that set them
//	native.go             a native package: loaded, its aspects made
//	config.go             problem.yaml, and what judge new left behind
//	statement.go          statement.md and the samples it shows
//	statement_limits.go   the limits the statement states
//	tests.go              the test files, --test, distinct inputs
//	checker.go            a custom checker or interactor compiles
//	validators.go         the validator on every input
//	junk.go               junk inputs made from the tests, the validator
//	                      rejecting them
//	generators.go         the generator rebuilding the recorded tests
//	toolcache.go          the run cache's keys of validator and generator
//	solutions.go          the solution folders, each solution judged
//	solution_check.go     a solution's verdict against its folder's
//	score.go              a scoring problem's solution scores
//	margins.go            the time limit's accepted, TLE and MLE margins
//	wallcheck.go          the notes of tests re-run with a longer wall limit
//	references.go         the expected outputs against the reference
//	runcache.go           what the run cache keeps of a solution's run
//	timing.go             the table of CPU times, the suggested limit
//	kattis.go             a Kattis package: loaded, its aspects made
//	kattis_validators.go  its input validators and output validator
//	kattis_submissions.go its submission folders, time limit, submissions
//	kattis_judge.go       one submission judged
//	kattis_expect.go      what a submission must get, by version
//	kattis_score.go       a scoring submission's score
//	kattis_cache.go       the run cache of its submissions' runs
//	kattis_valcache.go    and of its input validators' runs
//	report.go             Report, Check and the check names
//	render.go             the text report; render_times.go its table
//	junit.go              the JUnit report
package verify
