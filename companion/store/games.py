"""Games and their action logs: create, act, undo, redo, read and delete.

Every write is one BEGIN IMMEDIATE transaction that first checks the version the caller saw,
so two devices acting on the same board serialise and the slower one is told the table moved
on (an action answering an open decision names it instead, and the engine judges it). The
store never looks at rules: it keeps what the engine's ``apply`` returns, and reads only the
state's public ``seats`` names, ``round`` and ``phase`` for the home page list. The game's
card catalogue is kept once per game (codec.py) and put back into every state read.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from sqlite_utils import Database

from companion.store.codec import (
    CATALOGUE,
    catalogue_from,
    dumps,
    join_state,
    setup_cards,
    split_action,
    split_state,
)
from companion.store.errors import NothingToRedo, NothingToUndo, StaleVersion, UnknownGame
from companion.store.schema import now, write_transaction

State = dict[str, Any]
Action = dict[str, Any]
Step = dict[str, Any]
Apply = Callable[[State | None, Action], tuple[State, list[Step]]]

DECISION = "decision"
"""The action's field naming the open decision it answers (the engine checks it)."""
ID_BYTES = 6  # 8 url-safe characters
ID_ATTEMPTS = 8
LIST_FIELDS = (
    "id",
    "name",
    "created",
    "updated",
    "version",
    "head",
    "players",
    "seat_names",
    "round",
    "phase",
)


def engine_apply(state: State | None, action: Action) -> tuple[State, list[Step]]:
    """Apply an action with the rules engine (a new_game action when state is None)."""
    import companion.engine as engine  # here, so the store loads without the engine

    return engine.apply(state, action)


@dataclass(frozen=True)
class Result:
    """What a write answered: the new version and head, the head state, its steps and action."""

    version: int
    head: int
    state: State
    steps: list[Step]
    action: Action


SEED_BITS = 63
"""A seed fits a signed 64-bit SQLite integer and the engine's ``0 <= seed < 2**64``."""
SYSTEM_RANDOM = random.SystemRandom()
"""Where seeds come from unless the caller names a source: the OS's."""


class Current(NamedTuple):
    """A game's head state with the version and head it belongs to."""

    state: State
    version: int
    head: int


def new_seed(source: random.Random = SYSTEM_RANDOM) -> int:
    """A fresh seed for one action drawn from ``source`` (the OS's by default)."""
    return source.getrandbits(SEED_BITS)


def with_seed(action: Action, source: random.Random = SYSTEM_RANDOM) -> Action:
    """A copy of the action carrying a seed: its own, or for a new game a fresh one from
    ``source``; any other action is left for ``act`` to seed from the game's (``next_seed``)."""
    if not isinstance(action, dict):
        raise TypeError(f"an action is a dict, not {type(action).__name__}")
    out = dict(action)
    if "seed" not in out and out.get("type") == "new_game":
        out["seed"] = new_seed(source)
    return out


def derived_seed(game_seed: Any, kind: Any, count: int) -> int:
    """The seed of an action of type ``kind`` with ``count`` of its type before it in the log,
    drawn from the game's own seed: the same action at the same point rolls the same dice."""
    key = f"{game_seed}/{kind}/{count}".encode()
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big") >> (64 - SEED_BITS)


def next_seed(db: Database, game_id: str, head: int, kind: Any) -> int:
    """The seed ``act`` gives an unseeded action of type ``kind`` taken at ``head``: drawn from
    the game's seed (row 1's) and how many actions of that type the log holds up to ``head``.

    An undone action taken again gets the seed it had, so its dice do not change (undo cannot
    buy a better roll), and a preview made with it shows the very dice the action will roll.
    A game whose first row has no seed (none does today) draws from its id instead.
    """
    row = db.execute(
        "select json_extract(action, '$.seed') from actions where game_id = ? and seq = 1",
        [game_id],
    ).fetchone()
    if row is None:
        raise UnknownGame(game_id)
    game_seed = row[0] if isinstance(row[0], int) else game_id
    (count,) = db.execute(
        "select count(*) from actions where game_id = ? and seq between 2 and ?"
        " and json_extract(action, '$.type') = ?",
        [game_id, head, kind if isinstance(kind, str) else ""],
    ).fetchone()
    return derived_seed(game_seed, kind, count)


