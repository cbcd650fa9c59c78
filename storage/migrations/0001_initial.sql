-- 0001_initial: the first Karban schema.
--
-- Append-only: never edit this file once released; add 0002_....sql instead.
-- It runs inside one transaction (see storage/migrate.py), so no BEGIN/COMMIT.
--
-- Conventions
--   * Own ids are INTEGER PRIMARY KEY (rowid aliases). Telegram ids of users
--     and chats are stored as Telegram gives them (64-bit; groups negative).
--   * *_json columns hold canonical JSON (sorted keys, no spaces) written by
--     storage. SQL never looks inside them; the games layer owns their shape.
--   * Times are unix timestamps in seconds (REAL) passed in by the caller;
--     storage never reads the clock. NULL where the caller did not say.
--   * Booleans are INTEGER 0/1.
--   * STRICT tables: SQLite enforces the declared column types.
--
-- A deal is event-sourced: matches (variant, options, seat count) + deals
-- (dealer, seed or cards) + actions (ordered codes) determine it completely;
-- the bot rebuilds every live table at start-up by replaying them.


-- Telegram users the bot has seen. A profile cache plus the one fact the bot
-- needs before writing to someone: whether they opened a direct chat with it
-- (Telegram answers 403 when a bot writes first).
CREATE TABLE users (
    user_id       INTEGER PRIMARY KEY,               -- Telegram user id
    first_name    TEXT    NOT NULL,
    username      TEXT,                              -- without '@'; many users have none
    language_code TEXT,                              -- as Telegram reports it, e.g. 'cs'
    dm_open       INTEGER NOT NULL DEFAULT 0 CHECK (dm_open IN (0, 1))
) STRICT;


-- Per-chat settings. A chat without a row uses the defaults. The language is
-- checked in Python (storage/chats.py), so adding one needs no migration.
CREATE TABLE chats (
    chat_id  INTEGER PRIMARY KEY,                    -- Telegram chat id
    language TEXT    NOT NULL DEFAULT 'cs'
) STRICT;


-- A table: the seats, options and lifecycle of games in one group chat.
-- Live tables (lobby, playing) are at most one per chat; finished and stopped
-- tables stay as history.
CREATE TABLE tables (
    table_id     INTEGER PRIMARY KEY,
    chat_id      INTEGER NOT NULL REFERENCES chats (chat_id),
    variant_id   TEXT    NOT NULL,                   -- games registry id, e.g. 'marias-voleny'
    options_json TEXT    NOT NULL,                   -- house rules, JSON object
    creator_id   INTEGER NOT NULL,                   -- Telegram user id
    status       TEXT    NOT NULL DEFAULT 'lobby'
                 CHECK (status IN ('lobby', 'playing', 'finished', 'stopped')),
    -- Optimistic concurrency: bumped by every change that can alter what a
    -- button means (options, seats, status, each logged action). Callback
    -- data carries it; a press drawn for an older version is refused.
    version      INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    language     TEXT    NOT NULL,                   -- copied from the chat at creation
    join_token   TEXT    NOT NULL UNIQUE,            -- random; t.me/<bot>?start=<payload>
    created_at   REAL
) STRICT;

-- The rule "one live table per chat", enforced by SQLite itself.
CREATE UNIQUE INDEX tables_one_live_per_chat
    ON tables (chat_id) WHERE status IN ('lobby', 'playing');


-- Who sits where. seat_no is dense 0..n-1, clockwise, as the engine numbers
-- seats. A human seat has a user; a computer seat has none.
CREATE TABLE seats (
    table_id     INTEGER NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    seat_no      INTEGER NOT NULL CHECK (seat_no >= 0),
    kind         TEXT    NOT NULL CHECK (kind IN ('human', 'computer')),
    user_id      INTEGER,
    display_name TEXT    NOT NULL,                   -- as shown at the table
    PRIMARY KEY (table_id, seat_no),
    CHECK ((kind = 'human') = (user_id IS NOT NULL))
) STRICT, WITHOUT ROWID;

-- No user sits twice at one table.
CREATE UNIQUE INDEX seats_user_once
    ON seats (table_id, user_id) WHERE user_id IS NOT NULL;


