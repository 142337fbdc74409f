// Package store is the judging service's durable state: submissions with
// their generation, state and final report, the users and bearer
// tokens of the API, the contests (their window, labelled problems,
// rules and participants) that submissions may belong to, and the
// clarifications (questions to the jury, their answers, announcements) in
// the order of their changes.
//
// Two backends implement the same Store interface with the same schema:
// SQLite through the pure-Go modernc.org/sqlite (the default, one file in
// the data folder) and PostgreSQL through pgx v5 (for several API servers
// sharing one database). Open picks one from a location: a postgres:// URL
// or a file path.
//
// Every change that the queue may repeat is idempotent. A submission's
// generation (Gen) grows on every rejudge; MarkJudging and ApplyResult name
// the generation they belong to, so a result of an older generation, or a
// second result of the same one, is ignored rather than applied twice.
package store