def summary(state: State) -> dict[str, Any]:
    """The home page fields read from a state's public parts: seat names, round, phase."""
    seats = state.get("seats") or []
    names = [seat.get("name", "") for seat in seats if isinstance(seat, dict)]
    return {
        "players": len(names),
        "seat_names": dumps(names),
        "round": state.get("round"),
        "phase": state.get("phase"),
    }


def new_game_id(db: Database) -> str:
    """A short random url-safe id no game uses yet."""
    for _ in range(ID_ATTEMPTS):
        game_id = secrets.token_urlsafe(ID_BYTES)
        if not db.execute("select 1 from games where id = ?", [game_id]).fetchone():
            return game_id
    raise RuntimeError("could not find a free game id")


Row = tuple[Action, list[Step], State]


def insert_row(db: Database, game_id: str, seq: int, row: Row, catalogue: Any) -> None:
    """Append one log row as plain JSON, its state without the game's catalogue."""
    action, steps, state = row
    db.execute(
        "insert into actions (game_id, seq, action, steps, state, created)"
        " values (?, ?, ?, ?, ?, ?)",
        [
            game_id,
            seq,
            dumps(split_action(action)),
            dumps(steps),
            dumps(split_state(state, catalogue)),
            now(),
        ],
    )


def insert_game(db: Database, name: str, rows: list[Row], head: int) -> str:
    """Write a game and its log rows inside the caller's transaction; return its id."""
    game_id = new_game_id(db)
    stamp = now()
    db["games"].insert(
        {
            "id": game_id,
            "name": name,
            "created": stamp,
            "updated": stamp,
            "version": 1,
            "head": head,
            "table_token_hash": None,
            "join_secret": None,
            **summary(rows[head - 1][2]),
        }
    )
    first_action, _steps, first_state = rows[0]
    catalogue = first_state.get(CATALOGUE)
    db["game_cards"].insert(
        {
            "game_id": game_id,
            "cards": None if catalogue is None else dumps(catalogue),
            "setup_cards": dumps(setup_cards(first_action)),
        }
    )
    for seq, row in enumerate(rows, start=1):
        insert_row(db, game_id, seq, row, catalogue)
    return game_id


def clean_name(name: str) -> str:
    """A game name with its spaces tidied; empty names are refused."""
    if not isinstance(name, str) or not " ".join(name.split()):
        raise ValueError("a game needs a name")
    return " ".join(name.split())


def create_game(
    db: Database, name: str, new_game_action: Action, *, apply: Apply = engine_apply
) -> str:
    """Start a game from its new_game action (row 1 of its log); return the new game id."""
    name = clean_name(name)
    action = with_seed(new_game_action)
    if action.get("type") != "new_game":
        raise ValueError("a game starts with a new_game action")
    state, steps = apply(None, action)
    with write_transaction(db):
        return insert_game(db, name, [(action, steps, state)], head=1)


def game_row(db: Database, game_id: str) -> dict[str, Any]:
    """The games row, or UnknownGame."""
    rows = list(db.query("select * from games where id = ?", [game_id]))
    if not rows:
        raise UnknownGame(game_id)
    return rows[0]


def check_version(game: dict[str, Any], version: int) -> None:
    """Refuse a write made against any version but the stored one."""
    if isinstance(version, bool) or version != game["version"]:
        raise StaleVersion(game["id"], game["version"], version)


def catalogue_of(db: Database, game_id: str) -> Any:
    """The game's card catalogue (the ``cards`` of its states), or None when it has none."""
    row = db.execute("select cards from game_cards where game_id = ?", [game_id]).fetchone()
    return None if row is None or row[0] is None else catalogue_from(row[0])


def log_row(db: Database, game_id: str, seq: int) -> dict[str, Any]:
    """One log row: its action (as stored), steps and whole state, parsed."""
    row = db.execute(
        "select action, steps, state from actions where game_id = ? and seq = ?", [game_id, seq]
    ).fetchone()
    if row is None:
        raise RuntimeError(f"game {game_id!r} has no log row {seq}")
    action, steps, state = row
    return {
        "action": json.loads(action),
        "steps": json.loads(steps),
        "state": join_state(json.loads(state), catalogue_of(db, game_id)),
    }


