-- no-transaction
-- Xenotable, SQLite schema 4: a match says whether its seed was chosen by its creator, a match can
-- end as abandoned, and the last time a person was at a match's table is kept.
--
-- SQLite cannot change a CHECK constraint in place: the matches table is rebuilt as SQLite's
-- documentation prescribes (https://www.sqlite.org/lang_altertable.html, "other kinds of table
-- schema changes"). Foreign keys must be off while the old table is dropped, or the drop would
-- cascade into seats, commands, clocks and chat; that PRAGMA has no effect inside a transaction,
-- hence `no-transaction` above and the explicit transaction below.
PRAGMA foreign_keys = OFF;

BEGIN;

CREATE TABLE matches_new (
    id            TEXT PRIMARY KEY CHECK (length(id) = 36),
    game          TEXT NOT NULL,
    -- Scenario id; not a foreign key, so deleting an uploaded scenario neither fails nor
    -- cascades into the matches played on it.
    scenario      TEXT,
    -- Validated game options as given at creation; part of what a replay needs.
    options       TEXT NOT NULL CHECK (json_valid(options)),
    -- Seed of the match's dice: seed + ordered command log = the match. Secret until the end.
    seed          INTEGER NOT NULL,
    -- 1 when the creator chose the seed (admins and development servers only): public, so an
    -- opponent knows before joining that someone may know every future die.
    seeded        INTEGER NOT NULL DEFAULT 0 CHECK (seeded IN (0, 1)),
    -- `abandoned`: nobody joined an open match, or nobody came back to a live one, in time.
    status        TEXT NOT NULL DEFAULT 'open'
                  CHECK (status IN ('open', 'live', 'finished', 'abandoned')),
    -- The game's outcome, once decided.
    outcome       TEXT CHECK (outcome IS NULL OR json_valid(outcome)),
    created_at    TEXT NOT NULL CHECK (length(created_at) = 27),
    -- The scenario file's text as it was when the match was created.
    scenario_text TEXT,
    -- When a person was last seen at the table (connected or disconnected); NULL: never. With
    -- the last command's time it tells how long a live match has been left alone.
    active_at     TEXT CHECK (active_at IS NULL OR length(active_at) = 27),
    -- An outcome only exists for a finished match.
    CONSTRAINT outcome_only_when_finished CHECK (outcome IS NULL OR status = 'finished')
) STRICT;

INSERT INTO matches_new
    (id, game, scenario, options, seed, status, outcome, created_at, scenario_text)
SELECT id, game, scenario, options, seed, status, outcome, created_at, scenario_text
FROM matches;

DROP TABLE matches;
ALTER TABLE matches_new RENAME TO matches;

-- The lobby lists matches newest first, filtered by status; recovery reads every unfinished one.
CREATE INDEX matches_by_created ON matches (created_at DESC, id DESC);
CREATE INDEX matches_by_status_created ON matches (status, created_at DESC, id DESC);

COMMIT;

PRAGMA foreign_keys = ON;
