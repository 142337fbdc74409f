// Package runcache keeps the results of program runs on disk, so that a
// second `judge verify` of an unchanged package does not run its programs
// again.
//
// A result is stored under the sha256 of a Key that names everything the
// run's outcome depends on: the program's bytes and the runtime that runs
// it, its run command, the test's input and answer, the limits, the
// checker, the sandbox mode and the format version. A Store holds one
// small JSON file per result under its folder (<cache_dir>/runs/),
// written to a temporary file and renamed into place, so that a reader
// sees a whole entry or none; an entry that does not parse is a miss, not
// an error. Results derived from runs (a Kattis package's derived time
// limit, package timelimit) are kept beside them under a caller's own
// sha256 name (GetSum, PutSum), and a damaged one is reported. The store
// is bounded: past MaxEntries, the least recently used entries are
// removed.
//
// Hashing a program's files (megabytes of compiled binary each) costs a
// warm verify more than reading its results, so Store.HashFiles keeps
// the hash too, under a name made of each file's path and stat (device,
// inode, size, modification and change time): a file written since has
// a new change time and is hashed again, and one changed within seconds
// of being hashed is not remembered.
//
// Which results may be cached is the caller's decision: a run whose
// outcome depends on the load of the machine (a wall-clock timeout, a
// time close to a limit) or on the judge's own failure must not be. What
// an earlier program did to a box does not need to be in the key: every
// run starts in a box as new (see package runner), so a result depends on
// the run's own programs alone.
package runcache