def state_at(db: Database, game_id: str, seq: int) -> State:
    """The whole state of one log row (the one before the head, for a reveal on the table)."""
    return log_row(db, game_id, seq)["state"]


def stored_action(db: Database, game_id: str, seq: int) -> Action:
    """The action of one log row, without reading its state."""
    row = db.execute(
        "select action from actions where game_id = ? and seq = ?", [game_id, seq]
    ).fetchone()
    return json.loads(row[0])


def move_head(
    db: Database, game: dict[str, Any], head: int, state: State, moved: Action | None = None
) -> int:
    """Point the game at another row, bump its version and refresh the list fields; ``moved``
    is the undone or redone action (``last_move``), None for a new action."""
    version = game["version"] + 1
    last = None if moved is None else dumps({**moved, "version": version})
    fields = {
        "head": head,
        "version": version,
        "updated": now(),
        "last_move": last,
        **summary(state),
    }
    db.execute(
        f"update games set {', '.join(f'{name} = ?' for name in fields)} where id = ?",
        [*fields.values(), game["id"]],
    )
    return version


def last_move(db: Database, game_id: str) -> dict[str, Any] | None:
    """The undo or redo that made the game's current version: ``{"kind": "undone" or
    "redone", "type": the action's type, "version": that version}``, or None when an action
    (or nothing) made it."""
    row = db.execute("select last_move from games where id = ?", [game_id]).fetchone()
    return json.loads(row[0]) if row and row[0] else None


def act(
    db: Database,
    game_id: str,
    action: Action,
    *,
    version: int,
    apply: Apply = engine_apply,
    known: Current | None = None,
) -> Result:
    """Apply one action at the head; drops any redo tail. Rule errors propagate, nothing written.

    ``known`` is the caller's head (state, version, head) as read before: when it is the stored
    version and head, its state is used instead of reading the head row again (``apply`` must
    not change it, as the engine does not).

    An action naming the ``decision`` it answers is applied at the newest head whatever
    ``version`` it was made at: the engine refuses it when that decision is no longer open
    (five phones voting at once all land). The decision is not logged, as the version is not.

    An action without a ``seed`` gets ``next_seed`` (from the game's seed and how many actions
    of its type came before), so one undone and taken again rolls the same dice.
    """
    action = with_seed(action)
    answering = action.get(DECISION) is not None
    with write_transaction(db):
        game = game_row(db, game_id)
        head = game["head"]
        if "seed" not in action:
            action = {**action, "seed": next_seed(db, game_id, head, action.get("type"))}
        stale = isinstance(version, bool) or version != game["version"]
        if stale and not answering:
            check_version(game, version)
        if not stale and known is not None and (known.version, known.head) == (version, head):
            before = known.state
        else:
            before = log_row(db, game_id, head)["state"]
        state, steps = apply(before, action)
        action = {k: v for k, v in action.items() if k != DECISION}
        db.execute("delete from actions where game_id = ? and seq > ?", [game_id, head])
        catalogue = catalogue_of(db, game_id)
        insert_row(db, game_id, head + 1, (action, steps, state), catalogue)
        new_version = move_head(db, game, head + 1, state)
    return Result(new_version, head + 1, state, steps, action)


def undo(db: Database, game_id: str, *, version: int) -> Result:
    """Step back one row (never past the setup); the Result names the undone action, no steps."""
    with write_transaction(db):
        game = game_row(db, game_id)
        check_version(game, version)
        head = game["head"]
        if head <= 1:
            raise NothingToUndo()
        undone = stored_action(db, game_id, head)
        state = log_row(db, game_id, head - 1)["state"]
        moved = {"kind": "undone", "type": undone.get("type")}
        new_version = move_head(db, game, head - 1, state, moved)
    return Result(new_version, head - 1, state, [], undone)


