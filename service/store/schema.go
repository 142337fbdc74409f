package store

// The schema: one list of migrations, written out for each backend. Migration i (from 0)
// brings a database from version i to version i+1; a released migration
// is never edited, only followed by new ones. Times are Unix microseconds
// (UTC) in BIGINT columns on both backends, so both scan the same way; the
// report is the judging.Report JSON as text. The two backends share the
// text of every migration; only the type of a column of bytes ({{bytes}})
// differs.

import "strings"

// migrations is the schema's history, with {{bytes}} for the backend's
// type of a column of bytes.
var migrations = []string{
	`CREATE TABLE submissions (
		id          TEXT PRIMARY KEY,
		user_name   TEXT NOT NULL,
		problem     TEXT NOT NULL,
		pkg_hash    TEXT NOT NULL,
		language    TEXT NOT NULL,
		filename    TEXT NOT NULL,
		source      TEXT NOT NULL,
		state       TEXT NOT NULL CHECK (state IN ('queued','judging','done')),
		gen         BIGINT NOT NULL,
		attempt     BIGINT NOT NULL DEFAULT 0,
		verdict     TEXT NOT NULL DEFAULT '',
		report      TEXT,
		error       TEXT NOT NULL DEFAULT '',
		idem_key    TEXT,
		created_at  BIGINT NOT NULL,
		queued_at   BIGINT NOT NULL,
		started_at  BIGINT,
		finished_at BIGINT,
		UNIQUE (user_name, idem_key)
	);
	CREATE INDEX submissions_user ON submissions (user_name, id);
	CREATE INDEX submissions_user_state ON submissions (user_name, state);
	CREATE INDEX submissions_problem ON submissions (problem, id);
	CREATE INDEX submissions_queued ON submissions (state, queued_at);
	CREATE TABLE users (
		name       TEXT PRIMARY KEY,
		role       TEXT NOT NULL CHECK (role IN ('user','admin')),
		created_at BIGINT NOT NULL
	);
	CREATE TABLE tokens (
		id           TEXT PRIMARY KEY,
		user_name    TEXT NOT NULL REFERENCES users (name),
		name         TEXT NOT NULL DEFAULT '',
		hash         {{bytes}} NOT NULL,
		created_at   BIGINT NOT NULL,
		last_used_at BIGINT,
		revoked_at   BIGINT
	);`,
	// Users and teams as the organiser's page keeps them, and the web's
	// sign-in sessions: a session row holds the sha256 of its random id
	// (the cookie holds the id), the token it was opened with (revoking
	// the token ends it) and its two ends, absolute and idle.
	`ALTER TABLE users ADD COLUMN display_name TEXT NOT NULL DEFAULT '';
	ALTER TABLE users ADD COLUMN kind TEXT NOT NULL DEFAULT 'user' CHECK (kind IN ('user','team'));
	ALTER TABLE users ADD COLUMN members TEXT NOT NULL DEFAULT '';
	ALTER TABLE users ADD COLUMN affiliation TEXT NOT NULL DEFAULT '';
	ALTER TABLE users ADD COLUMN disabled_at BIGINT;
	CREATE TABLE sessions (
		id_hash      {{bytes}} PRIMARY KEY,
		user_name    TEXT NOT NULL REFERENCES users (name),
		token_id     TEXT NOT NULL REFERENCES tokens (id),
		created_at   BIGINT NOT NULL,
		expires_at   BIGINT NOT NULL,
		idle_us      BIGINT NOT NULL,
		last_used_at BIGINT NOT NULL,
		revoked_at   BIGINT
	);
	CREATE INDEX sessions_user ON sessions (user_name);`,
	// The hash of the submission an idempotency key was first used for,
	// so that the key reused for another submission is told apart.
	`ALTER TABLE submissions ADD COLUMN idem_hash TEXT`,
	// Contests: a window (start and end, both NULL in practice mode), its
	// problems by label, and who takes part (every user when
	// contest_participants holds none of its rows and everyone is 1).
	// Booleans are 0 or 1 in BIGINT columns, as on both backends alike.
	`CREATE TABLE contests (
		id            TEXT PRIMARY KEY,
		name          TEXT NOT NULL,
		start_at      BIGINT,
		end_at        BIGINT,
		freeze_us     BIGINT NOT NULL DEFAULT 0,
		scoring       TEXT NOT NULL CHECK (scoring IN ('icpc','ioi')),
		penalty       BIGINT NOT NULL DEFAULT 20,
		count_ce      BIGINT NOT NULL DEFAULT 0,
		hide_problems BIGINT NOT NULL DEFAULT 1,
		everyone      BIGINT NOT NULL DEFAULT 1,
		created_at    BIGINT NOT NULL,
		CHECK ((start_at IS NULL) = (end_at IS NULL))
	);
	CREATE TABLE contest_problems (
		contest TEXT NOT NULL REFERENCES contests (id),
		label   TEXT NOT NULL,
		slug    TEXT NOT NULL,
		ordinal BIGINT NOT NULL,
		PRIMARY KEY (contest, label),
		UNIQUE (contest, slug)
	);
	CREATE TABLE contest_participants (
		contest   TEXT NOT NULL REFERENCES contests (id),
		user_name TEXT NOT NULL,
		PRIMARY KEY (contest, user_name)
	);
	ALTER TABLE submissions ADD COLUMN contest TEXT NOT NULL DEFAULT '';
	CREATE INDEX submissions_contest ON submissions (contest, id);`,
	// Clarifications and announcements. seq is the row's place in the
	// order of changes: set from clarification_seq, whose one row every
	// write locks, so a row's seq is committed after every smaller one and
	// a reader of "seq > n" misses none. id is the seq the row was made at.
	`CREATE TABLE clarifications (
		id          BIGINT PRIMARY KEY,
		seq         BIGINT NOT NULL UNIQUE,
		contest     TEXT NOT NULL DEFAULT '',
		problem     TEXT NOT NULL DEFAULT '',
		from_user   TEXT,
		question    TEXT NOT NULL DEFAULT '',
		answer      TEXT NOT NULL DEFAULT '',
		answered_by TEXT,
		to_all      BOOLEAN NOT NULL DEFAULT FALSE,
		created_at  BIGINT NOT NULL,
		answered_at BIGINT
	);
	CREATE INDEX clarifications_from ON clarifications (from_user, seq);
	CREATE TABLE clarification_seq (n BIGINT NOT NULL);
	INSERT INTO clarification_seq (n) VALUES (0);`,
}

var (
	sqliteMigrations   = migrationsWith("BLOB")
	postgresMigrations = migrationsWith("BYTEA")
)

// migrationsWith is the migrations with bytes as the type of a column of
// bytes.
func migrationsWith(bytes string) []string {
	out := make([]string, len(migrations))
	for i, m := range migrations {
		out[i] = strings.ReplaceAll(m, "{{bytes}}", bytes)
	}
	return out
}