-- Telegram message ids the bot keeps editing, per table: e.g. 'group' for
-- the table message in the group, 'hand:<user_id>' for a player's hand
-- message in their direct chat. Bot bookkeeping only; no version bump.
CREATE TABLE table_messages (
    table_id   INTEGER NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    key        TEXT    NOT NULL,
    message_id INTEGER NOT NULL,
    PRIMARY KEY (table_id, key)
) STRICT, WITHOUT ROWID;


-- A match: a sequence of deals at one table. Variant, options and seat count
-- are snapshotted from the table when it starts, so replay does not depend
-- on later table edits. state_json holds the engine's running totals
-- (scores so far, dealer rotation, ...). The current match of a table is
-- its newest.
CREATE TABLE matches (
    match_id     INTEGER PRIMARY KEY,
    table_id     INTEGER NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    variant_id   TEXT    NOT NULL,
    options_json TEXT    NOT NULL,
    seat_count   INTEGER NOT NULL CHECK (seat_count > 0),
    first_dealer INTEGER NOT NULL CHECK (first_dealer >= 0 AND first_dealer < seat_count),
    state_json   TEXT    NOT NULL,
    started_at   REAL
) STRICT;

CREATE INDEX matches_by_table ON matches (table_id, match_id);


-- A deal: dealer plus exactly one of seed or explicit cards. A deal is open
-- (in play) while outcome_json is NULL; a match has at most one open deal.
CREATE TABLE deals (
    deal_id      INTEGER PRIMARY KEY,
    match_id     INTEGER NOT NULL REFERENCES matches (match_id) ON DELETE CASCADE,
    deal_no      INTEGER NOT NULL CHECK (deal_no >= 0),
    dealer       INTEGER NOT NULL CHECK (dealer >= 0),
    seed         TEXT,                               -- decimal; Python ints may exceed 64 bits
    cards_json   TEXT,                               -- explicit hands and talon
    outcome_json TEXT,                               -- engine outcome; NULL while in play
    scores_json  TEXT,                               -- JSON list, one int per seat, or NULL
    started_at   REAL,
    finished_at  REAL,
    UNIQUE (match_id, deal_no),
    CHECK ((seed IS NULL) <> (cards_json IS NULL)),
    CHECK (outcome_json IS NOT NULL OR scores_json IS NULL)
) STRICT;

CREATE UNIQUE INDEX deals_one_open_per_match
    ON deals (match_id) WHERE outcome_json IS NULL;


-- The action log of a deal, in order. idx is 0, 1, 2, ... per deal; version
-- is tables.version right after the action (written in the same transaction
-- that bumped it).
CREATE TABLE actions (
    deal_id INTEGER NOT NULL REFERENCES deals (deal_id) ON DELETE CASCADE,
    idx     INTEGER NOT NULL CHECK (idx >= 0),
    seat    INTEGER NOT NULL CHECK (seat >= 0),
    code    TEXT    NOT NULL CHECK (length(code) BETWEEN 1 AND 64),  -- e.g. 'play:Th'
    source  TEXT    NOT NULL CHECK (source IN ('player', 'computer', 'timeout')),
    version INTEGER NOT NULL,
    at      REAL,
    PRIMARY KEY (deal_id, idx)
) STRICT, WITHOUT ROWID;


-- All-time tally per chat, user and variant, updated in the transaction
-- that finishes a deal. total is in the variant's own unit (money in the
-- smallest coin for Mariáš, points for Cenzr/Tisíc), so totals of different
-- variants are never added together.
CREATE TABLE tallies (
    chat_id      INTEGER NOT NULL REFERENCES chats (chat_id),
    user_id      INTEGER NOT NULL,
    variant_id   TEXT    NOT NULL,
    display_name TEXT    NOT NULL,                   -- the name at the latest deal
    deals_played INTEGER NOT NULL DEFAULT 0 CHECK (deals_played >= 0),
    total        INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (chat_id, user_id, variant_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX tallies_by_total ON tallies (chat_id, variant_id, total DESC);


-- At most one pending deadline per table (the turn timer or its reminder),
-- re-armed from here after a restart. version is the table version the
-- deadline was set for: if the table has moved on, the deadline is stale.
CREATE TABLE deadlines (
    table_id INTEGER PRIMARY KEY REFERENCES tables (table_id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    kind     TEXT    NOT NULL,                       -- e.g. 'turn', 'reminder'
    due_at   REAL    NOT NULL,
    version  INTEGER NOT NULL
) STRICT;

CREATE INDEX deadlines_by_due ON deadlines (due_at);
