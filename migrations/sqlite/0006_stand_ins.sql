-- Xenotable, SQLite schema 6: a person's seat may be played by a server bot for a while (its
-- player handed it over, or left for good in a match whose bots take over), and a match says
-- at creation whether bots take over the seats of players who left for good.
--
-- The level of the bot that plays a person's seat for now; NULL while its player plays it. The
-- token hash stays: the player takes the seat back with the same token, after a restart too.
-- SQLite adds a column with its own CHECK but no table constraint, so "only a person's seat
-- with a player" (PostgreSQL's stand_in_for_a_person) is kept by the UPDATE that writes it
-- (store::sql, `set_stand_in`).
ALTER TABLE seats ADD COLUMN stand_in TEXT
    CHECK (stand_in IS NULL OR stand_in IN ('random', 'normal', 'strong'));

-- 1: when the match would be abandoned because its players left for good, bots play their
-- seats instead. Chosen at creation, public.
ALTER TABLE matches ADD COLUMN bots_take_over INTEGER NOT NULL DEFAULT 0
    CHECK (bots_take_over IN (0, 1));
