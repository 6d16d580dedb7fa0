"""games.db settings and migrations, and docs/store.md against the real schema."""

from __future__ import annotations

import functools
import re
import sqlite3
import threading
from pathlib import Path

import pytest
from helpers.toy_store import NEW, toy_apply
from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from companion import store
from companion.store import schema

DOC = Path(__file__).resolve().parent.parent / "docs" / "store.md"
HEADING = re.compile(r"^### `([^`]+)`\s*$")
ROW = re.compile(r"^\|\s*`([^`]+)`\s*\|\s*([A-Z]+)\s*\|")


def documented_tables() -> dict[str, dict[str, str]]:
    """Table -> {column: type} from the "Tables" section of docs/store.md."""
    section = DOC.read_text(encoding="utf-8").split("\n## Tables", 1)[1].split("\n## ", 1)[0]
    tables: dict[str, dict[str, str]] = {}
    current = None
    for line in section.splitlines():
        if m := HEADING.match(line):
            current = tables.setdefault(m.group(1), {})
        elif current is not None and (m := ROW.match(line)):
            assert m.group(1) not in current, f"{m.group(1)} documented twice"
            current[m.group(1)] = m.group(2)
    return tables


def real_tables(db) -> dict[str, dict[str, str]]:
    """Table -> {column: declared type} of a migrated file."""
    return {t.name: {c.name: c.type for c in t.columns} for t in db.tables}


def test_doc_parser_sees_the_tables():
    tables = documented_tables()
    assert {"_sqlite_migrations", "games", "actions", "game_cards"} <= set(tables)
    assert tables["actions"]["state"] == "TEXT"


def test_doc_lists_exactly_the_tables_and_columns_of_the_schema(tmp_path):
    db = store.open_db(tmp_path / "games.db")
    real = real_tables(db)
    db.close()
    documented = documented_tables()
    assert sorted(set(real) - set(documented)) == [], "tables missing from docs/store.md"
    assert sorted(set(documented) - set(real)) == [], "docs/store.md documents unknown tables"
    for table, columns in real.items():
        missing = sorted(set(columns) - set(documented[table]))
        unknown = sorted(set(documented[table]) - set(columns))
        assert not missing, f"{table} columns missing from docs/store.md: {missing}"
        assert not unknown, f"docs/store.md documents {table} columns that do not exist: {unknown}"
        assert documented[table] == columns, f"{table}: documented types differ"


def test_connection_settings(tmp_path):
    db = store.open_db(tmp_path / "sub" / "games.db")
    try:
        assert db.journal_mode == "wal"
        assert db.execute("pragma foreign_keys").fetchone() == (1,)
        assert db.execute("pragma busy_timeout").fetchone() == (schema.BUSY_TIMEOUT_MS,)
        assert db.execute("pragma synchronous").fetchone() == (2,)  # FULL: a commit is on disk
        with pytest.raises(sqlite3.IntegrityError):
            db.execute(
                "insert into actions (game_id, seq, action, steps, state, created)"
                " values ('nope', 1, '{}', '[]', '{}', 'now')"
            )
    finally:
        db.close()


def test_the_store_registers_its_migrations_on_one_sqlite_utils_set():
    assert isinstance(store.MIGRATION_SET, Migrations)
    assert store.MIGRATION_SET.name == "companion-games"
    blank = Database(memory=True)
    registered = store.MIGRATION_SET.pending(blank)
    assert [m.fn for m in registered] == store.MIGRATIONS
    assert all(m.transactional for m in registered)
    names = [m.name for m in registered]
    assert names == sorted(names)
    assert all(re.fullmatch(r"m\d{3}_[a-z_]+", name) for name in names)
    assert blank.table_names() == []


def test_a_fresh_file_gets_every_migration_in_order(tmp_path):
    db = store.open_db(tmp_path / "games.db")
    try:
        names = [fn.__name__ for fn in store.MIGRATIONS]
        assert schema.applied_migrations(db) == names
        rows = list(db["_sqlite_migrations"].rows_where(order_by="id"))
        assert [(row["migration_set"], row["name"]) for row in rows] == [
            ("companion-games", name) for name in names
        ]
        assert {"games", "actions"} <= set(db.table_names())
        assert "_migrations" not in db.table_names()
        assert store.migrate(db) == []
        assert store.MIGRATION_SET.pending(db) == []
    finally:
        db.close()


def test_an_old_file_is_brought_to_the_latest_schema(tmp_path):
    path = tmp_path / "games.db"
    old = schema.connect(path)
    first = schema.migration_set(store.MIGRATIONS[:1])
    assert schema.migrate(old, first) == [store.MIGRATIONS[0].__name__]
    assert "actions" not in old.table_names()
    old["games"].insert(
        {
            "id": "oldgame1",
            "name": "From before",
            "created": "2024-01-01T00:00:00+00:00",
            "updated": "2024-01-01T00:00:00+00:00",
            "version": 1,
            "head": 1,
            "players": 0,
            "seat_names": "[]",
        }
    )
    old.close()
    db = store.open_db(path)
    try:
        assert schema.applied_migrations(db) == [fn.__name__ for fn in store.MIGRATIONS]
        assert db["games"].get("oldgame1")["name"] == "From before"
        fresh = store.open_db(tmp_path / "fresh.db")
        assert real_tables(fresh) == real_tables(db)
        fresh.close()
    finally:
        db.close()


