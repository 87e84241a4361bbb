-- Xenotable, SQLite schema 7: the lease of a match and the lease epoch of each command, as in
-- migrations/postgres/0007_match_leases.sql (read the reasons there). One server process uses a
-- SQLite database (its instance lock sees to that), so lease times are judged by that process's
-- clock; the tables exist so both backends keep one contract.

-- The lease of a match: which node drives it, since which epoch, until when (held while
-- `expires_at` is in the future). Releasing only expires it: epochs only ever grow.
CREATE TABLE match_leases (
    match_id   TEXT PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    -- The node that holds (or last held) the lease, as it names itself.
    node       TEXT NOT NULL,
    -- 1 for the match's first lease, one more at every takeover; a renewal keeps it.
    epoch      INTEGER NOT NULL CHECK (epoch > 0),
    -- Until when the node holds it, in the fixed-width timestamp form of schema 1.
    expires_at TEXT NOT NULL CHECK (length(expires_at) = 27)
) STRICT;

-- The lease epoch a command was stored under; NULL: stored without a lease, never checked.
ALTER TABLE commands ADD COLUMN epoch INTEGER CHECK (epoch IS NULL OR epoch > 0);
