-- 0006_forced_source: a move the bot played for a human because it was their only one.
--
-- The bot plays a player's only legal move for them (bot/live.py,
-- ``forced_code``: a forced card, the last trick, a take with nothing to
-- cover) and logs it with source 'forced', so the log still says who pressed
-- what and what the bot did on its own. SQLite cannot change a CHECK
-- constraint in place: the table is rebuilt with the same columns and rows
-- (nothing references it, and it has no index of its own).
CREATE TABLE actions_new (
    deal_id INTEGER NOT NULL REFERENCES deals (deal_id) ON DELETE CASCADE,
    idx     INTEGER NOT NULL CHECK (idx >= 0),
    seat    INTEGER NOT NULL CHECK (seat >= 0),
    code    TEXT    NOT NULL CHECK (length(code) BETWEEN 1 AND 64),  -- e.g. 'play:Th'
    source  TEXT    NOT NULL CHECK (source IN ('player', 'computer', 'timeout', 'forced')),
    version INTEGER NOT NULL,
    at      REAL,
    PRIMARY KEY (deal_id, idx)
) STRICT, WITHOUT ROWID;

INSERT INTO actions_new (deal_id, idx, seat, code, source, version, at)
    SELECT deal_id, idx, seat, code, source, version, at FROM actions;

DROP TABLE actions;

ALTER TABLE actions_new RENAME TO actions;
