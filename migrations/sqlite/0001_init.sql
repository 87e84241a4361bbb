-- Xenotable, SQLite schema 1: scenarios, matches, their seats and their command logs.
--
-- Same tables and constraints as migrations/postgres/0001_init.sql (read the reasons there too);
-- one contract test suite (server/src/store/contract.rs) checks that both backends behave alike.
-- What differs is how SQLite spells the types:
-- * Every table is STRICT: without it SQLite stores any value in any column, and a wrong type
--   would only show up when a replay reads it back.
-- * UUIDs are TEXT in hyphenated lowercase form (readable in the sqlite3 shell).
-- * Timestamps are TEXT in one fixed-width RFC 3339 UTC form, 'YYYY-MM-DDTHH:MM:SS.ffffffZ',
--   so text order is time order.
-- * JSON is TEXT checked with json_valid; booleans are INTEGER 0 or 1.

-- Scenario files: the shipped ones (reloaded from scenarios/ at every start) and those uploaded
-- by an admin, kept verbatim for the game's parser.
CREATE TABLE scenarios (
    -- Stable id used in URLs and in matches.scenario.
    id      TEXT PRIMARY KEY CHECK (id <> ''),
    -- Game id from the registry: lists are filtered by it.
    game    TEXT NOT NULL,
    name    TEXT NOT NULL,
    text    TEXT NOT NULL,
    -- Shipped (from the repository) or uploaded by an admin.
    shipped INTEGER NOT NULL DEFAULT 0 CHECK (shipped IN (0, 1))
) STRICT;

-- `GET /api/scenarios?game=...` lists one game's scenarios in id order.
CREATE INDEX scenarios_by_game ON scenarios (game, id);

CREATE TABLE matches (
    id         TEXT PRIMARY KEY CHECK (length(id) = 36),
    game       TEXT NOT NULL,
    -- Scenario id; not a foreign key, so deleting an uploaded scenario neither fails nor
    -- cascades into the matches played on it.
    scenario   TEXT,
    -- Validated game options as given at creation; part of what a replay needs.
    options    TEXT NOT NULL CHECK (json_valid(options)),
    -- Seed of the match's dice: seed + ordered command log = the match.
    seed       INTEGER NOT NULL,
    status     TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'live', 'finished')),
    -- The game's outcome, once decided.
    outcome    TEXT CHECK (outcome IS NULL OR json_valid(outcome)),
    created_at TEXT NOT NULL CHECK (length(created_at) = 27),
    -- An outcome only exists for a finished match (a finished match may have none: abandoned).
    CONSTRAINT outcome_only_when_finished CHECK (outcome IS NULL OR status = 'finished')
) STRICT;

-- The lobby lists matches newest first, filtered by status; recovery reads every unfinished one.
CREATE INDEX matches_by_created ON matches (created_at DESC, id DESC);
CREATE INDEX matches_by_status_created ON matches (status, created_at DESC, id DESC);

CREATE TABLE seats (
    -- A seat belongs to exactly one match and goes with it (needs PRAGMA foreign_keys = ON,
    -- which the store sets on every connection).
    match_id   TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    -- Lowercase seat id from the game.
    seat       TEXT NOT NULL,
    -- Order the seats were given in at creation: summaries list them in that order.
    position   INTEGER NOT NULL CHECK (position >= 0),
    -- Display name; NULL while a human seat is still open.
    name       TEXT,
    -- A bot seat is played by the server and can never be claimed or connected to.
    bot        INTEGER NOT NULL CHECK (bot IN (0, 1)),
    -- SHA-256 of the seat's secret token; the token itself is never stored. NULL while open.
    token_hash BLOB CHECK (token_hash IS NULL OR length(token_hash) = 32),
    PRIMARY KEY (match_id, seat),
    -- Positions are a total order of the match's seats.
    UNIQUE (match_id, position),
    -- Nobody holds a token for a bot seat.
    CONSTRAINT bot_has_no_token CHECK (NOT (bot = 1 AND token_hash IS NOT NULL))
) STRICT, WITHOUT ROWID;

-- The command log: every accepted action, timer expiries included, in the order the room applied
-- them. Append-only; replaying it over the seed rebuilds the match.
CREATE TABLE commands (
    -- A log entry for a match that does not exist is a bug: refuse it.
    match_id TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    -- The room's sequence number; the primary key refuses a second command with the same seq,
    -- so a doubled append can never fork the log.
    seq      INTEGER NOT NULL CHECK (seq >= 0),
    -- Who acted; not a foreign key, since a timer expiry is logged by the room itself.
    seat     TEXT NOT NULL,
    -- The action as the game's protocol serializes it.
    action   TEXT NOT NULL CHECK (json_valid(action)),
    -- When the room accepted it.
    at       TEXT NOT NULL CHECK (length(at) = 27),
    PRIMARY KEY (match_id, seq)
    -- WITHOUT ROWID: rows are stored in primary-key order, so reading one match's log is a
    -- single range scan in seq order.
) STRICT, WITHOUT ROWID;
