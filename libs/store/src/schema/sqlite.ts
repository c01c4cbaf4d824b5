/** The SQLite schema, as migrations; `PRAGMA user_version` holds the version. */
import type { Migration } from "./Migration.js"

export const SQLITE_MIGRATIONS: ReadonlyArray<Migration> = [
  {
    version: 1,
    description: "events and the snapshot, session and trace projections",
    up: `
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

CREATE TABLE IF NOT EXISTS trace_events (
  session_id TEXT    NOT NULL,
  position   INTEGER NOT NULL,
  PRIMARY KEY (session_id, position)
) WITHOUT ROWID;
`,
    down: `DROP TABLE IF EXISTS trace_events; DROP TABLE IF EXISTS sessions; DROP TABLE IF EXISTS snapshots; DROP TABLE IF EXISTS events;`
  },
  {
    version: 2,
    description: "open_invocations: what a crash or a kill -9 left open, closed by the next run",
    up: `
CREATE TABLE IF NOT EXISTS open_invocations (
  stream           TEXT    PRIMARY KEY,
  pid              INTEGER NOT NULL,
  started_position INTEGER NOT NULL
) WITHOUT ROWID;
`,
    down: `DROP TABLE IF EXISTS open_invocations;`
  },
  {
    version: 3,
    description: "fleet: each event's host and desktop, and the invocations projection (command, app, outcome)",
    up: `
ALTER TABLE events ADD COLUMN host TEXT;
ALTER TABLE events ADD COLUMN desktop TEXT;
ALTER TABLE open_invocations ADD COLUMN host TEXT;
ALTER TABLE sessions ADD COLUMN host TEXT;
CREATE TABLE IF NOT EXISTS invocations (
  stream           TEXT    PRIMARY KEY,
  session_id       TEXT,
  host             TEXT,
  desktop          TEXT,
  command          TEXT,
  app              TEXT,
  started_position INTEGER NOT NULL,
  started_at       INTEGER NOT NULL,
  ended_at         INTEGER,
  ok               INTEGER,
  code             TEXT,
  delivery         TEXT
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS invocations_by_session ON invocations(session_id, started_position);
`,
    down: `
DROP TABLE IF EXISTS invocations;
ALTER TABLE sessions DROP COLUMN host;
ALTER TABLE open_invocations DROP COLUMN host;
ALTER TABLE events DROP COLUMN desktop;
ALTER TABLE events DROP COLUMN host;
`
  }
]
