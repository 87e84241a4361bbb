-- Xenotable, PostgreSQL schema 1: scenarios, matches, their seats and their command logs.
--
-- A match is its seed plus its ordered command log: the server rebuilds every unfinished match
-- from these rows at start, so the constraints below guard exactly what a replay relies on.
-- The SQLite schema (migrations/sqlite/0001_init.sql) holds the same tables and constraints; one
-- contract test suite (server/src/store/contract.rs) checks that both backends behave alike.

-- Scenario files: the shipped ones (reloaded from scenarios/ at every start) and those uploaded
-- by an admin. The text is kept verbatim, since the game's parser is the one door to a valid
-- setup and it reads the file, not a pre-parsed form.
CREATE TABLE scenarios (
    -- Stable id used in URLs and in matches.scenario.
    id      TEXT PRIMARY KEY CHECK (id <> ''),
    -- Game id from the registry (`derelict`, `away-team`, ...): lists are filtered by it.
    game    TEXT NOT NULL,
    name    TEXT NOT NULL,
    text    TEXT NOT NULL,
    -- Shipped scenarios come from the repository and are put again at start; the admin API tells
    -- them apart from uploads.
    shipped BOOLEAN NOT NULL DEFAULT FALSE
);

-- `GET /api/scenarios?game=...` lists one game's scenarios in id order.
CREATE INDEX scenarios_by_game ON scenarios (game, id);

CREATE TABLE matches (
    id         UUID PRIMARY KEY,
    game       TEXT NOT NULL,
    -- Scenario id, if the game uses one. Deliberately not a foreign key: deleting an uploaded
    -- scenario must not be blocked by (or cascade into) the matches that were played on it.
    scenario   TEXT,
    -- Validated game options as given at creation; part of what a replay needs.
    options    JSONB NOT NULL,
    -- Seed of the match's dice: seed + ordered command log = the match.
    seed       BIGINT NOT NULL,
    -- Text rather than an enum type, so adding a status is a plain CHECK change.
    status     TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'live', 'finished')),
    -- The game's outcome, once decided.
    outcome    JSONB,
    created_at TIMESTAMPTZ NOT NULL,
    -- An outcome only exists for a finished match (a finished match may have none: abandoned).
    CONSTRAINT outcome_only_when_finished CHECK (outcome IS NULL OR status = 'finished')
);

-- The lobby lists matches newest first, filtered by status; recovery at start reads every match
-- that is not finished. `id` breaks ties between matches created in the same microsecond.
CREATE INDEX matches_by_created ON matches (created_at DESC, id DESC);
CREATE INDEX matches_by_status_created ON matches (status, created_at DESC, id DESC);

CREATE TABLE seats (
    -- A seat belongs to exactly one match and goes with it.
    match_id   UUID NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    -- Lowercase seat id from the game (`creature`, `hunted-1`, `marines`, ...).
    seat       TEXT NOT NULL,
    -- Order the seats were given in at creation: summaries list them in that order.
    position   INTEGER NOT NULL CHECK (position >= 0),
    -- Display name; NULL while a human seat is still open.
    name       TEXT,
    -- A bot seat is played by the server and can never be claimed or connected to.
    bot        BOOLEAN NOT NULL,
    -- SHA-256 of the seat's secret token. The token itself is never stored, so a leaked database
    -- does not let anyone play a seat. NULL while the seat is open (and always for a bot).
    token_hash BYTEA CHECK (octet_length(token_hash) = 32),
    -- One row per seat of a match; also the key `claim_seat` updates by.
    PRIMARY KEY (match_id, seat),
    -- Positions are a total order of the match's seats.
    UNIQUE (match_id, position),
    -- Nobody holds a token for a bot seat.
    CONSTRAINT bot_has_no_token CHECK (NOT (bot AND token_hash IS NOT NULL))
);

-- The command log: every accepted action, timer expiries included, in the order the room applied
-- them. Append-only; replaying it over the seed rebuilds the match.
CREATE TABLE commands (
    -- A log entry for a match that does not exist is a bug: refuse it.
    match_id UUID NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    -- The room's sequence number. The primary key makes a second command with the same seq an
    -- error, so a replayed or doubled append can never fork the log; it also clusters reads of
    -- one match's log in seq order.
    seq      BIGINT NOT NULL CHECK (seq >= 0),
    -- Who acted. Not a foreign key to seats: a timer expiry (`TimeUp`) is logged by the room
    -- itself, under a name that need not be a seat.
    seat     TEXT NOT NULL,
    -- The action as the game's protocol serializes it. JSONB: validated on the way in; the log is
    -- read back as typed values, so JSONB's key reordering does not matter.
    action   JSONB NOT NULL,
    -- When the room accepted it (for replays and audits; the rules never read the clock).
    at       TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (match_id, seq)
);
