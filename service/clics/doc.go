// Package clics serves the read side of the CLICS Contest API, version
// 2023-06 (https://ccs-specs.icpc.io/2023-06/contest_api), so that ICPC
// tools (the resolver, a CDS, scoreboards) can follow a contest: the
// contest, its judgement types, languages, problems, teams, state,
// submissions, judgements and scoreboard, each object by id, and the
// event feed as NDJSON. It also has Rebuild, a small client that reads
// an event feed and computes the scoreboard from it as such a tool does.
//
// The handler reads contests through a Source, which the service
// implements over its store, as Snapshots: the contest's settings,
// problems, teams, languages and submissions with their judgements at
// one moment. Build and BuildScoreboard turn a snapshot into the
// objects one viewer sees: an admin everything, anyone else the public
// view (no hidden teams, no problems before the start, no judgement of a
// submission made after the freeze until the thaw, the frozen board), as
// the specification's public feed does. The objects carry a
// submission's overall verdict, score and longest run time, which every
// feedback level shows its owner, and never its source or tests.
// Authorization is the Source's: it says who the viewer is and which
// contests they may follow.
//
// Names follow the specification: verdicts map to its known judgement
// types (AC, WA, PE, TLE, MLE, OLE as themselves, RE to RTE, CE to CE,
// IE to JE), python to python3, and a store name that is no CLICS ID to
// "x" and a hash (ID). Times are TIME in UTC with milliseconds
// (2026-11-27T12:00:00.000+00:00) and RELTIME (1:23:45.678).
//
// The event feed needs no event log in the Source: the handler keeps
// one per contest and kind of viewer, made by diffing the snapshots it
// takes when a request comes or the Source signals a change (objects
// created, changed, deleted; ids stable). Each diff is a batch with a
// version that only grows, and the last event of each batch carries the
// token "<feed>-<version>", where <feed> names this handler's logs (a
// random word per process unless Config.Feed sets it). A client can rely
// on this: after reconnecting with since_token it gets every change made
// since the batch of that token, merged into one event per object where
// several happened; a token from another process (the server
// restarted) or older than the log's MaxEvents gets 400, and the client
// reads the feed again from the start. Two events may describe one
// state, and the last event of an object is always its current state.
//
// # Layout
//
//	types.go       the specification's objects
//	times.go       TIME and RELTIME
//	ids.go         ids, language ids, verdicts as judgement types
//	snapshot.go    the input: a contest at one moment
//	build.go       objects built from a snapshot for a viewer
//	scoreboard.go  the scoreboard, from standings.Compute
//	access.go      the access endpoint
//	source.go      the Source the service implements, viewers, errors
//	handler.go     the routes, collections, objects, filters
//	feed.go        the event log made by diffing snapshots, tokens
//	stream.go      the event-feed endpoint: NDJSON, since_token, streaming
//	rebuild.go     Rebuild: a scoreboard from an event feed
package clics
