-- Xenotable, PostgreSQL schema 2: a match keeps its scenario file, and a timed turn's clock
-- survives a restart.

-- The scenario file's text as it was when the match was created. Scenarios can be replaced or
-- deleted by an admin; a replay must still set the match up exactly as it was played.
ALTER TABLE matches ADD COLUMN scenario_text TEXT;

-- The running clock of a match (Derelict's marine turn), saved by its room about once a second
-- while it runs. After a restart the room resumes with the time that was left, not a fresh
-- clock and not a clock eaten by the downtime.
CREATE TABLE clocks (
    match_id     UUID PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    -- Which timed span this is (the game's period, e.g. the turn number): a saved clock of an
    -- earlier period is stale and ignored.
    period       BIGINT NOT NULL CHECK (period >= 0),
    remaining_ms BIGINT NOT NULL CHECK (remaining_ms >= 0),
    saved_at     TIMESTAMPTZ NOT NULL
);
