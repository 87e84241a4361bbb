-- Xenotable, SQLite schema 5: a bot seat keeps the level it was created at, so a match
-- reloaded after a restart, or rebuilt from its log, is played by the same kind of bot.
--
-- `random`, `normal` or `strong`; NULL for a person's seat. SQLite adds a column with its own
-- CHECK but no table constraint, so "a level only for a bot" is kept by the code that writes
-- seats (store::sql). Bots stored before levels existed played at random, and are recorded so.
ALTER TABLE seats ADD COLUMN bot_level TEXT
    CHECK (bot_level IS NULL OR bot_level IN ('random', 'normal', 'strong'));
UPDATE seats SET bot_level = 'random' WHERE bot = 1;
