"""Opening games.db: connection settings, write transactions and the ordered migrations."""

from __future__ import annotations

import json
import sqlite3
import time
import zlib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from companion.store.codec import CATALOGUE, dumps, setup_cards, split_action, split_state

BUSY_TIMEOUT_MS = 10_000
WAL_RETRY_SECONDS = 0.01
"""How long to wait before switching a new file to WAL again (``enable_wal``)."""
# The name of the store's sqlite-utils migration set: rows of `_sqlite_migrations` carry it.
SET_NAME = "companion-games"

Migration = Callable[[Database], None]
MIGRATION_SET = Migrations(SET_NAME)
# The same functions as MIGRATION_SET, in the order they run, for reading.
MIGRATIONS: list[Migration] = []


def migration(fn: Migration) -> Migration:
    """Register a migration on the store's set: they run in the order written, once per file."""
    MIGRATION_SET()(fn)
    MIGRATIONS.append(fn)
    return fn


def migration_set(fns: Iterable[Migration]) -> Migrations:
    """A migration set under the store's name holding these functions in order (for tests)."""
    built = Migrations(SET_NAME)
    for fn in fns:
        built()(fn)
    return built


def now() -> str:
    """The current time as ISO 8601 in UTC, to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def connect(path: str | Path) -> Database:
    """Open games.db without migrating: WAL, foreign keys, full sync and a busy timeout.

    ``synchronous = FULL`` in WAL mode: every commit is synced to the disk before the answer is
    sent, so neither a killed process nor a power cut or a crash of the machine takes back an
    answered action (docs/store.md).
    """
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    # isolation_level=None: no implicit transactions; every write block says BEGIN itself.
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    db = Database(conn)
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    enable_wal(db)
    db.execute("PRAGMA synchronous = FULL")
    db.execute("PRAGMA foreign_keys = ON")
    return db


def enable_wal(db: Database) -> None:
    """Put the file in WAL mode (it stays so). Switching a new file while another connection
    switches it too answers "database is locked" at once, with no busy wait (SQLite does not
    wait for this lock), so that is tried again for up to the busy timeout."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            db.enable_wal()
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise
            time.sleep(WAL_RETRY_SECONDS)


def open_db(path: str | Path) -> Database:
    """Open games.db (WAL, foreign keys, busy timeout) and bring it to the latest schema."""
    db = connect(path)
    try:
        migrate(db)
    except BaseException:
        db.close()
        raise
    return db


@contextmanager
def write_transaction(db: Database) -> Iterator[Database]:
    """One write transaction taken with BEGIN IMMEDIATE, so writers queue instead of racing:
    SQLite's write lock, waited for up to the busy timeout, serialises every connection's
    writes, those of this process's threads as well as other processes'."""
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        if db.conn.in_transaction:
            db.conn.execute("ROLLBACK")
        raise
    try:
        db.conn.execute("COMMIT")
    except BaseException:
        if db.conn.in_transaction:
            db.conn.execute("ROLLBACK")
        raise


def applied_migrations(db: Database) -> list[str]:
    """Names of the store's migrations recorded in this file, oldest first."""
    return [row.name for row in MIGRATION_SET.applied(db)]


def migrate(db: Database, migrations: Migrations | None = None) -> list[str]:
    """Run the migrations this file has not had yet, in order; return the names run now.

    sqlite-utils' ``Migrations.apply`` runs here inside one BEGIN IMMEDIATE transaction (each
    migration in a savepoint of it), so connections opening a new file at once take turns,
    the later ones find nothing pending, and a failing migration leaves the file as it was.
    """
    migrations = MIGRATION_SET if migrations is None else migrations
    if not migrations.pending(db):
        return []
    with write_transaction(db):
        # Read again under the write lock: another connection may have migrated meanwhile.
        todo = migrations.pending(db)
        outside = [m.name for m in todo if not m.transactional]
        if outside:
            raise ValueError(f"games.db migrations must run in a transaction: {outside}")
        migrations.apply(db)
    return [m.name for m in todo]


@migration
def m001_games(db: Database) -> None:
    """One row per game: its name, times, version, head and what the home page lists."""
    db["games"].create(
        {
            "id": str,
            "name": str,
            "created": str,
            "updated": str,
            "version": int,
            "head": int,
            "players": int,
            "seat_names": str,
            "round": int,
            "phase": str,
            "table_token_hash": str,
            "join_secret": str,
        },
        pk="id",
        not_null={"name", "created", "updated", "version", "head", "players", "seat_names"},
    )


