-- Xenotable, PostgreSQL schema 5: a bot seat keeps the level it was created at, so a match
-- reloaded after a restart, or rebuilt from its log, is played by the same kind of bot.

-- `random`, `normal` or `strong`; NULL for a person's seat. Bots stored before levels existed
-- played at random, and are recorded so.
ALTER TABLE seats ADD COLUMN bot_level TEXT
    CHECK (bot_level IS NULL OR bot_level IN ('random', 'normal', 'strong'));
UPDATE seats SET bot_level = 'random' WHERE bot;
-- A level only for a bot, and every bot has one.
ALTER TABLE seats ADD CONSTRAINT bot_has_a_level CHECK (bot = (bot_level IS NOT NULL));
