-- Hints ("What would the computer play?"): one row per seat and decision it asked about, so that
-- asking again at the same decision counts once. Hints are never part of a game's log.
BEGIN;

CREATE TABLE hints (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    decision_id INTEGER NOT NULL,
    at          REAL    NOT NULL,
    PRIMARY KEY (game_id, seat, decision_id)
) WITHOUT ROWID;

PRAGMA user_version = 3;
COMMIT;
