// Package standings computes a contest's scoreboard from its runs: the
// ICPC table (solved count, penalty time, first to solve, the freeze) and
// the IOI table (the sum of each problem's best score, subtask-wise best
// where a problem has groups), with per-problem statistics. It is pure:
// no store, no clock, no HTTP; the caller hands it a contest's problems,
// teams and runs and gets a Table back, for a page, an API or the CLICS
// scoreboard.
//
// The ICPC rules are those of the CLICS specification and DOMjudge: teams
// are ordered by problems solved (more first), then total penalty time
// (less first), then the minute of their last accepted run (earlier
// first); teams equal on all three share a rank (1, 1, 3) and are listed
// by display name. A problem's penalty is the minute of its first
// accepted run, truncated to whole minutes, plus Rules.Penalty for every
// counted rejected run before it. Runs after a team's first accepted run
// on a problem do not count; compile errors count only when
// Rules.CountCompileErrors is set, internal errors and pending runs
// never. In the Public view of a contest with a freeze, runs at or after
// the freeze are shown as pending, and first to solve is decided from
// visible results only. A first solve is marked only when no earlier run
// on that problem is still pending, so the mark never moves.
//
// # Layout
//
//	rules.go    the input: scoring rules, problems, teams, runs, views
//	table.go    the output: table, rows, cells, statistics
//	compute.go  Compute: runs filtered, grouped and sorted per cell
//	icpc.go     an ICPC cell: tries, penalty, first accepted run
//	ioi.go      an IOI cell: best score, subtask-wise best
//	rank.go     rows ordered and ranked, ties shared
//	stats.go    per-problem statistics and first to solve
package standings