def counted(calls: dict[str, int], fn):
    """Wrap a migration so each run is counted under its name."""

    @functools.wraps(fn)
    def wrapper(db):
        calls[fn.__name__] = calls.get(fn.__name__, 0) + 1
        fn(db)

    return wrapper


def m900_add_a_note(db):
    """A later migration, as a future issue would add one."""
    db["games"].add_column("note", str)


def test_each_migration_runs_once(tmp_path):
    path = tmp_path / "games.db"
    calls: dict[str, int] = {}
    first = [counted(calls, fn) for fn in store.MIGRATIONS]
    db = schema.connect(path)
    assert schema.migrate(db, schema.migration_set(first)) == [
        fn.__name__ for fn in store.MIGRATIONS
    ]
    game = store.create_game(db, "Keep me", NEW, apply=toy_apply)
    assert schema.migrate(db, schema.migration_set(first)) == []
    db.close()
    later = [*first, counted(calls, m900_add_a_note)]
    for _ in range(3):
        db = schema.connect(path)
        schema.migrate(db, schema.migration_set(later))
        db.close()
    assert calls == {fn.__name__: 1 for fn in [*store.MIGRATIONS, m900_add_a_note]}
    db = store.open_db(path)
    assert "note" in db["games"].columns_dict
    assert store.current(db, game).head == 1
    assert schema.applied_migrations(db)[-1] == "m900_add_a_note"
    db.close()


def test_migrations_with_the_same_name_are_refused(tmp_path):
    db = schema.connect(tmp_path / "games.db")
    with pytest.raises(ValueError, match="m001_games"):
        schema.migration_set([*store.MIGRATIONS, store.MIGRATIONS[0]])
    with pytest.raises(ValueError, match="m001_games"):
        schema.migration(store.MIGRATIONS[0])
    assert len(store.MIGRATIONS) == len(store.MIGRATION_SET.pending(db))
    assert db.table_names() == []
    db.close()


def test_a_migration_outside_a_transaction_is_refused(tmp_path):
    db = schema.connect(tmp_path / "games.db")
    calls: dict[str, int] = {}
    loose = schema.migration_set(store.MIGRATIONS)
    loose(transactional=False)(counted(calls, m900_add_a_note))
    with pytest.raises(ValueError, match="m900_add_a_note"):
        schema.migrate(db, loose)
    assert calls == {}
    assert db.table_names() == []
    db.close()


def test_a_failing_migration_leaves_the_file_as_it_was(tmp_path):
    path = tmp_path / "games.db"
    db = schema.connect(path)
    schema.migrate(db, schema.migration_set(store.MIGRATIONS[:1]))

    def m002_broken(db):
        db["actions"].create({"x": int})
        raise RuntimeError("half way")

    with pytest.raises(RuntimeError, match="half way"):
        schema.migrate(db, schema.migration_set([store.MIGRATIONS[0], m002_broken]))
    assert "actions" not in db.table_names()
    assert schema.applied_migrations(db) == [store.MIGRATIONS[0].__name__]
    db.close()


def test_a_failing_migration_undoes_the_whole_run(tmp_path):
    db = schema.connect(tmp_path / "games.db")

    def m999_broken(db):
        raise RuntimeError("after two good ones")

    with pytest.raises(RuntimeError, match="after two good ones"):
        schema.migrate(db, schema.migration_set([*store.MIGRATIONS, m999_broken]))
    assert db.table_names() == []
    assert schema.applied_migrations(db) == []
    assert not db.conn.in_transaction
    assert schema.migrate(db) == [fn.__name__ for fn in store.MIGRATIONS]
    db.close()


OPENING_ROUNDS = 60


def test_four_connections_opening_a_fresh_file_at_once(tmp_path):
    """Many times over: switching a new file to WAL from two connections at once failed about
    once in twenty before ``schema.enable_wal`` tried again."""
    for round_ in range(OPENING_ROUNDS):
        path = tmp_path / f"games-{round_}.db"
        barrier = threading.Barrier(4)
        errors: list[BaseException] = []

        def opener(path=path, barrier=barrier, errors=errors):
            try:
                barrier.wait(timeout=5)
                store.open_db(path).close()
            except BaseException as exc:
                errors.append(exc)

        threads = [threading.Thread(target=opener) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=20)
        assert errors == [], round_
        db = store.open_db(path)
        assert schema.applied_migrations(db) == [fn.__name__ for fn in store.MIGRATIONS]
        db.close()


def test_four_open_connections_migrating_a_fresh_file_at_once(tmp_path):
    path = tmp_path / "games.db"
    barrier = threading.Barrier(4)
    calls: dict[str, int] = {}
    counted_set = schema.migration_set(counted(calls, fn) for fn in store.MIGRATIONS)
    ran: list[list[str]] = []
    errors: list[BaseException] = []

    def migrator():
        db = schema.connect(path)
        try:
            barrier.wait(timeout=5)
            ran.append(schema.migrate(db, counted_set))
        except BaseException as exc:
            errors.append(exc)
        finally:
            db.close()

    threads = [threading.Thread(target=migrator) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=20)
    assert errors == []
    names = [fn.__name__ for fn in store.MIGRATIONS]
    assert sorted(ran) == [[], [], [], names]
    assert calls == {name: 1 for name in names}
