-- Xenotable, PostgreSQL schema 4: a match says whether its seed was chosen by its creator, a
-- match can end as abandoned, and the last time a person was at a match's table is kept.

-- TRUE when the creator chose the seed (admins and development servers only): public, so an
-- opponent knows before joining that someone may know every future die. The seed itself stays
-- secret until the end.
ALTER TABLE matches ADD COLUMN seeded BOOLEAN NOT NULL DEFAULT FALSE;

-- `abandoned`: nobody joined an open match, or nobody came back to a live one, in time.
ALTER TABLE matches DROP CONSTRAINT matches_status_check;
ALTER TABLE matches ADD CONSTRAINT matches_status_check
    CHECK (status IN ('open', 'live', 'finished', 'abandoned'));

-- When a person was last seen at the table (connected or disconnected); NULL: never. With the
-- last command's time it tells how long a live match has been left alone.
ALTER TABLE matches ADD COLUMN active_at TIMESTAMPTZ;
