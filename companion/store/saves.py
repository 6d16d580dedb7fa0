"""Save files: a game's action log as one JSON object, and loading one back by replaying it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from sqlite_utils import Database

from companion.engine.core.errors import RuleError
from companion.engine.words.steps import N_
from companion.store.codec import join_action
from companion.store.errors import BadSaveFile, UnknownGame
from companion.store.games import (
    Action,
    Apply,
    State,
    Step,
    clean_name,
    engine_apply,
    game_row,
    insert_game,
)
from companion.store.schema import now, write_transaction

FORMAT = "dead-of-winter-companion/game"
FORMAT_VERSION = 1
MAX_ACTIONS = 20_000
MAX_NAME = 200
MAX_DEPTH = 100
"""How deep a save file's brackets may nest (a real one nests about 10 deep)."""
MAX_SHOWN = 60
"""How much of a value from the file a refusal quotes."""
MAX_REASON = 300
"""How much of the engine's refusal an import's refusal quotes."""


def export_game(db: Database, game_id: str) -> dict[str, Any]:
    """The save file of a game: format marker, name, head and the whole log (redo tail too)."""
    game = game_row(db, game_id)
    rows = db.execute(
        "select action from actions where game_id = ? order by seq", [game_id]
    ).fetchall()
    if not rows:
        raise UnknownGame(game_id)
    kept = db.execute("select setup_cards from game_cards where game_id = ?", [game_id]).fetchone()
    actions = [json.loads(row[0]) for row in rows]
    actions[0] = join_action(actions[0], json.loads(kept[0]) if kept else {})
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "name": game["name"],
        "exported": now(),
        "head": game["head"],
        "actions": actions,
    }


def quoted(value: str, limit: int = MAX_SHOWN) -> str:
    """A text as a refusal quotes it: at most ``limit`` characters."""
    return value if len(value) <= limit else value[:limit] + "…"


def depth(value: Any) -> int:
    """How deep lists and objects nest in a parsed value (walked without recursion)."""
    deepest = 0
    todo = [(value, 1)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, Mapping | list):
            if level > MAX_DEPTH:
                return level
            deepest = max(deepest, level)
            todo.extend(
                (child, level + 1)
                for child in (item.values() if isinstance(item, Mapping) else item)
            )
    return deepest


def parse_save(save: Mapping[str, Any] | str | bytes) -> dict[str, Any]:
    """The save file as a dict, or BadSaveFile when it is not a JSON object or nests too deep."""
    too_deep = BadSaveFile(N_("its brackets nest more than {most} levels deep"), most=MAX_DEPTH)
    if isinstance(save, str | bytes | bytearray):
        try:
            save = json.loads(save)
        except json.JSONDecodeError as exc:
            raise BadSaveFile(
                N_("it is not valid JSON (cut short or damaged?) at line {line}, column {column}"),
                line=exc.lineno,
                column=exc.colno,
            ) from None
        except UnicodeDecodeError:
            raise BadSaveFile(N_("it is not valid JSON (cut short or damaged?)")) from None
        except RecursionError:
            raise too_deep from None
    if not isinstance(save, Mapping):
        raise BadSaveFile(N_("it is not a JSON object"))
    if depth(save) > MAX_DEPTH:
        raise too_deep
    return dict(save)


def check_save(save: dict[str, Any]) -> tuple[str, list[Action], int]:
    """The name, actions and head of a save file, each checked; BadSaveFile says what is wrong."""
    if save.get("format") != FORMAT:
        raise BadSaveFile(N_("it is not a Dead of Winter companion game (no format marker)"))
    version = save.get("format_version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise BadSaveFile(N_("its format_version is missing or not a whole number"))
    if version > FORMAT_VERSION:
        raise BadSaveFile(
            N_("it was made by a newer companion (format {version})"), version=version
        )
    name = save.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise BadSaveFile(N_("its name must be text of 1 to {most} characters"), most=MAX_NAME)
    actions = save.get("actions")
    if not isinstance(actions, list) or not actions:
        raise BadSaveFile(N_("it has no action log"))
    if len(actions) > MAX_ACTIONS:
        raise BadSaveFile(N_("its log is longer than {most} actions"), most=MAX_ACTIONS)
    for number, action in enumerate(actions, start=1):
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise BadSaveFile(
                N_("action {number} is not an action (a JSON object with a type)"), number=number
            )
    if actions[0]["type"] != "new_game":
        raise BadSaveFile(N_("its log does not start with a new_game action"))
    head = save.get("head")
    if isinstance(head, bool) or not isinstance(head, int) or not 1 <= head <= len(actions):
        raise BadSaveFile(N_("its head must be a whole number from 1 to {most}"), most=len(actions))
    return clean_name(name), actions, head


def replay_rows(actions: list[Action], apply: Apply) -> list[tuple[Action, list[Step], State]]:
    """Every action replayed from nothing, with the steps and state each one gives.

    An action the rules refuse (RuleError, which the engine raises for any action it cannot
    read, too) refuses the file; any other error is a bug of the engine and goes on as itself.
    """
    rows: list[tuple[Action, list[Step], State]] = []
    state: State | None = None
    for number, action in enumerate(actions, start=1):
        try:
            state, steps = apply(state, action)
        except RuleError as exc:
            kind = quoted(action["type"])
            raise BadSaveFile(
                N_("action {number} ({kind}) is refused by the rules: {why}"),
                cause=exc,
                number=number,
                kind=kind,
                why=quoted(str(exc), MAX_REASON),
            ) from None
        rows.append((action, steps, state))
    return rows


def import_game(
    db: Database, save: Mapping[str, Any] | str | bytes, *, apply: Apply = engine_apply
) -> str:
    """Load a save file as a new game, rebuilding every state by replay; return its id."""
    name, actions, head = check_save(parse_save(save))
    rows = replay_rows(actions, apply)
    with write_transaction(db):
        return insert_game(db, name, rows, head=head)