def redo(db: Database, game_id: str, *, version: int) -> Result:
    """Step forward one undone row; the Result carries that row's stored steps and action."""
    with write_transaction(db):
        game = game_row(db, game_id)
        check_version(game, version)
        head = game["head"]
        last = db.execute("select max(seq) from actions where game_id = ?", [game_id]).fetchone()
        if head >= last[0]:
            raise NothingToRedo()
        row = log_row(db, game_id, head + 1)
        moved = {"kind": "redone", "type": row["action"].get("type")}
        new_version = move_head(db, game, head + 1, row["state"], moved)
    return Result(new_version, head + 1, row["state"], row["steps"], row["action"])


def undo_redo(db: Database, game_id: str, head: int) -> dict[str, int]:
    """How many actions undo may take back from ``head`` (never the setup) and how many undone
    ones redo may bring back: ``{"undo": n, "redo": m}``."""
    row = db.execute("select max(seq) from actions where game_id = ?", [game_id]).fetchone()
    if row is None or row[0] is None:
        raise UnknownGame(game_id)
    return {"undo": max(head - 1, 0), "redo": max(row[0] - head, 0)}


def current(db: Database, game_id: str) -> Current:
    """The head state with its version and head, read in one statement (one snapshot)."""
    row = db.execute(
        "select a.state, c.cards, g.version, g.head from games g"
        " join actions a on a.game_id = g.id and a.seq = g.head"
        " left join game_cards c on c.game_id = g.id where g.id = ?",
        [game_id],
    ).fetchone()
    if row is None:
        raise UnknownGame(game_id)
    state, cards, version, head = row
    catalogue = None if cards is None else catalogue_from(cards)
    return Current(join_state(json.loads(state), catalogue), version, head)


def game_version(db: Database, game_id: str) -> int:
    """The game's version alone (cheap, for live updates)."""
    row = db.execute("select version from games where id = ?", [game_id]).fetchone()
    if row is None:
        raise UnknownGame(game_id)
    return row[0]


def log(
    db: Database, game_id: str, last: int | None = None, *, types_only: bool = False
) -> list[dict[str, Any]]:
    """The applied rows up to the head: seq, action, steps and created, oldest first.

    Each action is as stored: the ``new_game`` setup without its card lists (``export_game``
    puts them back). With ``last``, only the latest ``last`` rows (still oldest first). With
    ``types_only``, each action is ``{"type": ...}`` alone.
    """
    action = "json_object('type', json_extract(a.action, '$.type'))" if types_only else "a.action"
    sql = (
        f"select a.seq, {action}, a.steps, a.created from actions a"
        " join games g on g.id = a.game_id where a.game_id = ? and a.seq <= g.head"
    )
    if last is None:
        rows = db.execute(sql + " order by a.seq", [game_id]).fetchall()
    else:
        if last < 1:
            raise ValueError(f"last must be at least 1, not {last}")
        rows = db.execute(sql + " order by a.seq desc limit ?", [game_id, last]).fetchall()
        rows.reverse()
    if not rows:
        raise UnknownGame(game_id)
    return [
        {"seq": seq, "action": json.loads(action), "steps": json.loads(steps), "created": created}
        for seq, action, steps, created in rows
    ]


def listing(row: dict[str, Any]) -> dict[str, Any]:
    """A games row as the home page lists it (no credentials)."""
    out = {field: row[field] for field in LIST_FIELDS}
    out["seat_names"] = json.loads(out["seat_names"])
    return out


def get_game(db: Database, game_id: str) -> dict[str, Any]:
    """One game's list fields."""
    return listing(game_row(db, game_id))


def list_games(db: Database, limit: int = -1, offset: int = 0) -> list[dict[str, Any]]:
    """Every game's list fields, the most recently changed first (``limit`` of them from
    ``offset`` on: one page of the home page; -1, every one)."""
    rows = db.query(
        f"select {', '.join(LIST_FIELDS)} from games order by updated desc, id limit ? offset ?",
        [limit, offset],
    )
    return [listing(row) for row in rows]


def count_games(db: Database) -> int:
    """How many games games.db holds."""
    return db.execute("select count(*) from games").fetchone()[0]


def delete_game(db: Database, game_id: str) -> None:
    """Delete a game and its whole log."""
    with write_transaction(db):
        game_row(db, game_id)
        db.execute("delete from actions where game_id = ?", [game_id])
        db.execute("delete from game_cards where game_id = ?", [game_id])
        db.execute("delete from games where id = ?", [game_id])
