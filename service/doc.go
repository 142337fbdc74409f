// Package service assembles the judging service in one process: the
// store, the queue on NATS JetStream (embedded unless an external server
// is named), local workers judging with the engine, the HTTP API, the web
// page, the sweeper and the metrics. `judge serve` is a thin shell over
// it. Its folders are the service's parts, each a package that the
// assembly here wires; `judge worker` uses the worker part on its own.
//
// # Fair queue
//
// One user's slow submissions must not starve another's. The JOBS stream
// is a work queue that delivers in the order jobs entered it, to every
// worker alike (remote ones included), so fairness is decided by what
// enters it: each user has at most as many jobs in it as the live
// workers have slots, all together, less one (at least one; read from the
// workers registry, fair.go), so that with two slots or more one is left
// to another user while a user's slow submissions hold the rest. A submission past that share stays queued in the
// store only; when one of the user's submissions is done (its final
// applied), the user's next one in queued order enters the stream, behind
// the jobs other users queued meanwhile. So with one slot, a user who
// sends three slow submissions and another who then sends one see them
// judged first, other, second, third: round robin across users, in turn
// within each. A submission waits for one job of each user ahead of it at
// most, and lazy judging and the per-submission time budget (a job's
// budget_ms, grade.DefaultBudget) bound that job's time.
//
// Nothing is lost by waiting in the store: the row is written before any
// publish, a worker acknowledges a job only once its final is stored, and
// the sweeper offers every submission still queued after the grace
// period again, turn permitting (a publish lost, a final missed, a
// cancelled submission's turn passed on). Jobs keep their message id
// <id>:<gen>, so one offered twice is queued once; several servers on one
// store and one NATS may each queue a user's next one at once, which is
// the same job.
//
// # Layout
//
//	service.go    Open and Run: the parts started, served, drained
//	backend.go    what the API and the page ask of the service
//	catalog.go    the problems on disk, watched and packed by content
//	languages.go  the languages whose tools are in the box, offered
//	idempotency.go the hash kept with an Idempotency-Key, its reuse refused
//	jobs.go       submissions published as jobs; results applied
//	fair.go       the fair queue: a user's turn in the jobs stream
//	slots.go      the local worker's slots and tests at once, by default
//	workers.go    the local worker; sink.go, its reports taken in the process
//	hub.go        live events fanned out to the open streams
//	contests.go   contests for the API from the store; the bell that wakes standings
//	clarifications.go, clarnotify.go  questions, answers, announcements;
//	              their streams woken at once here, by polling from elsewhere
//	clicsource.go the CLICS Contest API's source: contests as snapshots, viewers
//	clicsroutes.go the CLICS Contest API under /api, its feeds capped and drained
//	sweeper.go    jobs left queued published again
//	auth.go       tokens checked; datalock.go the data folder's lock
//	accounts.go   users, teams, tokens and sources for the admin endpoints
//	sessions.go   the web page's sign-in sessions, kept in the store
//	api/          the HTTP API (JSON) and its server-sent events
//	web/          the web page, rendered on the server
//	client/       the API's Go client (`judge submit --server`)
//	store/        submissions, users, tokens, contests, clarifications on SQLite or PostgreSQL
//	queue/        the JOBS and EVENTS streams, jobs, events, the applier
//	worker/       judging jobs from the queue, locally or on another machine
//	natsrv/       the embedded NATS server, or an external one
//	pkgstore/     problem packages by sha256 in JetStream's object store
//	httpguard/    the listener's connection cap and descriptor limit
//	metrics/      the Prometheus metrics
//	standings/    the scoreboard computed from runs: ICPC, IOI, the freeze
//	clics/        the CLICS Contest API (2023-06), read side, and its event feed
package service
