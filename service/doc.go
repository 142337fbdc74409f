// Package service assembles the judging service in one process: the
// store, the queue on NATS JetStream (embedded unless an external server
// is named), local workers judging with the engine, the HTTP API, the web
// page, the sweeper and the metrics. `judge serve` is a thin shell over
// it. Its folders are the service's parts, each a package that the
// assembly here wires; `judge worker` uses the worker part on its own.
//
// # Layout
//
//	service.go    Open and Run: the parts started, served, drained
//	backend.go    what the API and the page ask of the service
//	catalog.go    the problems on disk, watched and packed by content
//	languages.go  the languages whose tools are in the box, offered
//	idempotency.go the hash kept with an Idempotency-Key, its reuse refused
//	jobs.go       submissions published as jobs; results applied
//	workers.go    the local worker; sink.go, its reports taken in the process
//	hub.go        live events fanned out to the open streams
//	contests.go   contests for the API from the store; the bell that wakes standings
//	clicsource.go the CLICS Contest API's source: contests as snapshots, viewers
//	clicsroutes.go the CLICS Contest API under /api, its feeds capped and drained
//	sweeper.go    jobs left queued published again
//	auth.go       tokens checked; datalock.go the data folder's lock
//	accounts.go   users, teams, tokens and sources for the admin endpoints
//	sessions.go   the web page's sign-in sessions, kept in the store
//	api/          the HTTP API (JSON) and its server-sent events
//	web/          the web page, rendered on the server
//	client/       the API's Go client (`judge submit --server`)
//	store/        submissions, users, tokens and contests on SQLite or PostgreSQL
//	queue/        the JOBS and EVENTS streams, jobs, events, the applier
//	worker/       judging jobs from the queue, locally or on another machine
//	natsrv/       the embedded NATS server, or an external one
//	pkgstore/     problem packages by sha256 in JetStream's object store
//	httpguard/    the listener's connection cap and descriptor limit
//	metrics/      the Prometheus metrics
//	standings/    the scoreboard computed from runs: ICPC, IOI, the freeze
//	clics/        the CLICS Contest API (2023-06), read side, and its event feed
package service
