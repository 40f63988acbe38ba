-- The first schema: games, their seats, the event log, snapshots, message locations,
-- per-user settings and timers. Applied inside one transaction with the version bump.
BEGIN;

CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    origin      TEXT    NOT NULL CHECK (origin IN ('discord', 'local')),
    guild_id    INTEGER,                      -- Discord games only
    channel_id  INTEGER,                      -- Discord games only
    creator     TEXT    NOT NULL,             -- Discord user id, or a local player's name
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    options     TEXT    NOT NULL,             -- JSON: engine settings and table options
    seed        INTEGER,                      -- chosen at the start, shown only after the game
    decision_id INTEGER NOT NULL DEFAULT 0,
    seq         INTEGER NOT NULL DEFAULT 0,   -- number of events in the log
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL,
    CHECK (origin = 'local' OR channel_id IS NOT NULL)
);

-- One lobby or running game per Discord channel; local games are not limited.
CREATE UNIQUE INDEX games_one_active_per_channel
    ON games (channel_id) WHERE origin = 'discord' AND status IN ('lobby', 'active');
CREATE INDEX games_status ON games (status, updated_at);

CREATE TABLE seats (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,                -- join order in the lobby, turn order once started
    kind     TEXT    NOT NULL CHECK (kind IN ('discord_user', 'local_human', 'ai')),
    user_id  TEXT,                            -- Discord user id (kept while a computer plays the seat)
    name     TEXT    NOT NULL,                -- display name
    colour   TEXT,                            -- chosen, or drawn at the start
    computer INTEGER NOT NULL DEFAULT 0,      -- 1 while a computer plays a human's seat
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_user ON seats (user_id);

CREATE TABLE events (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,                 -- 1, 2, 3, ... per game
    kind    TEXT    NOT NULL,
    player  INTEGER,
    payload TEXT    NOT NULL,                 -- JSON
    at      REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TABLE snapshots (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,                 -- the state after this many events
    state   TEXT    NOT NULL,                 -- engine JSON
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TABLE messages (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    purpose    TEXT    NOT NULL,              -- 'lobby', 'turn', 'cards'
    user_id    TEXT    NOT NULL DEFAULT '',   -- whose DM, for 'cards'
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, purpose, user_id)
);

CREATE TABLE user_settings (
    user_id  TEXT PRIMARY KEY,
    settings TEXT NOT NULL                    -- JSON
);

CREATE TABLE timers (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind    TEXT    NOT NULL,                 -- 'grace', 'reminder', 'timeout', ...
    due_at  REAL    NOT NULL,
    payload TEXT    NOT NULL DEFAULT '{}',
    PRIMARY KEY (game_id, kind)
);
CREATE INDEX timers_due ON timers (due_at);

PRAGMA user_version = 1;
COMMIT;