@migration
def m002_actions(db: Database) -> None:
    """The append-only action log: each accepted action with its steps and resulting state."""
    db["actions"].create(
        {
            "game_id": str,
            "seq": int,
            "action": str,
            "steps": str,
            "state_zlib": bytes,
            "base_seq": int,
            "created": str,
        },
        pk=("game_id", "seq"),
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "seq", "action", "steps", "state_zlib", "created"},
    )


@migration
def m003_seat_claims(db: Database) -> None:
    """Seats held by phones (companion/store/seats.py) and a unique index on join secrets.

    Not part of any game's log: a claim names a seat and keeps only its token's SHA-256; a
    released claim stays so its old token can be told apart from one never issued. The partial
    unique index lets one phone at a time hold a seat. Deleting a game deletes its claims.
    """
    db.execute(
        """
        CREATE TABLE seat_claims (
            token_hash TEXT PRIMARY KEY,
            game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat_id TEXT NOT NULL,
            created TEXT NOT NULL,
            released TEXT
        )
        """
    )
    db.execute(
        "CREATE UNIQUE INDEX seat_claims_held ON seat_claims (game_id, seat_id)"
        " WHERE released IS NULL"
    )
    db.execute("CREATE INDEX seat_claims_game ON seat_claims (game_id)")
    db.execute("CREATE UNIQUE INDEX games_join_secret ON games (join_secret)")


def _old_state(blob: bytes, keyframe: bytes | None) -> dict[str, Any]:
    """A state as m002's layout stored it: zlib JSON, or its changed fields against a keyframe
    (compressed with the keyframe's field texts, longest first, as zlib's preset dictionary)."""
    if keyframe is None:
        return json.loads(zlib.decompress(blob))
    base = json.loads(zlib.decompress(keyframe))
    texts = sorted((dumps(value) for value in base.values()), key=len, reverse=True)
    unpacker = zlib.decompressobj(zdict="\n".join(texts).encode("utf-8"))
    delta = json.loads(unpacker.decompress(blob) + unpacker.flush())
    state = {k: v for k, v in base.items() if k not in delta["removed"]}
    state.update(delta["changed"])
    return state


@migration
def m004_plain_json_and_cards_once(db: Database) -> None:
    """States as plain JSON text, and each game's card catalogue kept once (``game_cards``).

    Every old row's state is decoded from m002's compressed layout and written again without
    the game's catalogue; the new_game action's card lists move to ``game_cards`` too.
    """
    db.execute(
        """
        CREATE TABLE game_cards (
            game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            cards TEXT,
            setup_cards TEXT NOT NULL
        )
        """
    )
    db.execute(
        """
        CREATE TABLE actions_plain (
            game_id TEXT NOT NULL REFERENCES games(id),
            seq INTEGER NOT NULL,
            action TEXT NOT NULL,
            steps TEXT NOT NULL,
            state TEXT NOT NULL,
            created TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)
        )
        """
    )
    for (game_id,) in db.execute("select id from games order by id").fetchall():
        rows = db.execute(
            "select seq, action, steps, state_zlib, base_seq, created from actions"
            " where game_id = ? order by seq",
            [game_id],
        ).fetchall()
        blobs = {row[0]: row[3] for row in rows}
        catalogue: Any = None
        for seq, action, steps, blob, base, created in rows:
            state = _old_state(blob, blobs[base] if base else None)
            if seq == 1:
                catalogue = state.get(CATALOGUE)
                first = json.loads(action)
                db["game_cards"].insert(
                    {
                        "game_id": game_id,
                        "cards": None if catalogue is None else dumps(catalogue),
                        "setup_cards": dumps(setup_cards(first)),
                    }
                )
                action = dumps(split_action(first))
            db["actions_plain"].insert(
                {
                    "game_id": game_id,
                    "seq": seq,
                    "action": action,
                    "steps": steps,
                    "state": dumps(split_state(state, catalogue)),
                    "created": created,
                }
            )
    db.execute("DROP TABLE actions")
    db.execute("ALTER TABLE actions_plain RENAME TO actions")


@migration
def m005_last_move(db: Database) -> None:
    """``games.last_move``: the undo or redo that made the game's current version, if one did
    (every device says what was undone or redone; an action clears it)."""
    db["games"].add_column("last_move", str)
