"""The games store: games.db through sqlite-utils, one action log per game (docs/store.md).

The store keeps what the engine returns and never looks at rules. Every write is one
BEGIN IMMEDIATE transaction guarded by the version the caller saw.
"""

from companion.store.errors import (
    BadSaveFile,
    NothingToRedo,
    NothingToUndo,
    StaleVersion,
    StoreError,
    UnknownGame,
)
from companion.store.flask import close_db, get_db, init_app
from companion.store.games import (
    SEED_BITS,
    SYSTEM_RANDOM,
    Current,
    Result,
    act,
    count_games,
    create_game,
    current,
    delete_game,
    engine_apply,
    game_version,
    get_game,
    last_move,
    list_games,
    log,
    new_seed,
    next_seed,
    redo,
    state_at,
    undo,
    undo_redo,
    with_seed,
)
from companion.store.saves import FORMAT, FORMAT_VERSION, export_game, import_game
from companion.store.schema import MIGRATION_SET, MIGRATIONS, connect, migrate, open_db

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MIGRATIONS",
    "MIGRATION_SET",
    "SEED_BITS",
    "SYSTEM_RANDOM",
    "BadSaveFile",
    "Current",
    "NothingToRedo",
    "NothingToUndo",
    "Result",
    "StaleVersion",
    "StoreError",
    "UnknownGame",
    "act",
    "close_db",
    "connect",
    "count_games",
    "create_game",
    "current",
    "delete_game",
    "engine_apply",
    "export_game",
    "game_version",
    "get_db",
    "get_game",
    "import_game",
    "init_app",
    "last_move",
    "list_games",
    "log",
    "migrate",
    "new_seed",
    "next_seed",
    "open_db",
    "redo",
    "state_at",
    "undo",
    "undo_redo",
    "with_seed",
]
