/**
 * The database schema. `events` is the source of truth; every other table is a projection that
 * `rebuildProjections` can recreate from it. Bump SCHEMA_VERSION with any change here.
 */
export const SCHEMA_VERSION = 2

export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS events (
  position   INTEGER PRIMARY KEY AUTOINCREMENT,
  stream     TEXT    NOT NULL,
  seq        INTEGER NOT NULL,
  type       TEXT    NOT NULL,
  payload    TEXT    NOT NULL,
  time_ms    INTEGER NOT NULL,
  session_id TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS events_by_stream ON events(stream, seq);
CREATE INDEX IF NOT EXISTS events_by_session ON events(session_id, position) WHERE session_id IS NOT NULL;

CREATE TABLE IF NOT EXISTS snapshots (
  namespace         TEXT    NOT NULL,
  snapshot_id       TEXT    NOT NULL,
  created_position  INTEGER NOT NULL,
  updated_position  INTEGER NOT NULL,
  created_at        INTEGER NOT NULL,
  app               TEXT    NOT NULL,
  window_json       TEXT    NOT NULL,
  refs_json         TEXT    NOT NULL,
  counter           INTEGER NOT NULL,
  complete          INTEGER NOT NULL,
  identity_unproven INTEGER NOT NULL,
  PRIMARY KEY (namespace, snapshot_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS snapshots_by_created ON snapshots(namespace, created_position);
CREATE INDEX IF NOT EXISTS snapshots_by_updated ON snapshots(namespace, updated_position);

CREATE TABLE IF NOT EXISTS sessions (
  session_id       TEXT    PRIMARY KEY,
  name             TEXT,
  created_at       INTEGER NOT NULL,
  ended_at         INTEGER,
  trace            TEXT    NOT NULL,
  artifacts        TEXT    NOT NULL,
  created_position INTEGER NOT NULL
);

-- Invocations that said they started and have not said they ended (schema 2): what a crash or a kill -9 left
-- open, closed by the next run as its evidence folds.
CREATE TABLE IF NOT EXISTS open_invocations (
  stream           TEXT    PRIMARY KEY,
  pid              INTEGER NOT NULL,
  started_position INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS trace_events (
  session_id TEXT    NOT NULL,
  position   INTEGER NOT NULL,
  PRIMARY KEY (session_id, position)
) WITHOUT ROWID;
`

export const PROJECTION_TABLES = ["snapshots", "sessions", "trace_events", "open_invocations"] as const
