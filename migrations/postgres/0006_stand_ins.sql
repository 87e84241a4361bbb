-- Xenotable, PostgreSQL schema 6: a person's seat may be played by a server bot for a while
-- (its player handed it over, or left for good in a match whose bots take over), and a match
-- says at creation whether bots take over the seats of players who left for good.

-- The level of the bot that plays a person's seat for now; NULL while its player plays it.
-- Kept beside the token hash, which stays: the player takes the seat back with the same token,
-- after a restart too.
ALTER TABLE seats ADD COLUMN stand_in TEXT
    CHECK (stand_in IS NULL OR stand_in IN ('random', 'normal', 'strong'));
-- Only a person's seat, one that has a player, is handed to a bot: a bot seat has its own level.
ALTER TABLE seats ADD CONSTRAINT stand_in_for_a_person
    CHECK (stand_in IS NULL OR (NOT bot AND token_hash IS NOT NULL));

-- TRUE: when the match would be abandoned because its players left for good, bots play their
-- seats instead. Chosen at creation, public.
ALTER TABLE matches ADD COLUMN bots_take_over BOOLEAN NOT NULL DEFAULT FALSE;
