-- Xenotable, SQLite schema 3: the table chat is kept, so a player who reconnects (or a
-- spectator who arrives late) reads what was said before.
CREATE TABLE chat (
    match_id TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    -- Order of the lines within the match, from 1; the key refuses a doubled line.
    n        INTEGER NOT NULL CHECK (n >= 1),
    -- The seat that spoke (spectators cannot chat).
    seat     TEXT NOT NULL,
    text     TEXT NOT NULL,
    at       TEXT NOT NULL,
    PRIMARY KEY (match_id, n)
);
