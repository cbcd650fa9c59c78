-- 0003_table_picks: a player's private selection step, kept across a restart.
--
-- Some decisions take two presses in the direct chat (Mariáš: the first card
-- of the two laid in the talon). The first press changes no game state and
-- logs no action; it only marks the card in that player's hand message. The
-- bot stores it here before showing it, so after a restart the hand shows the
-- same selection, never one the bot has forgotten.
--
-- A pick belongs to one deal, and to the player's turn in it: it is valid
-- while the deal is the table's current one and the seat has logged no
-- action at a later version (storage/tables.py, ``get_picks``). So no other
-- write ever has to clear it.
CREATE TABLE table_picks (
    table_id INTEGER NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    deal_id  INTEGER NOT NULL REFERENCES deals (deal_id) ON DELETE CASCADE,
    pick     TEXT    NOT NULL CHECK (length(pick) BETWEEN 1 AND 64),
    version  INTEGER NOT NULL,                       -- tables.version when picked
    PRIMARY KEY (table_id, seat)
) STRICT, WITHOUT ROWID;
