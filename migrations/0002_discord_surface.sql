-- What the Discord layer keeps about its messages: which seat and decision a turn message shows,
-- what a DM cards message shows, how far each seat has been told the story, and the notices
-- that are given only once (closed DMs, missing permissions, ...).
BEGIN;

ALTER TABLE messages ADD COLUMN seat        INTEGER;                    -- 'turn': the seat it addresses
ALTER TABLE messages ADD COLUMN decision_id INTEGER NOT NULL DEFAULT -1; -- the decision it shows
ALTER TABLE messages ADD COLUMN seq         INTEGER NOT NULL DEFAULT 0;  -- the log length it shows
ALTER TABLE messages ADD COLUMN mode        TEXT    NOT NULL DEFAULT ''; -- 'turn': 'choose' or 'over'
ALTER TABLE messages ADD COLUMN digest      TEXT    NOT NULL DEFAULT ''; -- 'cards': what it shows

-- The log position up to which a seat's turn messages have told what happened.
CREATE TABLE seat_marks (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    seen_seq INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

-- Things said once per game (and user): a closed DM, a missing permission, ...
CREATE TABLE notices (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind    TEXT    NOT NULL,
    user_id TEXT    NOT NULL DEFAULT '',
    at      REAL    NOT NULL,
    PRIMARY KEY (game_id, kind, user_id)
) WITHOUT ROWID;

PRAGMA user_version = 2;
COMMIT;
