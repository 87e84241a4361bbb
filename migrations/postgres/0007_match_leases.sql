-- Xenotable, PostgreSQL schema 7: several server nodes share this database, and one node at a
-- time owns a match through a lease. Every command a node stores carries its lease's epoch, and
-- the store refuses a command of an older epoch (fencing): a node that lost its lease while
-- paused (a long GC, a frozen VM) can never append to a log that another node now writes.

-- The lease of a match: which node drives it, since which epoch, until when. A lease is held
-- while `expires_at` is in the future, judged by this database's clock (`now()`), so the nodes'
-- clocks do not matter. The row is never deleted while the match exists: releasing a lease
-- only expires it, so a match's epochs only ever grow and a stale epoch stays stale.
CREATE TABLE match_leases (
    match_id   UUID PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    -- The node that holds (or last held) the lease, as it names itself.
    node       TEXT NOT NULL,
    -- 1 for the match's first lease, one more at every takeover; a renewal keeps it.
    epoch      BIGINT NOT NULL CHECK (epoch > 0),
    -- Until when the node holds it; a node renews well before.
    expires_at TIMESTAMPTZ NOT NULL
);

-- The lease epoch a command was stored under; the append is refused unless it is the match's
-- current epoch. NULL: stored by a single node without leases (and every command stored before
-- this schema), never checked.
ALTER TABLE commands ADD COLUMN epoch BIGINT CHECK (epoch IS NULL OR epoch > 0);
